/**
 * Feed rows to Car values by the mapping's rules. A row with a value that cannot be read, a
 * missing make, model, year or identity (VIN, else stock number), a photo that is not an http(s)
 * URL, or the VIN of an earlier row is rejected with the column, the text and the reason.
 */
import type { FeedRow, ParsedFeed } from './feedRows.ts';
import { fillTemplate, readField, type FieldRule } from './fieldSpec.ts';

/** A row's car values, keyed by its identity. */
export interface FeedCar {
  row: number;
  /** 'vin:<VIN>' or 'stock:<stock number>': what ties the row to the car of the last import. */
  key: string;
  values: Record<string, unknown>;
}

/** One rejected row: where, what text, why. */
export interface RejectedRow {
  row: number;
  column: string;
  value: string;
  reason: string;
}

/** The identity of a car: its VIN (spaces dropped, upper case), else its stock number. */
export function carKey({ vin, stocknum }: { vin?: unknown; stocknum?: unknown }): string | null {
  const cleanVin = typeof vin === 'string' ? vin.replace(/\s+/g, '').toUpperCase() : '';
  if (cleanVin) return `vin:${cleanVin}`;
  const stock = typeof stocknum === 'string' || typeof stocknum === 'number' ? String(stocknum).trim() : '';
  return stock ? `stock:${stock}` : null;
}

const ENUMS: Record<string, readonly string[]> = {
  car_type: ['new', 'used', 'demo'],
  status: ['in_stock', 'coming_soon', 'sold'],
  item_type: ['car', 'rv', 'motorcycle', 'truck', 'rental', 'subscription'],
};

/** Car fields the schema never allows to be null (schema/car.schema.json). */
const NOT_NULL = new Set([
  'name',
  'make',
  'model',
  'year',
  'car_type',
  'item_type',
  'status',
  'created_at',
  'price',
  'reserved',
  'certified',
  'preorder',
  'show_on_dealer_website',
  'images',
  'features',
  'custom_rank',
]);

const URL_FIELDS = new Set(['images', 'primary_image_url', 'file']);

const isHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const cellText = (cell: string | string[] | undefined): string => (Array.isArray(cell) ? cell.join(', ') : (cell ?? ''));

/** Reads one row: its values, or the first problem found. */
function mapRow({ row, rules, timeZone }: { row: FeedRow; rules: readonly FieldRule[]; timeZone: string }): { values: Record<string, unknown> } | RejectedRow {
  const values: Record<string, unknown> = {};
  const columnOf: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.column) {
      if (!rule.template && rule.fallback !== undefined) values[rule.field] = rule.fallback;
      continue;
    }
    columnOf[rule.field] = rule.column;
    const cell = row.cell(rule.column);
    const reading = readField({ rule, cell, timeZone });
    if (!reading.ok) return { row: row.row, column: rule.column, value: cellText(cell), reason: reading.reason };
    if (reading.value !== null && reading.value !== undefined) values[rule.field] = reading.value;
    // An empty cell clears a field that may be null (km, badge ...); the others keep their schema default.
    else if (!NOT_NULL.has(rule.field)) values[rule.field] = null;
    const allowed = ENUMS[rule.field];
    if (allowed && values[rule.field] != null && !allowed.includes(String(values[rule.field])))
      return { row: row.row, column: rule.column, value: cellText(cell), reason: `not one of ${allowed.join(', ')}` };
    if (URL_FIELDS.has(rule.field)) {
      const urls = ([] as unknown[]).concat(values[rule.field] ?? []);
      const bad = urls.find((url) => !isHttpUrl(String(url)));
      if (bad !== undefined) return { row: row.row, column: rule.column, value: String(bad), reason: 'not an http(s) URL' };
    }
  }
  for (const rule of rules) if (rule.template && !rule.column) values[rule.field] = fillTemplate({ template: rule.template, car: values }) || rule.fallback;
  const missing = (field: string, reason: string) => ({
    row: row.row,
    column: columnOf[field] ?? field,
    value: cellText(columnOf[field] ? row.cell(columnOf[field]) : ''),
    reason,
  });
  for (const field of ['make', 'model']) if (typeof values[field] !== 'string' || !(values[field] as string).trim()) return missing(field, 'required');
  const year = values.year;
  if (typeof year !== 'number') return missing('year', 'required');
  if (year < 1886 || year > 2100) return missing('year', 'not a model year (1886 to 2100)');
  if (typeof values.name !== 'string' || !values.name) return missing('name', 'required');
  if (!carKey(values)) return missing(columnOf.vin ? 'vin' : 'stocknum', 'needs a VIN or a stock number');
  return { values };
}

/** The cars of a parsed feed, and its rejected rows (the parser's broken lines first). */
export function mapRows({ parsed, rules, timeZone }: { parsed: ParsedFeed; rules: readonly FieldRule[]; timeZone: string }): {
  cars: FeedCar[];
  rejected: RejectedRow[];
  /** Identities of rejected rows that could still be read: their cars stay as the last import left them. */
  heldKeys: Set<string>;
} {
  const cars: FeedCar[] = [];
  const rejected: RejectedRow[] = parsed.broken.map(({ row, reason }) => ({ row, column: '', value: '', reason }));
  const heldKeys = new Set<string>();
  const firstRow = new Map<string, number>();
  const keyRule = rules.find((rule) => rule.field === 'vin') ?? rules.find((rule) => rule.field === 'stocknum');
  for (const row of parsed.rows) {
    const mapped = mapRow({ row, rules, timeZone });
    if (!('values' in mapped)) {
      rejected.push(mapped);
      const vin = rules.find((rule) => rule.field === 'vin')?.column;
      const stock = rules.find((rule) => rule.field === 'stocknum')?.column;
      const key = carKey({ vin: vin ? cellText(row.cell(vin)) : undefined, stocknum: stock ? cellText(row.cell(stock)) : undefined });
      if (key) heldKeys.add(key);
      continue;
    }
    const key = carKey(mapped.values)!;
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      const column = key.startsWith('vin:') ? (rules.find((rule) => rule.field === 'vin')?.column ?? 'vin') : (keyRule?.column ?? 'stocknum');
      rejected.push({ row: row.row, column, value: key.slice(key.indexOf(':') + 1), reason: `duplicate of row ${earlier}` });
      continue;
    }
    firstRow.set(key, row.row);
    cars.push({ row: row.row, key, values: mapped.values });
  }
  rejected.sort((a, b) => a.row - b.row);
  return { cars, rejected, heldKeys };
}
