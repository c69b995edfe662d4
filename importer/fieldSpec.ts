/**
 * One Car field of a feed mapping: where its text is and how it is read. A mapping entry is a
 * column name or `{ column, as, unit, format, values, split, default, template }`; every entry
 * is normalised here once, the preset's first and the record's over it.
 */
import { readBoolean, readDate, readDistanceKm, readInteger, readMoney, readNumber, type CellReading } from '../domain/feedValues.ts';
import type { Feed } from '../schema/resolved.generated.ts';

/** A mapping entry as written in a record or preset. */
export type FeedFieldSpec = NonNullable<Feed>['map'][string];

/** How a field's text is read. */
type ValueKind = 'text' | 'money' | 'number' | 'integer' | 'boolean' | 'date' | 'distance' | 'list';

/** A mapping entry in full. */
export interface FieldRule {
  field: string;
  column: string | null;
  kind: ValueKind;
  unit: 'km' | 'mi';
  format: string | null;
  values: Map<string, string | number | boolean | null> | null;
  split: string | null;
  fallback: string | number | boolean | null | undefined;
  template: string | null;
}

/** Each Car field's own type, when `as` does not say. */
const FIELD_KINDS: Record<string, ValueKind> = {
  year: 'integer',
  gearnum: 'integer',
  seats: 'integer',
  km: 'distance',
  price: 'money',
  before_price: 'money',
  subscription_price: 'money',
  custom_rank: 'number',
  reserved: 'boolean',
  certified: 'boolean',
  preorder: 'boolean',
  show_on_dealer_website: 'boolean',
  created_at: 'date',
  images: 'list',
  features: 'list',
};

/** The name a car gets when the mapping does not compose one. */
export const DEFAULT_NAME_TEMPLATE = '{year} {make} {model} {badge}';

/** The rules of a preset's map with the record's map over it, field by field. */
export function fieldRules({ presetMap = {}, map }: { presetMap?: Record<string, FeedFieldSpec>; map: Record<string, FeedFieldSpec> }): FieldRule[] {
  const merged = { name: DEFAULT_NAME_TEMPLATE as FeedFieldSpec, ...presetMap, ...map };
  if (merged.name === DEFAULT_NAME_TEMPLATE) merged.name = { template: DEFAULT_NAME_TEMPLATE };
  return Object.entries(merged).map(([field, spec]) => {
    const entry = typeof spec === 'string' ? { column: spec } : spec;
    const asKind = entry.as && entry.as !== 'text' ? entry.as : undefined;
    let kind: ValueKind = asKind ?? (entry.as === 'text' ? 'text' : (FIELD_KINDS[field] ?? 'text'));
    if (field === 'km' && (kind === 'number' || kind === 'integer')) kind = 'distance';
    if (entry.split && kind !== 'list') kind = 'list';
    return {
      field,
      column: entry.column ?? null,
      kind,
      unit: entry.unit ?? 'km',
      format: entry.format ?? null,
      values: entry.values ? new Map(Object.entries(entry.values).map(([key, value]) => [key.trim().toLowerCase(), value])) : null,
      split: entry.split ?? (kind === 'list' ? '|' : null),
      fallback: entry.default,
      template: entry.template ?? null,
    };
  });
}

/** A value read from a cell: a Car value, or why the row is rejected. */
export type FieldReading = CellReading<unknown>;

/**
 * The value of `rule` from a cell's text (or list, from an XML or JSON row): the value map
 * first, then the kind's reader; empty text takes the rule's default.
 */
export function readField({ rule, cell, timeZone }: { rule: FieldRule; cell: string | string[] | undefined; timeZone: string }): FieldReading {
  if (rule.kind === 'list') {
    const items = Array.isArray(cell) ? cell : (cell ?? '').split(rule.split ?? '|');
    const list = items.map((item) => item.replace(/[\r\n\t]+/g, ' ').trim()).filter(Boolean);
    const control = list.find((item) => CONTROL.test(item));
    if (control !== undefined) return readText(control);
    return { ok: true, value: list.length === 0 && typeof rule.fallback === 'string' ? [rule.fallback] : list };
  }
  const text = (Array.isArray(cell) ? (cell[0] ?? '') : (cell ?? '')).trim();
  if (text === '') return { ok: true, value: rule.fallback ?? null };
  if (rule.values) {
    const key = text.toLowerCase();
    if (!rule.values.has(key)) return { ok: false, reason: `not one of ${[...rule.values.keys()].join(', ')}` };
    return { ok: true, value: rule.values.get(key) };
  }
  switch (rule.kind) {
    case 'money':
      return readMoney(text);
    case 'number':
      return readNumber(text);
    case 'integer':
      return readInteger(text);
    case 'boolean':
      return readBoolean(text);
    case 'date':
      return readDate({ text, format: rule.format, timeZone });
    case 'distance':
      return readDistanceKm({ text, unit: rule.unit });
    default:
      return readText(text);
  }
}

/** C0 and C1 control characters other than tab and line breaks (those are spacing, folded below). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * A text cell as one line: DMS exports wrap long cells ('Sport\r\nPack'), which a Car's one-line
 * fields cannot hold (validate refuses a line break outside paragraph fields), so line breaks and
 * tabs become one space. Any other control character rejects the row, as validate would.
 */
function readText(text: string): FieldReading {
  const control = CONTROL.exec(text);
  if (control) return { ok: false, reason: `holds the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` };
  return { ok: true, value: text.replace(/[\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ') };
}

/** `template` with each {field} replaced by the car's value; an empty field and its space are dropped. */
export function fillTemplate({ template, car }: { template: string; car: Record<string, unknown> }): string {
  return template
    .replace(/\{([a-z_]+)\}/g, (_, field: string) => {
      const value = car[field];
      return value == null ? '' : String(value);
    })
    .replace(/\s+/g, ' ')
    .trim();
}
