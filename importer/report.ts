/**
 * The rejected-row report: one line a row, `inventory.csv:row 17:"Internet Price"  "$2O,990"  not a number`,
 * at most `limit` printed and a count of the rest.
 */
import type { RejectedRow } from './mapRows.ts';

/** How many rejected rows are printed before the rest are counted. */
export const REJECTED_PRINTED = 20;

/** One rejected row as its report line. */
export function rejectedLine({ source, rejected }: { source: string; rejected: RejectedRow }): string {
  const { row, column, value, reason } = rejected;
  return column ? `${source}:row ${row}:"${column}"  "${value}"  ${reason}` : `${source}:row ${row}:  ${reason}`;
}

/** The report lines of `rejected`: the first `limit`, then 'and N more rejected rows'. */
export function rejectedReport({ source, rejected, limit = REJECTED_PRINTED }: { source: string; rejected: readonly RejectedRow[]; limit?: number }): string[] {
  const lines = rejected.slice(0, limit).map((row) => rejectedLine({ source, rejected: row }));
  const rest = rejected.length - limit;
  if (rest > 0) lines.push(`${source}: and ${rest} more rejected row${rest === 1 ? '' : 's'}`);
  return lines;
}
