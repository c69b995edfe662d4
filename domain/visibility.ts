/**
 * Vehicle status and visibility (SPEC §4): which cars are available, for sale, and shown.
 */
import type { Car } from './types.ts';
import { withinDays } from './days.ts';

/** SPEC §9 sold-vehicle window default, in days. */
export const DEFAULT_SOLD_WINDOW_DAYS = 3;

/** in_stock and coming_soon count as available. */
export function isAvailable(car: Pick<Car, 'status'>): boolean {
  return car.status === 'in_stock' || car.status === 'coming_soon';
}

/** Sold by status or by the sold flag. */
export function isSold(car: Pick<Car, 'status' | 'sold'>): boolean {
  return car.status === 'sold' || car.sold === true;
}

/** Available and not sold: the cars that get the tag banner priority of SPEC §4. */
export function isForSale(car: Pick<Car, 'status' | 'sold'>): boolean {
  return isAvailable(car) && !isSold(car);
}

/**
 * SPEC §4: shown when marked show_on_dealer_website (absent counts as true) and either available
 * and not sold, or sold within the last N days (N = the dealer's include_sold_cars_days, default
 * 3; the last day is inclusive, see withinDays). Sold means status sold or the sold flag
 * (isSold), so an in_stock car flagged sold follows the window like any sold car.
 *
 * The window counts from the car's sold_date. A sold car without one is hidden: SPEC's fields
 * carry no sale date, and counting from the build time would keep it shown for ever on a site
 * rebuilt daily (`validate` warns about such cars). N = 0 hides sold cars.
 */
export function isShownOnSite({
  car,
  now,
  soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS,
}: {
  car: Pick<Car, 'status' | 'sold' | 'sold_date' | 'show_on_dealer_website'>;
  now: Date;
  soldWindowDays?: number;
}): boolean {
  if (car.show_on_dealer_website === false) return false;
  if (isSold(car)) return soldWindowDays > 0 && withinDays({ then: car.sold_date, now, days: soldWindowDays });
  return isAvailable(car);
}

/** The status a search document carries: 'sold' for any sold car (status or flag), else the car's. */
export function searchStatus(car: Pick<Car, 'status' | 'sold'>): Car['status'] {
  return isSold(car) ? 'sold' : car.status;
}
