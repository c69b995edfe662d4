/**
 * JSON for inline <script> blocks (JSON-LD, island props).
 *
 * Escapes characters, not patterns (docs/architecture.md): `<`, `>` and `&` become \u escapes so no string
 * from a record or feed can close the script or open a comment, and U+2028/U+2029 are escaped
 * because older JavaScript parsers treat them as line terminators.
 */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON.stringify for embedding inside an HTML <script> element. */
export function toInlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch]);
}

/** Freezes `value` and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** The inline JSON of each frozen value written so far (a value deepFreeze froze cannot change). */
const frozenJson = new WeakMap<object, string>();

/**
 * toInlineJson, made once per frozen object: the site-wide JSON-LD (renderer/siteData.ts freezes
 * it with deepFreeze) is the same objects on every page of a build. Pass only values frozen all
 * the way down; anything not frozen is written afresh each time.
 */
export function inlineJsonOnce(value: object): string {
  if (!Object.isFrozen(value)) return toInlineJson(value);
  let json = frozenJson.get(value);
  if (json === undefined) frozenJson.set(value, (json = toInlineJson(value)));
  return json;
}
