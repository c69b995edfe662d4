/**
 * JSON for inline <script> blocks (JSON-LD, island props).
 *
 * Escapes characters, not patterns (DESIGN.md): `<`, `>` and `&` become \u escapes so no string
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
