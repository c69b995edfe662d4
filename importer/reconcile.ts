/**
 * The new stock from the feed's cars, the last stock.json and the history: ids and slugs kept,
 * new cars given theirs, `created_at` the first sighting when the feed has none, a lower price
 * than last time kept as the reduced-from price, cars gone from the feed sold today (or dropped
 * when they were never listed), and sold cars kept as rows so their pages keep redirecting.
 */
import { slugify } from '../domain/slug.ts';
import { carKey, type FeedCar } from './mapRows.ts';
import { pricesSeen, type HistoryEntry, type ImportHistory } from '../domain/importHistory.ts';
import { newCarId } from './importHistory.ts';

/** A stock.json row. */
export type StockRow = Record<string, unknown> & { id: number; slug: string; status?: string; sold_date?: string | null };

/** What changed, for the report. */
export interface ImportCounts {
  /** Cars for sale in the new stock. */
  for_sale: number;
  added: number;
  updated: number;
  sold: number;
  relisted: number;
  removed: number;
  /** Rows kept as they were because the feed's row for the car was rejected. */
  held: number;
}

const isForSaleRow = (row: StockRow): boolean => row.status !== 'sold' && row.sold !== true;

const rowKey = (row: StockRow): string => carKey({ vin: row.vin, stocknum: row.stocknum }) ?? `id:${row.id}`;

/** The history entry of a row of a stock.json written before any import (its id and slug are kept). */
function entryFromRow(row: StockRow): HistoryEntry {
  return {
    id: row.id,
    slug: row.slug,
    first_seen: String(row.created_at ?? ''),
    last_seen: null,
    listed: isForSaleRow(row) && row.show_on_dealer_website !== false,
    price: typeof row.price === 'number' ? row.price : null,
    before_price: typeof row.before_price === 'number' ? row.before_price : null,
    sold_date: row.sold_date ?? null,
    car: {
      name: String(row.name),
      make: String(row.make),
      model: String(row.model),
      year: Number(row.year),
      car_type: (row.car_type as 'new') ?? 'used',
      created_at: String(row.created_at ?? ''),
      vin: (row.vin as string | null | undefined) ?? null,
      stocknum: (row.stocknum as string | null | undefined) ?? null,
    },
  };
}

/** The photo fields of a car from its list of photo URLs (the primary one first). */
function photoFields(values: Record<string, unknown>): Record<string, unknown> {
  const urls = [...new Set([values.primary_image_url, ...((values.images as string[] | undefined) ?? [])].filter((url): url is string => Boolean(url)))];
  return {
    primary_image_url: urls[0] ?? null,
    thumbnails: urls.slice(0, 4),
    images: urls.map((url) => ({ image: { url, thumb: { url } } })),
  };
}

/** The reduced-from price: the feed's, else the higher price of the last import while the price stays below it. */
function beforePrice({ values, entry, mapped }: { values: Record<string, unknown>; entry: HistoryEntry | undefined; mapped: boolean }): number | null {
  if (mapped) return (values.before_price as number | null | undefined) ?? null;
  const price = values.price as number | null | undefined;
  if (!entry || price == null || price <= 0) return null;
  const was = Math.max(entry.before_price ?? 0, entry.price ?? 0);
  return was > price ? was : null;
}

/**
 * Builds the new stock. `today` is the dealer's calendar date (the sold date of a car gone today),
 * `now` the instant (first sightings). Returns rows ordered by id, so a reordered feed writes the
 * same file.
 */
