/**
 * Reading request bodies safely. PostgreSQL text and jsonb cannot hold a NUL character or a
 * lone UTF-16 surrogate, and a body nested thousands deep exhausts stacks; each used to end in
 * a 500. Here free text is cleaned (NUL removed, a lone surrogate becomes U+FFFD), field names
 * carrying either are refused naming the field, and nesting is bounded before parsing.
 */
import { HttpError, invalidFields } from './answer.ts';

/** Deepest nesting of objects and arrays a JSON body may have (a lead needs 4). */
export const MAX_JSON_DEPTH = 32;

/** Field names never accepted (they could reach an object's prototype). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Free text as PostgreSQL can store it: NUL removed, lone surrogates replaced by U+FFFD. */
export function cleanText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd');
}

/** True when `text` holds a C0 control character or DEL. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The problem with a field name, or null when it is fine. */
export function fieldNameProblem(name: string): string | null {
  if (name.includes('\u0000')) return 'field names must not contain a NUL character';
  if (LONE_SURROGATE.test(name)) {
    LONE_SURROGATE.lastIndex = 0;
    return 'field names must be valid Unicode text';
  }
  if (FORBIDDEN_KEYS.has(name)) return 'is not an accepted field name';
  return null;
}

/** A field name as it can be shown in an error (the problem characters made visible). */
export function printableName(name: string): string {
  return JSON.stringify(name).slice(1, -1);
}

/** Depth of the deepest array/object of a JSON text, counted without parsing it (stops past `limit`). */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * Parses a JSON request body: bounded depth, then cleaned values and checked field names. Throws
 * an HttpError (400) saying what is wrong.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new HttpError({ status: 400, message: 'The request body is empty' });
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new HttpError({ status: 400, message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError({ status: 400, message: 'The request body is not valid JSON', cause: error });
  }
  return cleanValue(value, '');
}

/** Cleans every string of a parsed value; refuses bad field names (naming the path). Depth is already bounded. */
export function cleanValue(value: unknown, path: string): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, path));
  if (typeof value !== 'object' || value === null) return value;
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${printableName(key)}` : printableName(key);
    const problem = fieldNameProblem(key);
    if (problem) throw invalidFields({ [field]: problem });
    clean[key] = cleanValue(item, path === '' && key === 'lead' ? '' : field);
  }
  return clean;
}
