/**
 * The records as a spreadsheet (`forecourt leads --csv`, the inbox's CSV export): one row per
 * record, the same columns for every kind, formulas neutralised (domain/spreadsheetCsv.ts).
 */
import { spreadsheetCsv } from '../../domain/spreadsheetCsv.ts';
import type { AdminRecord } from './recordQuery.ts';

/** The columns, in order: header and how to read it from a record. */
export const RECORD_CSV_COLUMNS: readonly [string, (record: AdminRecord) => string | number | null][] = [
  ['kind', (r) => r.kind],
  ['id', (r) => r.id],
  ['created_at', (r) => r.created_at],
  ['website', (r) => r.website_slug],
  ['dealership', (r) => r.dealership_slug],
  ['category', (r) => r.category],
  ['subcategory', (r) => r.subcategory],
  ['status', (r) => r.status],
  ['name', (r) => r.name],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['car_id', (r) => r.car_id],
  ['offer_price', (r) => r.offer_price],
  ['payment_status', (r) => r.payment?.status ?? null],
  ['payment_amount', (r) => r.payment?.amount ?? null],
  ['payment_currency', (r) => r.payment?.currency ?? null],
  ['payment_reference', (r) => r.payment?.reference ?? null],
  ['message', (r) => text(r.payload.message ?? r.payload.comments)],
  ['page', (r) => text(r.payload.url)],
  ['deliveries', (r) => deliverySummary(r)],
];

/** "sales sent, crm failed (3 attempts)": each delivery of a record and where it stands. */
export function deliverySummary(record: AdminRecord): string {
  return record.deliveries
    .map((d) => `${d.destination} ${d.status}${d.status === 'failed' ? ` (${d.attempts} attempt${d.attempts === 1 ? '' : 's'})` : ''}`)
    .join(', ');
}

/** The CSV document; `clean` transforms every text cell first (the terminal's escaping). */
export function recordCsv({ records, clean = (value) => value }: { records: AdminRecord[]; clean?: (value: string) => string }): string {
  return spreadsheetCsv({
    header: RECORD_CSV_COLUMNS.map(([name]) => name),
    rows: records.map((record) =>
      RECORD_CSV_COLUMNS.map(([, read]) => {
        const value = read(record);
        return typeof value === 'string' ? clean(value) : value;
      }),
    ),
  });
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
