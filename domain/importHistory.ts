/**
 * The import history's format, `dealers/<slug>/import-history.json` beside stock.json: every car
 * any import has seen, by identity (VIN, else stock number), with the id and slug it was given,
 * when it was first seen, whether it was ever listed, its last price and its sold date; and the
 * last import's validators and hashes. `forecourt import` writes it (importer/); the build reads
 * it (renderer/retiredCars.ts) to keep redirects for cars long gone from stock.json.
 */

/** The file name of the history inside a dealer's folder. */
export const HISTORY_FILE = 'import-history.json';

/** What a car's page needs to redirect once the car is gone (name, make, model, year) and its identity. */
export interface RetiredCar {
  name: string;
  make: string;
  model: string;
  year: number;
  car_type: 'new' | 'used' | 'demo';
  created_at: string;
  /** The identity fields, so a restored row is matched to its history entry again. */
  vin: string | null;
  stocknum: string | null;
}

/** One car the imports have seen. */
export interface HistoryEntry {
  id: number;
  slug: string;
  first_seen: string;
  last_seen: string | null;
  /** True once the car was imported for sale and shown on the website (a car never listed has no page to keep). */
  listed: boolean;
  price: number | null;
  before_price: number | null;
  /** Every price the imports listed the car at, oldest first, a change at a time (the last PRICES_KEPT): what a 'was' price is checked against. Absent in histories written before it was kept. */
  prices?: number[];
  sold_date: string | null;
  car: RetiredCar;
}

/** How many of a car's prices the history keeps. */
const PRICES_KEPT = 20;

/** A car's prices after an import listed it at `price`: the earlier ones (the entry's last price when it kept none), then `price` when it changed. */
export function pricesSeen({ entry, price }: { entry: Pick<HistoryEntry, 'price' | 'prices'> | undefined; price: number | null }): number[] {
  const earlier = entry?.prices ?? (entry?.price != null && entry.price > 0 ? [entry.price] : []);
  const next = price != null && price > 0 && earlier.at(-1) !== price ? [...earlier, price] : [...earlier];
  return next.slice(-PRICES_KEPT);
}

/** The last import that wrote stock.json. */
export interface LastImport {
  at: string;
  body_sha256: string;
  config_sha256: string;
  stock_sha256: string;
  etag: string | null;
  last_modified: string | null;
  /** Cars for sale it wrote: the base of the shrink guardrail. */
  for_sale: number;
}

/** The whole history file. */
export interface ImportHistory {
  version: 1;
  last: LastImport | null;
  cars: Record<string, HistoryEntry>;
}

/** An empty history (no import yet). */
export const emptyHistory = (): ImportHistory => ({ version: 1, last: null, cars: {} });

/** Parses history text; throws when it is not a version-1 history (ids must not be reassigned silently). */
export function parseHistory(text: string): ImportHistory {
  const value = JSON.parse(text) as ImportHistory;
  if (value?.version !== 1 || typeof value.cars !== 'object' || value.cars === null) throw new Error('not an import history (version 1)');
  return value;
}

/** The history as file text: one car a line, keys sorted (an unchanged history is byte-identical, a diff shows which cars changed). */
export function historyText(history: ImportHistory): string {
  const keys = Object.keys(history.cars).sort();
  const cars = keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(history.cars[key])}`).join(',\n');
  return `{"version":1,"last":${JSON.stringify(history.last)},"cars":{${keys.length ? `\n${cars}\n` : ''}}}\n`;
}
