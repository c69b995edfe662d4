/**
 * Diagnostics quote what they found (a key, a value, a pointer); a record can hold a 900 KB key,
 * and a report that echoes it whole buries every other problem and fills CI logs. Any value over
 * MAX_SHOWN_CHARS characters is cut there, with its full length shown.
 */
import type { Diagnostic } from './diagnostic.ts';

/** The most characters of one value a diagnostic shows. */
export const MAX_SHOWN_CHARS = 200;

/** A value this file cut before (a diagnostic is bounded when collected and again when printed). */
const ALREADY_CUT = new RegExp(`^[^]{${MAX_SHOWN_CHARS - 1},${MAX_SHOWN_CHARS}}\\.\\.\\. \\(\\d+ characters\\)$`);

/** `text` itself, or its first MAX_SHOWN_CHARS characters and its length. */
export function cutValue(text: string): string {
  if (text.length <= MAX_SHOWN_CHARS || ALREADY_CUT.test(text)) return text;
  // Never end on half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[MAX_SHOWN_CHARS - 1]) ? MAX_SHOWN_CHARS - 1 : MAX_SHOWN_CHARS;
  return `${text.slice(0, end)}... (${text.length} characters)`;
}

/** Cuts each long quoted string and each long run without spaces in a message. */
export function cutLongValues(text: string): string {
  if (text.length <= MAX_SHOWN_CHARS) return text;
  // A run cut before keeps its '(N characters)', so cutting twice changes nothing.
  return text.replace(/"((?:[^"\\]|\\.)*)"|[^\s"]+(?: \(\d+ characters\))?/g, (value, quoted: string | undefined) =>
    quoted === undefined ? cutValue(value) : `"${cutValue(quoted)}"`,
  );
}

/** A diagnostic whose pointer segments, message and hint show no value longer than MAX_SHOWN_CHARS. */
export function boundedDiagnostic(d: Diagnostic): Diagnostic {
  const pointer = d.pointer.length > MAX_SHOWN_CHARS ? d.pointer.split('/').map(cutValue).join('/') : d.pointer;
  return { ...d, pointer, message: cutLongValues(d.message), hint: d.hint === undefined ? undefined : cutLongValues(d.hint) };
}
