/**
 * How the text of one cell of a dealer's own inventory feed (a DMS export, a listings feed) is
 * read as a Car value: money, numbers, yes/no, dates in the dealer's time zone, distances in km.
 * Each reader answers a value or a reason the row is rejected (`not a number`), never a guess.
 */
import { KM_PER_MILE } from './distance.ts';

/** A cell read as a value, or why it cannot be. */
export type CellReading<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): CellReading<T> => ({ ok: true, value });
const no = (reason: string): CellReading<never> => ({ ok: false, reason });

/** Texts a feed writes for "no price": the car shows the site's no-price text. */
const NO_PRICE = /^(poa|p\.o\.a\.?|price on application|call( for price)?|tba|n\/a|-+)$/i;

/**
 * Digits with thousands separators (comma, space, no-break space, apostrophe) and at most one
 * decimal point: '29,990', '29 990', '29990.00'. A letter O for a zero is not a digit.
 */
const AMOUNT = /^-?\d{1,3}(?:[,\s\u00a0\u202f'](?:\d{3}))+(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;

function plainNumber(text: string): number | null {
  const bare = text.trim();
  if (!AMOUNT.test(bare)) return null;
  const value = Number(bare.replace(/[,\s\u00a0\u202f']/g, ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * A price: '$29,990', 'AUD 29 990', '29990.00 USD', '29,990 NZD' read as 29990; empty or 'POA'
 * (call for price, TBA, N/A) as null, no price. A negative amount or stray letters are rejected.
 */
export function readMoney(text: string): CellReading<number | null> {
  const trimmed = text.trim();
  if (trimmed === '' || NO_PRICE.test(trimmed)) return ok(null);
  const bare = trimmed.replace(/^(?:[A-Z]{3}\s*)?(?:[A-Z]{0,2}\$|€|£)?\s*/, '').replace(/\s*(?:[A-Z]{3})$/, '');
  const value = plainNumber(bare);
  if (value === null) return no('not a number');
  if (value < 0) return no('is negative');
  return ok(Math.round(value * 100) / 100);
}

/** A number ('12,345', '12.5'); empty is null. */
export function readNumber(text: string): CellReading<number | null> {
  if (text.trim() === '') return ok(null);
  const value = plainNumber(text);
  return value === null ? no('not a number') : ok(value);
}

/** A whole number ('2024', '1,200'); empty is null, '2.5' is rejected. */
export function readInteger(text: string): CellReading<number | null> {
  const number = readNumber(text);
  if (!number.ok || number.value === null) return number;
  return Number.isInteger(number.value) ? number : no('not a whole number');
}

const TRUE = new Set(['true', 'yes', 'y', '1', 't', 'on']);
const FALSE = new Set(['false', 'no', 'n', '0', 'f', 'off']);

/** yes / no, y / n, true / false, 1 / 0 (any case); empty is null. */
export function readBoolean(text: string): CellReading<boolean | null> {
  const word = text.trim().toLowerCase();
  if (word === '') return ok(null);
  if (TRUE.has(word)) return ok(true);
  if (FALSE.has(word)) return ok(false);
  return no('not yes or no');
}

/** Distance units a feed writes, and the km in one. */
const UNITS: readonly [RegExp, number][] = [
  [/\s*(?:km|kms|kilometers|kilometres)$/i, 1],
  [/\s*(?:mi|miles|mile)$/i, KM_PER_MILE],
];

/**
 * A distance stored in km: '52,777' in the column's `unit`, or with its own unit written
 * ('52,777 miles', '12000 km', which wins). Miles become whole km. Empty is null.
 */
export function readDistanceKm({ text, unit }: { text: string; unit: 'km' | 'mi' }): CellReading<number | null> {
  let bare = text.trim();
  let factor = unit === 'mi' ? KM_PER_MILE : 1;
  for (const [suffix, km] of UNITS) {
    if (suffix.test(bare)) {
      bare = bare.replace(suffix, '');
      factor = km;
      break;
    }
  }
  const number = readNumber(bare);
  if (!number.ok || number.value === null) return number;
  if (number.value < 0) return no('is negative');
  return ok(factor === 1 ? number.value : Math.round(number.value * factor));
}

/** The date-pattern letters a feed's `format` may use, and what each reads. */
const TOKENS: Record<string, { part: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'; digits: string }> = {
  yyyy: { part: 'year', digits: '\\d{4}' },
  MM: { part: 'month', digits: '\\d{2}' },
  M: { part: 'month', digits: '\\d{1,2}' },
  dd: { part: 'day', digits: '\\d{2}' },
  d: { part: 'day', digits: '\\d{1,2}' },
  HH: { part: 'hour', digits: '\\d{2}' },
  mm: { part: 'minute', digits: '\\d{2}' },
  ss: { part: 'second', digits: '\\d{2}' },
};

const patterns = new Map<string, { regex: RegExp; parts: string[] }>();

function compilePattern(format: string): { regex: RegExp; parts: string[] } {
  let compiled = patterns.get(format);
  if (!compiled) {
    const parts: string[] = [];
    const source = format.replace(/yyyy|MM|M|dd|d|HH|mm|ss|[^yMdHms]/g, (token) => {
      const known = TOKENS[token];
      if (!known) return token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      parts.push(known.part);
      return `(${known.digits})`;
    });
    compiled = { regex: new RegExp(`^${source}$`), parts };
    patterns.set(format, compiled);
  }
  return compiled;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMinutes({ utcMs, timeZone }: { utcMs: number; timeZone: string }): number {
  // Making a formatter costs far more than using one (a 5,000-row feed reads 10,000 dates).
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const fields = format.formatToParts(new Date(utcMs));
  const get = (type: string) => Number(fields.find((f) => f.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - utcMs) / 60_000);
}

/** The instant of a wall-clock time in `timeZone` (the offset found twice, so a DST change between is followed). */
function wallClockInstant({ wall, timeZone }: { wall: number; timeZone: string }): number {
  const first = wall - cachedOffset({ utcMs: wall, timeZone }) * 60_000;
  return wall - cachedOffset({ utcMs: first, timeZone }) * 60_000;
}

/** Offsets change only on quarter hours; a feed's dates fall on few of them, so each is asked once. */
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();

function cachedOffset({ utcMs, timeZone }: { utcMs: number; timeZone: string }): number {
  const key = `${timeZone} ${Math.floor(utcMs / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear();
    offset = zoneOffsetMinutes({ utcMs: Math.floor(utcMs / QUARTER_HOUR) * QUARTER_HOUR, timeZone });
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * A date as an ISO instant: with `format` ('MM/dd/yyyy', 'dd.MM.yyyy HH:mm') the wall-clock time
 * in the dealer's `timeZone` (midnight when the pattern has no time); without one, ISO 8601 (a
 * date alone is midnight in `timeZone`, a date-time with an offset is that instant). Impossible
 * dates (31/02) are rejected. Empty is null.
 */
export function readDate({ text, format, timeZone }: { text: string; format?: string | null; timeZone: string }): CellReading<string | null> {
  const bare = text.trim();
  if (bare === '') return ok(null);
  const values: Record<string, number> = { year: NaN, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  if (format) {
    const { regex, parts } = compilePattern(format);
    const match = regex.exec(bare);
    if (!match) return no(`not a date like ${format}`);
    parts.forEach((part, i) => (values[part] = Number(match[i + 1])));
  } else {
    const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(bare);
    if (!iso) return no('not an ISO 8601 date (YYYY-MM-DD)');
    if (iso[7]) {
      const ms = Date.parse(bare.replace(' ', 'T'));
      return Number.isFinite(ms) ? ok(new Date(ms).toISOString()) : no('not a date');
    }
    [values.year, values.month, values.day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    [values.hour, values.minute, values.second] = [Number(iso[4] ?? 0), Number(iso[5] ?? 0), Number(iso[6] ?? 0)];
  }
  const wall = Date.UTC(values.year, values.month - 1, values.day, values.hour, values.minute, values.second);
  const check = new Date(wall);
  if (
    !Number.isFinite(wall) ||
    check.getUTCFullYear() !== values.year ||
    check.getUTCMonth() !== values.month - 1 ||
    check.getUTCDate() !== values.day ||
    values.hour > 23 ||
    values.minute > 59 ||
    values.second > 59
  )
    return no('not a real date');
  return ok(new Date(wallClockInstant({ wall, timeZone })).toISOString());
}

/** `now`'s calendar date (YYYY-MM-DD) in `timeZone`: the sold_date of a car that left the feed today. */
export function dateInZone({ now, timeZone }: { now: Date; timeZone: string }): string {
  const wall = now.getTime() + zoneOffsetMinutes({ utcMs: now.getTime(), timeZone }) * 60_000;
  return new Date(wall).toISOString().slice(0, 10);
}
