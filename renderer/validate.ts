/**
 * validate stage: parsed record / stock feed -> typed values, or diagnostics that say what is
 * wrong, where (file:line:col + JSON pointer) and what to do.
 *
 * Ajv's raw errors are translated here: regexes become words (schema `x-message`/`x-hint`),
 * anyOf cascades collapse into one message, an unknown key gets a 'did you mean' over the keys
 * its schema object allows, and checks a schema cannot express (duplicate slugs and ids,
 * postcode length by region, unknown template) run after the schema.
 */
import type { ErrorObject } from 'ajv';
import type { DealerRecord } from '../domain/site.ts';
import { isSafeUrl } from '../domain/safeUrl.ts';
import { brandPath, carPath, contactLocationPath, infoPath, locationPath, makeSearchPath, modelPath, normalisePath } from '../domain/routes/paths.ts';
import { overlongPathSegment } from '../domain/routes/pathSegments.ts';
import { isSold } from '../domain/visibility.ts';
import type { CarRecord } from '../domain/types.ts';
import { isRegion, regionSettings } from '../domain/region.ts';
import { DEFAULT_REGION, REGION_TABLE } from '../domain/regionTable.ts';
import { HINT_KEYWORD, MESSAGE_KEYWORD, schemaValidators } from '../schema/index.ts';
import { closestMatch, compareDiagnostics, type Diagnostic, type Severity } from './diagnostic.ts';
import { DEFAULT_INPUT_LIMITS, limitName, raiseHint } from './inputLimits.ts';
import { pointerSegments, toPointer, type LocateTarget, type ParsedDocument } from './parse.ts';
import { longestOutName } from './swap.ts';
import { carTrustProblems, recordTrustProblems, type OperatorEnv } from './recordTrust.ts';

/** A schema problem in words, before it is placed in a file. */
export interface Problem {
  pointer: string;
  message: string;
  hint?: string;
  code: string;
  target: LocateTarget;
}

/** The record schemas' validators, with the safe-URL rule of domain/safeUrl.ts (compiled on first use). */
export const recordValidators = schemaValidators({ formats: { 'safe-url': isSafeUrl } });

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

