/**
 * CSV that is safe to open in a spreadsheet. A cell that starts with = + - @ (or a tab or
 * carriage return, which some spreadsheets skip before looking) would be run as a formula
 * (CSV injection: `=HYPERLINK(...)`, `=cmd|...`); such a text cell gets a leading apostrophe, which
 * spreadsheets show as text and do not evaluate. Numbers are written as numbers.
 */

/** Leading characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet should show it: prefixed with ' when it would start a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV document (RFC 4180: CRLF rows, every text cell quoted, quotes doubled). */
export function spreadsheetCsv({ header, rows }: { header: readonly string[]; rows: readonly (readonly (string | number | null | undefined)[])[] }): string {
  const cell = (value: string | number | null | undefined) => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return `"${neutraliseFormula(value === null || value === undefined ? '' : String(value)).replace(/"/g, '""')}"`;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