export function reconcile({
  feedCars,
  heldKeys,
  history,
  previousStock,
  dealer,
  mappedFields,
  now,
  today,
}: {
  feedCars: readonly FeedCar[];
  heldKeys: ReadonlySet<string>;
  history: ImportHistory;
  previousStock: readonly StockRow[];
  dealer: { slug: string; dealer_id: number };
  mappedFields: ReadonlySet<string>;
  now: Date;
  today: string;
}): { stock: StockRow[]; history: ImportHistory; counts: ImportCounts } {
  const entries: Record<string, HistoryEntry> = structuredClone(history.cars);
  const previous = new Map<string, StockRow>();
  for (const row of previousStock) {
    const key = rowKey(row);
    previous.set(key, row);
    entries[key] ??= entryFromRow(row);
  }
  const taken = new Set(Object.values(entries).map((entry) => entry.id));
  for (const key of feedCars.map((car) => car.key).sort()) {
    if (!entries[key]) entries[key] = { id: newCarId({ key, taken }), slug: '', first_seen: now.toISOString(), last_seen: null, listed: false } as HistoryEntry;
  }

  const counts: ImportCounts = { for_sale: 0, added: 0, updated: 0, sold: 0, relisted: 0, removed: 0, held: 0 };
  const stock: StockRow[] = [];
  const seen = new Set<string>();
  for (const { key, values } of feedCars) {
    seen.add(key);
    const entry = entries[key];
    const known = Boolean(entry.slug);
    const slug = entry.slug || [values.year, slugify(String(values.make)), slugify(String(values.model)), entry.id].filter(Boolean).join('-');
    const status = (values.status as string | undefined) ?? 'in_stock';
    const sold = status === 'sold';
    if (!known) counts.added++;
    else if (entry.sold_date && !sold) counts.relisted++;
    else counts.updated++;
    const created_at = (values.created_at as string | undefined) ?? (entry.first_seen || now.toISOString());
    const row: StockRow = {
      id: entry.id,
      slug,
      car_type: 'used',
      reserved: false,
      certified: false,
      preorder: false,
      show_on_dealer_website: true,
      ...values,
      name: values.name,
      status,
      sold,
      sold_date: sold ? (entry.sold_date ?? today) : null,
      created_at,
      price: (values.price as number | null | undefined) ?? 0,
      before_price: beforePrice({ values, entry: known ? entry : undefined, mapped: mappedFields.has('before_price') }),
      ...photoFields(values),
      dealership_slug: dealer.slug,
      dealership_id: dealer.dealer_id,
    };
    stock.push(row);
    if (!sold) counts.for_sale++;
    entries[key] = {
      id: entry.id,
      slug,
      first_seen: entry.first_seen || created_at,
      last_seen: now.toISOString(),
      listed: entry.listed || (!sold && row.show_on_dealer_website !== false),
      price: row.price as number,
      before_price: row.before_price as number | null,
      prices: pricesSeen({ entry: known ? entry : undefined, price: row.price as number }),
      sold_date: row.sold_date as string | null,
      car: {
        name: String(row.name),
        make: String(row.make),
        model: String(row.model),
        year: Number(row.year),
        car_type: row.car_type as 'used',
        created_at,
        vin: (row.vin as string | null | undefined) ?? null,
        stocknum: (row.stocknum as string | null | undefined) ?? null,
      },
    };
  }

  for (const [key, entry] of Object.entries(entries)) {
    if (seen.has(key)) continue;
    const before = previous.get(key);
    if (heldKeys.has(key) && before) {
      counts.held++;
      stock.push(before);
      if (isForSaleRow(before)) counts.for_sale++;
      continue;
    }
    if (before && isForSaleRow(before)) {
      if (!entry.listed) {
        counts.removed++;
        continue;
      }
      counts.sold++;
      entry.sold_date = today;
      stock.push({ ...before, status: 'sold', sold: true, sold_date: today });
    } else if (before) {
      stock.push(before);
    } else if (entry.listed && entry.slug) {
      // Gone from stock.json (edited by hand): restored as a sold row so its old URL keeps redirecting.
      entry.sold_date ??= today;
      stock.push({
        id: entry.id,
        slug: entry.slug,
        ...entry.car,
        status: 'sold',
        sold: true,
        sold_date: entry.sold_date,
        price: entry.price ?? 0,
        dealership_slug: dealer.slug,
        dealership_id: dealer.dealer_id,
      });
    }
  }
  stock.sort((a, b) => a.id - b.id);
  return { stock, history: { ...history, cars: entries }, counts };
}
