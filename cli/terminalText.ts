/**
 * Stored data printed to a terminal must not drive it: an ESC sequence in a lead's category or
 * email could clear the screen, retitle the window or hide text, and bidi controls reorder what
 * is shown. These helpers show every such character as a visible \uXXXX escape instead.
 */

/** C0 controls, DEL, C1 controls (U+009B is a one-byte CSI), line/paragraph separators and bidi controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** What JSON.stringify leaves raw inside strings (it escapes C0 itself; raw newlines are its layout). */
const UNSAFE_IN_JSON = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** `text` for a table cell: every unsafe character shown as \uXXXX. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** Like terminalSafe, but line breaks stay line breaks (CRLF and CR become LF): multi-line text in a CSV cell. */
export function terminalSafeLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').split('\n').map(terminalSafe).join('\n');
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls but leaves C1 and bidi controls raw;
 * those become \uXXXX escapes too, so the output parses back to the same values.
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, escape);
}

function escape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