function describeValue(value: unknown): string {
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
function problemOf(error: ErrorObject): Problem {
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
export function problemsFromAjv(errors: readonly ErrorObject[]): Problem[] {
  const kept: ErrorObject[] = [];
  const collapsed = new Map<ErrorObject, Problem>();
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
  const problems: Problem[] = [];
  for (const error of kept) {
    const problem = collapsed.get(error) ?? problemOf(error);
    const key = problem.pointer + '\u0000' + problem.message;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/** Places problems in the parsed file as diagnostics. */
function place({
  parsed,
  problems,
  severity,
  prefix = '',
  messagePrefix = '',
}: {
  parsed: ParsedDocument;
  problems: readonly Problem[];
  severity: Severity;
  prefix?: string;
  messagePrefix?: string;
}): Diagnostic[] {
  return problems.map((p) => {
    const pointer = prefix + p.pointer;
    const at = parsed.locate({ pointer, target: p.target });
    const message = messagePrefix ? `${messagePrefix}${p.pointer || '/'} ${p.message}` : p.message;
    return { file: parsed.file, ...at, pointer, message, hint: p.hint, severity, code: p.code };
  });
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Reports later entries of `items` whose `field` repeats an earlier one. */
function duplicates({ items, base, field, what, hint }: { items: unknown[]; base: string; field: string; what: string; hint: string }): Problem[] {
  const first = new Map<unknown, number>();
  const problems: Problem[] = [];
  items.forEach((item, index) => {
    if (!isObject(item) || item[field] === undefined || item[field] === null) return;
    const value = item[field];
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, index);
    else
      problems.push({
        pointer: `${base}/${index}/${field}`,
        code: 'duplicate',
        target: 'value',
        message: `duplicate ${what} ${JSON.stringify(value)} (also ${base}/${earlier}/${field})`,
        hint,
      });
  });
  return problems;
}

/** The postcode rule the schema cannot express: the record's region's (domain/regionTable.ts). */
function postcodeProblem({ pointer, postcode, region }: { pointer: string; postcode: unknown; region: string }): Problem[] {
  if (typeof postcode !== 'string' || !/^[0-9]{4}([0-9](-[0-9]{4})?)?$/.test(postcode)) return []; // the schema already said so
  const code = isRegion(region) ? region : DEFAULT_REGION;
  const rule = regionSettings(code).postcode;
  if (new RegExp(rule.pattern).test(postcode)) return [];
  const others = Object.values(REGION_TABLE).filter((row) => row.postcode.pattern !== rule.pattern && new RegExp(row.postcode.pattern).test(postcode));
  const instead = others.length ? `; for a ${others[0].postcode.label} set region: ${others[0].region}` : '';
  return [
    {
      pointer,
      code: 'postcode',
      target: 'value',
      message: rule.record_message,
      hint: `${code} records (region: ${code}) use a ${rule.label} like "${rule.example}"${instead}.`,
    },
  ];
}

/** A value that becomes a path segment too long for a file name (domain/routes/pathSegments.ts). */
function pathSegmentProblem({ pointer, path }: { pointer: string; path: string }): Problem[] {
  const long = overlongPathSegment(path);
  if (!long) return [];
  const shown = long.segment.length > 40 ? `${long.segment.slice(0, 37)}...` : long.segment;
  return [
    {
      pointer,
      code: 'path-too-long',
      target: 'value',
      message: `becomes the path segment "${shown}" of ${long.bytes} bytes; a file name holds at most ${long.max}`,
      hint: `Shorten it to at most ${long.max} bytes: each part of a page's path is a folder name in the built site.`,
    },
  ];
}

/** The record's values that become path segments of its pages (or of its output folder), each checked through its path builder. */
function recordPathProblems(value: Json): Problem[] {
  const text = (v: unknown): v is string => typeof v === 'string';
  const checks: { pointer: string; path: string }[] = [];
  if (text(value.slug)) checks.push({ pointer: '/slug', path: longestOutName({ slug: value.slug }) });
  list(value.models).forEach((model, i) => {
    if (isObject(model) && text(model.slug)) checks.push({ pointer: `/models/${i}/slug`, path: modelPath({ slug: model.slug }) });
  });
  list(value.locations).forEach((location, i) => {
    if (!isObject(location)) return;
    if (text(location.name)) checks.push({ pointer: `/locations/${i}/name`, path: contactLocationPath({ location: { name: location.name } }) });
    for (const field of ['slug', 'dealership_slug'] as const) {
      const slug = location[field];
      if (text(slug))
        checks.push({ pointer: `/locations/${i}/${field}`, path: locationPath({ paths: { location_by: field }, location: { slug, dealership_slug: slug } }) });
    }
  });
  list(value.pages).forEach((page, i) => {
    if (isObject(page) && text(page.path)) checks.push({ pointer: `/pages/${i}/path`, path: infoPath({ page: { path: page.path } }) });
  });
  const paths = isObject(value.paths) ? value.paths : {};
  for (const field of ['favourites', 'finance', 'contact'] as const) {
    const path = paths[field];
    if (text(path)) checks.push({ pointer: `/paths/${field}`, path: normalisePath(path) });
  }
  list(paths.extra_search_paths).forEach((path, i) => {
    if (text(path)) checks.push({ pointer: `/paths/extra_search_paths/${i}`, path: normalisePath(path) });
  });
  if (text(value.default_search_path)) checks.push({ pointer: '/default_search_path', path: normalisePath(value.default_search_path) });
  list(value.dealership_websites).forEach((website, i) => {
    if (isObject(website) && text(website.make)) checks.push({ pointer: `/dealership_websites/${i}/make`, path: brandPath({ make: website.make }) });
  });
  return checks.flatMap(pathSegmentProblem);
}

/** A stock row's values that become path segments: its slug (/cars/{slug}), make and model (/search/{make}/{model}, /brands/{make}). */
function carPathProblems(car: CarRecord): Problem[] {
  return [
    ...pathSegmentProblem({ pointer: '/slug', path: carPath({ slug: car.slug }) }),
    ...pathSegmentProblem({ pointer: '/make', path: brandPath({ make: car.make }) }),
    ...(car.model ? pathSegmentProblem({ pointer: '/model', path: makeSearchPath({ make: 'make', model: car.model }) }) : []),
  ];
}

/** Checks a schema cannot express. Runs on whatever parsed, so it must tolerate any shape. */
export function crossFieldProblems({ value, templates }: { value: unknown; templates?: readonly string[] }): Problem[] {
  if (!isObject(value)) return [];
  const problems: Problem[] = [];
  const region = typeof value.region === 'string' ? value.region : DEFAULT_REGION;
  const locations = list(value.locations);

  if (isObject(value.address)) problems.push(...postcodeProblem({ pointer: '/address/postcode', postcode: value.address.postcode, region }));
  locations.forEach((location, i) => {
    if (isObject(location) && isObject(location.address))
      problems.push(...postcodeProblem({ pointer: `/locations/${i}/address/postcode`, postcode: location.address.postcode, region }));
  });

  problems.push(
    ...duplicates({
      items: locations,
      base: '/locations',
      field: 'slug',
      what: 'location slug',
      hint: 'Each location needs its own slug: it is its /locations/{slug} URL.',
    }),
  );
  problems.push(...duplicates({ items: locations, base: '/locations', field: 'id', what: 'location id', hint: 'Each location needs its own id.' }));
  problems.push(
    ...duplicates({
      items: list(value.models),
      base: '/models',
      field: 'slug',
      what: 'model slug',
      hint: 'Each model needs its own slug: it is its /models/{slug} URL.',
    }),
  );
  problems.push(...duplicates({ items: list(value.pages), base: '/pages', field: 'path', what: 'page path', hint: 'Two pages cannot share one URL.' }));
  problems.push(
    ...duplicates({
      items: list(value.dealership_websites),
      base: '/dealership_websites',
      field: 'slug',
      what: 'dealership website slug',
      hint: 'List each dealership website once.',
    }),
  );

  // Sibling navigation items need distinct _key values (they key menus and their state).
  const navKeys = (items: unknown, base: string): void => {
    problems.push(...duplicates({ items: list(items), base, field: '_key', what: 'navigation _key', hint: 'Give each item of one menu its own _key.' }));
    list(items).forEach((item, i) => {
      if (!isObject(item)) return;
      navKeys(item.dropdownItems, `${base}/${i}/dropdownItems`);
      list(item.dropdownMenus).forEach((menu, m) => isObject(menu) && navKeys(menu.items, `${base}/${i}/dropdownMenus/${m}/items`));
    });
  };
  if (isObject(value.navigation)) {
    navKeys(value.navigation.header, '/navigation/header');
    navKeys(value.navigation.footer, '/navigation/footer');
  }

  if (templates && typeof value.template === 'string' && value.template !== '' && !templates.includes(value.template)) {
    const suggestion = closestMatch({ word: value.template, candidates: templates });
    problems.push({
      pointer: '/template',
      code: 'unknown-template',
      target: 'value',
      message: `unknown template ${JSON.stringify(value.template)}`,
      hint: suggestion ? `did you mean "${suggestion}"?` : `Use one of: ${templates.join(', ')} (files in templates/).`,
    });
  }

  problems.push(...recordPathProblems(value));

  const configLocations = isObject(value.config) ? list(value.config.locations) : [];
  const locationIds = new Set(locations.filter(isObject).map((l) => l.id));
  configLocations.forEach((id, i) => {
    if (typeof id === 'number' && !locationIds.has(id))
      problems.push({
        pointer: `/config/locations/${i}`,
        code: 'unknown-location',
        target: 'value',
        message: `location id ${id} is not one of /locations`,
        hint: 'List only ids of locations defined under locations:.',
      });
  });
  return problems;
}

/** Result of validating a dealer record. */
export interface RecordValidation {
  /** The record when it has no errors, else null. */
  record: DealerRecord | null;
  diagnostics: Diagnostic[];
}

/**
 * Validates a parsed dealer record: syntax diagnostics, then the schema, then cross-field checks.
 * Diagnostics come back in file order.
 * `templates` (the names of templates/*.yaml) enables the unknown-template check; `env` is the
 * operator's (renderer/recordTrust.ts).
 */
export function validateRecord({
  parsed,
  templates,
  env = process.env,
}: {
  parsed: ParsedDocument;
  templates?: readonly string[];
  env?: OperatorEnv;
}): RecordValidation {
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (!parsed.ok) return { record: null, diagnostics };
  const validate = recordValidators.dealerRecord();
  const valid = validate(parsed.value);
  const problems = [...(valid ? [] : problemsFromAjv(validate.errors ?? [])), ...crossFieldProblems({ value: parsed.value, templates })];
  problems.push(...recordTrustProblems({ value: parsed.value, env }));
  diagnostics.push(...place({ parsed, problems, severity: 'error' }));
  diagnostics.sort(compareDiagnostics);
  const failed = diagnostics.some((d) => d.severity === 'error');
  return { record: failed ? null : (parsed.value as DealerRecord), diagnostics };
}

/** Removes the value at `pointer` from `root` (used to drop unknown fields from kept rows). */
function removeAt(root: unknown, segments: string[]): void {
  let node = root;
  for (const seg of segments.slice(0, -1)) node = isObject(node) || Array.isArray(node) ? (node as Json)[seg] : undefined;
  if (isObject(node)) delete node[segments[segments.length - 1]];
}

/** Result of validating a stock feed. */
export interface StockValidation {
  /** Rows that passed (unknown fields removed), in feed order. */
  cars: CarRecord[];
  /** One warning per problem of a skipped or trimmed row; an error when the feed itself is unusable. */
  diagnostics: Diagnostic[];
  /** Number of rows skipped. */
  skipped: number;
}

/**
 * Validates a parsed stock feed row by row: a bad car is skipped with warnings naming its index
 * and id ("/37 car id 9123: /price must be number"); a row whose only problem is an unknown field
 * is kept without that field. Duplicate ids and slugs keep the first row.
 */
export function validateStock({
  parsed,
  severity = 'warning',
  maxCars = DEFAULT_INPUT_LIMITS.cars,
}: {
  parsed: ParsedDocument;
  severity?: Severity;
  /** More rows than this refuse the whole feed (before any row is checked). */
  maxCars?: number;
}): StockValidation {
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (!parsed.ok) return { cars: [], diagnostics, skipped: 0 };
  if (!Array.isArray(parsed.value)) {
    const at = parsed.locate({ pointer: '' });
    diagnostics.push({
      file: parsed.file,
      ...at,
      pointer: '',
      severity: 'error',
      code: 'type',
      message: `must be a list of cars, found ${describeValue(parsed.value)}`,
      hint: 'A stock feed is a JSON array: [ {car}, {car}, ... ].',
    });
    return { cars: [], diagnostics, skipped: 0 };
  }
  if (parsed.value.length > maxCars) {
    const pointer = `/${maxCars}`;
    diagnostics.push({
      file: parsed.file,
      ...parsed.locate({ pointer }),
      pointer,
      severity: 'error',
      code: 'too-many-cars',
      message: `lists ${parsed.value.length} cars, over ${limitName('cars', maxCars)}; this is the first car past it`,
      hint: raiseHint('cars'),
    });
    return { cars: [], diagnostics, skipped: 0 };
  }
  const validate = recordValidators.car();
  const cars: CarRecord[] = [];
  const seenIds = new Map<unknown, number>();
  const seenSlugs = new Map<unknown, number>();
  let skipped = 0;
  /** Problems when a row repeats an earlier row's id or slug (the earlier row wins). */
  const duplicateProblems = (car: CarRecord): Problem[] =>
    (
      [
        ['id', seenIds],
        ['slug', seenSlugs],
      ] as const
    ).flatMap(([field, seen]) => {
      const earlier = seen.get(car[field]);
      return earlier === undefined
        ? []
        : [
            {
              pointer: `/${field}`,
              code: 'duplicate',
              target: 'value' as const,
              message: `duplicates the ${field} of row /${earlier}; row skipped`,
              hint: `Each car needs its own ${field}.`,
            },
          ];
    });
  parsed.value.forEach((row: unknown, index) => {
    const label = isObject(row) && (typeof row.id === 'number' || typeof row.id === 'string') ? `car id ${row.id}: ` : `car ${index}: `;
    const prefix = `/${index}`;
    const report = (problems: Problem[]): void => void diagnostics.push(...place({ parsed, problems, severity, prefix, messagePrefix: label }));
    const keep = (car: CarRecord): void => {
      const own = [...carPathProblems(car), ...carTrustProblems({ car })];
      const dup = [...duplicateProblems(car), ...own.map((p) => ({ ...p, hint: `${p.hint} This car is skipped until fixed.` }))];
      if (dup.length) {
        skipped++;
        report(dup);
        return;
      }
      seenIds.set(car.id, index);
      seenSlugs.set(car.slug, index);
      cars.push(car);
      if (isSold(car) && !car.sold_date)
        diagnostics.push(
          ...place({
            parsed,
            problems: [
              {
                pointer: car.sold === true ? '/sold' : '/status',
                code: 'sold-without-date',
                target: 'value',
                message: 'is sold but has no sold_date; the car is hidden because its sold window cannot be counted',
                hint: 'Add sold_date (the ISO date it was sold): the include_sold_cars_days window counts from it.',
              },
            ],
            severity: 'warning',
            prefix,
            messagePrefix: label,
          }),
        );
    };
    if (validate(row)) return keep(row);
    const problems = problemsFromAjv(validate.errors ?? []);
    if (isObject(row) && problems.every((p) => p.code === 'unknown-field')) {
      const trimmed = structuredClone(row);
      for (const p of problems) removeAt(trimmed, pointerSegments(p.pointer));
      if (validate(trimmed)) {
        report(problems.map((p) => ({ ...p, message: `${p.message} (ignored)` })));
        return keep(trimmed);
      }
    }
    skipped++;
    report(problems.map((p) => ({ ...p, hint: `${p.hint ?? ''} This car is skipped until fixed.`.trim() })));
  });
  return { cars, diagnostics, skipped };
}
