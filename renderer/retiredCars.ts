/**
 * Cars that `forecourt import` remembers in `dealers/<slug>/import-history.json` but that are no
 * longer in stock.json (a row deleted by hand, or a feed written by another tool since): each
 * was listed once, so its page keeps a 301 to its make/model search like any sold car past its
 * window. The history's format is domain/importHistory.ts.
 */
import { join } from 'node:path';
import { HISTORY_FILE, parseHistory, type HistoryEntry } from '../domain/importHistory.ts';
import type { Car } from '../domain/types.ts';
import { readOptionalText } from './readSource.ts';

/** The remembered cars missing from `cars`, as sold cars (for the redirects only). A missing or unreadable history gives none. */
export async function retiredCars({ dealersDir, slug, cars }: { dealersDir: string; slug: string; cars: readonly Car[] }): Promise<Car[]> {
  const text = await readOptionalText(join(dealersDir, slug, HISTORY_FILE));
  if (text === null) return [];
  let remembered: Record<string, HistoryEntry>;
  try {
    remembered = parseHistory(text).cars;
  } catch {
    // A damaged history is import's to report (it refuses to run); the build keeps the redirects stock.json gives.
    return [];
  }
  const inStock = new Set(cars.map((car) => car.slug));
  const retired: Car[] = [];
  for (const entry of Object.values(remembered)) {
    // The file sits in the dealer's folder and may be edited by hand: check what the format promises.
    const { id, slug: carSlug, listed, sold_date, car } = entry ?? {};
    if (listed !== true || typeof id !== 'number' || typeof carSlug !== 'string' || inStock.has(carSlug) || !car) continue;
    if (typeof car.make !== 'string' || typeof car.model !== 'string') continue;
    retired.push({
      id,
      slug: carSlug,
      name: String(car.name ?? `${car.make} ${car.model}`),
      make: car.make,
      model: car.model,
      year: Number(car.year),
      car_type: 'used',
      status: 'sold',
      sold: true,
      // Gone without a recorded sale: long past any sold window.
      sold_date: typeof sold_date === 'string' ? sold_date : '1970-01-01',
      show_on_dealer_website: true,
      created_at: String(car.created_at ?? '1970-01-01'),
      price: 0,
      dealership_slug: slug,
      dealership_id: 0,
    } as Car);
  }
  return retired;
}
