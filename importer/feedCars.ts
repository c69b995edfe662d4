/**
 * A feed's bytes to its cars: decoded, parsed, checked against the mapping's columns and mapped
 * row by row. The parsed rows live only inside this call, so a large feed's cells are freed
 * before the new stock is built.
 */
import { decodeFeed, parseFeed } from './feedRows.ts';
import type { FieldRule } from './fieldSpec.ts';
import { mapRows, type FeedCar, type RejectedRow } from './mapRows.ts';

/** The feed's cars and rejected rows, or why the mapping does not fit the feed. */
export type FeedCars =
  { ok: true; cars: FeedCar[]; rejected: RejectedRow[]; heldKeys: Set<string>; rowsRead: number } | { ok: false; problem: string; rowsRead: number };

/** Reads the cars of a feed's bytes (throws FeedParseError when they cannot be parsed at all). */
export function feedCars({
  bytes,
  encoding,
  format,
  records,
  rules,
  timeZone,
  source,
}: {
  bytes: Uint8Array;
  encoding: string;
  format: 'csv' | 'tsv' | 'xml' | 'json';
  records: string | null;
  rules: readonly FieldRule[];
  timeZone: string;
  source: string;
}): FeedCars {
  const parsed = parseFeed({ text: decodeFeed({ bytes, encoding }), format, records });
  const rowsRead = parsed.rows.length + parsed.broken.length;
  const tabular = format === 'csv' || format === 'tsv';
  const known = new Set(parsed.columns);
  const unknown = rules.filter((rule) => rule.column && !known.has(rule.column)).map((rule) => `"${rule.column}" (${rule.field})`);
  // A CSV's header names its columns even without rows; XML and JSON rows show theirs only when there are some.
  if (unknown.length > 0 && (parsed.rows.length > 0 || tabular))
    return {
      ok: false,
      rowsRead,
      problem: `feed.map names ${unknown.length === 1 ? 'a column' : 'columns'} ${source} does not have: ${unknown.join(', ')}. Its ${tabular ? 'header row' : 'rows have'}: ${parsed.columns.join(', ')}`,
    };
  return { ok: true, rowsRead, ...mapRows({ parsed, rules, timeZone }) };
}
