/**
 * CSV that is safe to open in a spreadsheet (OWASP CSV injection). A cell that starts with = + - @
 * (or a tab or carriage return) would be run as a formula (`=HYPERLINK(...)`, `=cmd|...`); such a
 * text cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 * Spreadsheets also skip leading spaces and line breaks, and some read the fullwidth forms
 * (`＝1+1`) as the ASCII ones, so the test is made on the text after Unicode NFKC
 * normalisation and without its leading whitespace too. Numbers are written as numbers.
 */

/** Leading characters that make a spreadsheet read a cell as a formula (U+2212 is the minus sign). */
const FORMULA_START = /^[=+\-@\t\r\u2212]/;

/** Whitespace and control characters a spreadsheet may skip before the first character it reads. */
// eslint-disable-next-line no-control-regex
const LEADING_BLANKS = /^[\s\u0000-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF]+/;

/** A text cell as a spreadsheet should show it: prefixed with ' when it would start a formula. */
export function neutraliseFormula(text: string): string {
  const read = text.normalize('NFKC');
  return FORMULA_START.test(text) || FORMULA_START.test(read) || FORMULA_START.test(read.replace(LEADING_BLANKS, '')) ? `'${text}` : text;
}

/** One CSV document (RFC 4180: CRLF rows, every text cell quoted, quotes doubled). */
export function spreadsheetCsv({ header, rows }: { header: readonly string[]; rows: readonly (readonly (string | number | null | undefined)[])[] }): string {
  const cell = (value: string | number | null | undefined) => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return `"${neutraliseFormula(value === null || value === undefined ? '' : String(value)).replace(/"/g, '""')}"`;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
