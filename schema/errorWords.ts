/**
 * Ajv's errors in words: the one place a schema error becomes a message, for both readers of one.
 *
 * - `problemsFromAjv`, for a record or stock feed's author (the validate stage places each in its
 *   file): regexes become words (the schema's `x-message`/`x-hint`), anyOf cascades collapse into
 *   one message, an unknown key gets a 'did you mean' over the keys its schema object allows, and
 *   each problem carries a hint that says what to change in the YAML.
 * - `fieldErrors`, for the lead API's client: {field: message}, terse, and never echoing the value
 *   that was sent (it may be anything).
 */
import type { ErrorObject } from 'ajv';
import { closestMatch } from './closestMatch.ts';
import { HINT_KEYWORD, MESSAGE_KEYWORD } from './index.ts';
import { pointerSegments, toPointer } from './jsonPointer.ts';

/** A schema problem in words, before it is placed in a file. */
export interface SchemaProblem {
  pointer: string;
  message: string;
  hint?: string;
  code: string;
  /** Whether the problem is at the key (a missing or unknown field) or at its value. */
  target: 'key' | 'value';
}

const FORMAT_MESSAGES: Record<string, { message: string; hint: string }> = {
  'safe-url': {
    message: 'must be a safe URL: http(s), tel, mailto or a site-relative path',
    hint: 'Use https://..., tel:..., mailto:... or a path starting with a single "/"; javascript:, data: and //host URLs are not allowed (browsers drop tabs and newlines and read "\\" as "/", so "/<tab>/host" is //host).',
  },
  'iso-date': {
    message: 'must be an ISO date like 2025-06-01 or 2025-06-01T09:30:00+10:00',
    hint: 'Write the date as YYYY-MM-DD, optionally followed by a time.',
  },
  date: { message: 'must be a date YYYY-MM-DD', hint: 'Write the date as YYYY-MM-DD, e.g. "2025-06-09".' },
  email: { message: 'must be an email address', hint: 'Write an address like sales@example.com.' },
};

/** A value as the hint names it: 'null', 'a list', 'a mapping', the text "..." (cut at 40) or 'number 5'. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 37) + '...' : value)}`;
  return `${typeof value} ${String(value)}`;
}

function typeNames(type: unknown): string[] {
  return (Array.isArray(type) ? type : [type]).map(String);
}

/** What to do when a value has the wrong type, from what it is and what was wanted. */
function typeHint(data: unknown, wanted: string[]): string {
  if (wanted.includes('string') && typeof data === 'number')
    return 'Quote the value (e.g. "0298765432") so YAML reads it as text; unquoted numbers lose their leading zeros.';
  if (
    (wanted.includes('number') || wanted.includes('integer')) &&
    typeof data === 'string' &&
    data.trim() !== '' &&
    !Number.isNaN(Number(data.replace(/[$,]/g, '')))
  )
    return `Write the number without quotes, $ or commas: ${Number(data.replace(/[$,]/g, ''))}.`;
  if (wanted.includes('integer') && typeof data === 'number') return 'Use a whole number.';
  if (wanted.includes('boolean') && typeof data === 'string') return 'Write true or false without quotes (YAML 1.2 reads yes/no/on/off as text).';
  if (wanted.includes('array') && data !== null && typeof data === 'object') return 'Write a list: one "- item" per line.';
  if (wanted.includes('object') && Array.isArray(data)) return 'Write a mapping of "key: value" lines, not a list.';
  return `Found ${describeValue(data)}; change it to ${wanted.map((t) => (t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t)).join(' or ')}.`;
}

function formatChoice(value: unknown): string {
  return value === null ? 'null' : JSON.stringify(value);
}

