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
 * SPEC §4: shown when in stock, coming soon, or sold within the last N days (N = the dealer's
 * include_sold_cars_days, default 3; the last day is inclusive, see withinDays), and marked
 * show_on_dealer_website (absent counts as true). A sold car without sold_date is hidden,
 * because its window cannot be known; N = 0 hides sold cars.
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
  if (isAvailable(car)) return true;
  return soldWindowDays > 0 && isSold(car) && withinDays({ then: car.sold_date, now, days: soldWindowDays });
}
