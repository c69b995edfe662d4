/**
 * Inventory feeds for marketplaces: which cars qualify for the Google vehicle listings feed and
 * the Meta (Facebook) automotive inventory catalog, and how their values are written. Both feeds
 * list only cars a shopper can buy today, with a VIN and a real price; Meta also needs a photo.
 */
import { isRealPrice } from './price.ts';
import { KM_PER_MILE } from './distance.ts';
import type { RegionSettings } from './site.ts';
import type { Car } from './types.ts';
import { isForSale } from './visibility.ts';

/** The feeds `generate` writes. */
export type InventoryFeed = 'google' | 'meta';

/** Why a car is left out of a feed. */
export type FeedSkipReason = 'sold' | 'coming soon' | 'hidden from the website' | 'no VIN' | 'no price' | 'no photo';

/** The reason `car` is left out of `feed`, or null when it qualifies. */
export function feedSkipReason({
  car,
  feed,
  hasPhoto,
}: {
  car: Pick<Car, 'status' | 'sold' | 'vin' | 'price' | 'show_on_dealer_website'>;
  feed: InventoryFeed;
  hasPhoto: boolean;
}): FeedSkipReason | null {
  if (!isForSale(car)) return 'sold';
  if (car.status !== 'in_stock') return 'coming soon';
  if (car.show_on_dealer_website === false) return 'hidden from the website';
  if (!car.vin?.trim()) return 'no VIN';
  if (!isRealPrice(car.price)) return 'no price';
  if (feed === 'meta' && !hasPhoto) return 'no photo';
  return null;
}

/** Google's condition: new, or used (demonstrators are sold as used). */
export function googleCondition(car: Pick<Car, 'car_type'>): 'new' | 'used' {
  return car.car_type === 'new' ? 'new' : 'used';
}

/** Meta's state_of_vehicle: new, cpo (certified pre-owned) or used. */
export function metaStateOfVehicle(car: Pick<Car, 'car_type' | 'certified'>): 'new' | 'cpo' | 'used' {
  if (car.car_type === 'new') return 'new';
  return car.certified ? 'cpo' : 'used';
}

/** A price as both feeds read it: the amount with two decimals and the ISO 4217 currency ("14990.00 AUD"). */
export function feedPrice({ amount, currency }: { amount: number; currency: string }): string {
  return `${amount.toFixed(2)} ${currency}`;
}

/** The odometer in the region's unit, as a whole number (feeds give kilometres). */
export function feedMileage({ km, unit }: { km: number; unit: RegionSettings['distance_unit'] }): { value: number; unit: 'km' | 'miles' } {
  return unit === 'mile' ? { value: Math.round(km / KM_PER_MILE), unit: 'miles' } : { value: Math.round(km), unit: 'km' };
}

/** One cell of a delimited feed: tabs, line breaks and control characters become spaces. */
function cell(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

// eslint-disable-next-line no-control-regex -- the control characters a delimited feed cannot hold
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

type FeedRow = Record<string, string | number | null | undefined>;

/** The two delimited formats: Google's tab-separated one, and CSV (RFC 4180: every field quoted, quotes doubled, CRLF rows). */
const FORMATS = {
  tsv: { separator: '\t', end: '\n', field: (value: string) => value },
  csv: { separator: ',', end: '\r\n', field: (value: string) => `"${value.replace(/"/g, '""')}"` },
} as const;

/** A delimited feed format. */
export type FeedFormat = keyof typeof FORMATS;

/** One car's line of a delimited feed (without its line end). */
export function feedLine({ format, columns, row }: { format: FeedFormat; columns: readonly string[]; row: FeedRow }): string {
  const { separator, field } = FORMATS[format];
  return columns.map((c) => field(cell(row[c]))).join(separator);
}

/** A delimited feed: a header row, then the cars' lines (feedLine). */
export function feedFile({ format, columns, lines }: { format: FeedFormat; columns: readonly string[]; lines: readonly string[] }): string {
  const { separator, end, field } = FORMATS[format];
  return [columns.map(field).join(separator), ...lines].join(end) + end;
}