/** Translates one ajv error into words. */
function problemOf(error: ErrorObject): SchemaProblem {
  const base = error.instancePath;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const customMessage = typeof parent[MESSAGE_KEYWORD] === 'string' ? (parent[MESSAGE_KEYWORD] as string) : undefined;
  const customHint = typeof parent[HINT_KEYWORD] === 'string' ? (parent[HINT_KEYWORD] as string) : undefined;
  switch (error.keyword) {
    case 'required': {
      const field = String(error.params.missingProperty);
      return {
        pointer: base + toPointer([field]),
        code: 'required',
        target: 'key',
        message: 'is required',
        hint: `Add the field "${field}"${base ? ` to ${base}` : ''}.`,
      };
    }
    case 'additionalProperties': {
      const field = String(error.params.additionalProperty);
      const allowed = Object.keys((parent.properties as Record<string, unknown> | undefined) ?? {});
      const suggestion = closestMatch({ word: field, candidates: allowed });
      const listed = allowed.length > 12 ? allowed.slice(0, 12).join(', ') + ', ...' : allowed.join(', ');
      return {
        pointer: base + toPointer([field]),
        code: 'unknown-field',
        target: 'key',
        message: 'is not a known field',
        hint: suggestion ? `did you mean "${suggestion}"?` : allowed.length ? `Remove it, or use one of: ${listed}.` : 'Remove it.',
      };
    }
    case 'type': {
      const wanted = typeNames(error.params.type);
      return { pointer: base, code: 'type', target: 'value', message: `must be ${wanted.join(' or ')}`, hint: typeHint(error.data, wanted) };
    }
    case 'enum':
    case 'const': {
      const choices: unknown[] = error.keyword === 'enum' ? (error.params.allowedValues as unknown[]) : [error.params.allowedValue];
      const strings = choices.filter((c): c is string => typeof c === 'string');
      const suggestion = typeof error.data === 'string' ? closestMatch({ word: error.data, candidates: strings }) : undefined;
      return {
        pointer: base,
        code: 'enum',
        target: 'value',
        message: choices.length === 1 ? `must be ${formatChoice(choices[0])}` : `must be one of: ${choices.map(formatChoice).join(', ')}`,
        hint: suggestion ? `did you mean "${suggestion}"?` : `Found ${describeValue(error.data)}.`,
      };
    }
    case 'pattern':
      return {
        pointer: base,
        code: 'pattern',
        target: 'value',
        message: customMessage ?? `must match the pattern ${String(error.params.pattern)}`,
        hint: customHint ?? `Found ${describeValue(error.data)}.`,
      };
    case 'format': {
      const known = FORMAT_MESSAGES[String(error.params.format)];
      return {
        pointer: base,
        code: 'format',
        target: 'value',
        message: customMessage ?? known?.message ?? `must be a valid ${String(error.params.format)}`,
        hint: customHint ?? known?.hint ?? `Found ${describeValue(error.data)}.`,
      };
    }
    case 'minLength':
      if (error.params.limit === 1)
        return { pointer: base, code: 'empty', target: 'value', message: 'must not be empty', hint: 'Fill in a value or remove the field.' };
      break;
    default:
      break;
  }
  return {
    pointer: base,
    code: error.keyword,
    target: 'value',
    message: error.message ?? `fails ${error.keyword}`,
    hint: customHint ?? `Found ${describeValue(error.data)}.`,
  };
}

const depth = (pointer: string): number => pointerSegments(pointer).length;
const within = (pointer: string, base: string): boolean => pointer === base || pointer.startsWith(base + '/');

/**
 * Ajv errors -> problems, with anyOf/oneOf cascades collapsed: when some branch got further into
 * the value (its errors are deeper), that branch was clearly meant and only its errors are kept;
 * when every branch failed at the value itself, one "must be X or Y" message replaces them all.
 */
export function problemsFromAjv(errors: readonly ErrorObject[]): SchemaProblem[] {
  const kept: ErrorObject[] = [];
  const collapsed = new Map<ErrorObject, SchemaProblem>();
  for (const error of errors) {
    if (error.keyword === 'if') continue; // the failing then/else errors already say what is wrong
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      kept.push(error);
      continue;
    }
    // Ajv reports branch errors just before the anyOf error itself.
    const branch: ErrorObject[] = [];
    while (kept.length && within(kept[kept.length - 1].instancePath, error.instancePath) && !collapsed.has(kept[kept.length - 1])) branch.unshift(kept.pop()!);
    const deeper = branch.filter((e) => depth(e.instancePath) > depth(error.instancePath) || e.keyword === 'required' || e.keyword === 'additionalProperties');
    if (deeper.length) {
      kept.push(...deeper);
      continue;
    }
    const wanted = new Set<string>();
    for (const e of branch) {
      if (e.keyword === 'type') typeNames(e.params.type).forEach((t) => wanted.add(t));
      else if (e.keyword === 'enum') (e.params.allowedValues as unknown[]).forEach((v) => wanted.add(formatChoice(v)));
      else if (e.keyword === 'const') wanted.add(formatChoice(e.params.allowedValue));
    }
    const message = wanted.size ? `must be ${[...wanted].join(' or ')}` : 'does not match any of the allowed shapes';
    kept.push(error);
    collapsed.set(error, { pointer: error.instancePath, code: 'type', target: 'value', message, hint: `Found ${describeValue(error.data)}.` });
  }
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of kept) {
    const problem = collapsed.get(error) ?? problemOf(error);
    const key = problem.pointer + '\u0000' + problem.message;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/**
 * Ajv's errors as {field: message} for an API client. Field names are the path below the top
 * object, without list indexes or the `lead.` wrapper ("phone", "lead_attributes.visited_pages");
 * an error of the whole body is named "body".
 */
export function fieldErrors(errors: readonly ErrorObject[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    // anyOf reports each failed branch, then itself: its summary replaces the branch messages.
    if (error.keyword === 'anyOf') fields[field] = fieldMessage(error);
    else fields[field] ??= fieldMessage(error);
  }
  return fields;
}

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .filter((segment) => !/^\d+$/.test(segment));
  if (error.keyword === 'required') segments.push(String((error.params as { missingProperty: string }).missingProperty));
  if (segments[0] === 'lead' && segments.length > 1) segments.shift();
  return segments.length ? segments.join('.') : 'body';
}

function fieldMessage(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'type') return `must be ${withArticle((error.params as { type: string | string[] }).type)}`;
  if (error.keyword === 'anyOf') return 'has the wrong type or is out of range';
  // Never echo the value that was sent (it may be anything).
  if (error.keyword === 'enum') return 'is not one of the accepted values';
  return error.message ?? 'is invalid';
}

function withArticle(type: string | string[]): string {
  const names = (Array.isArray(type) ? type : [type]).map((t) =>
    t === 'integer' ? 'an integer' : t === 'object' ? 'an object' : t === 'array' ? 'a list' : t === 'null' ? 'null' : `a ${t}`,
  );
  return names.join(' or ');
}
