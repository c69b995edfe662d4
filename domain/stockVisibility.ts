/**
 * The visibility rule of SPEC §4 for search: the sold window as a Meilisearch filter, applied at
 * query time, and when the next listed sold car leaves it (a static site must be rebuilt by then).
 */
import type { Car } from './types.ts';
import { DEFAULT_SOLD_WINDOW_DAYS, isShownOnSite, isSold } from './visibility.ts';
import { DAY_MS, parseTime } from './days.ts';

/** Unix seconds of the sold window's start: a car sold at or after it is still shown. */
export function soldCutoffTimestamp({ now, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS }: { now: Date; soldWindowDays?: number }): number {
  return Math.floor((now.getTime() - soldWindowDays * DAY_MS) / 1000);
}

/** The rule as a Meilisearch filter expression, for the search backend. */
export function visibilityFilter({ now, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS }: { now: Date; soldWindowDays?: number }): string {
  const available = "status IN ['in_stock', 'coming_soon']";
  const sold = soldWindowDays > 0 ? ` OR sold_date_timestamp >= ${soldCutoffTimestamp({ now, soldWindowDays })}` : '';
  return `show_on_dealer_website = true AND (${available}${sold})`;
}

/**
 * When the next listed sold car leaves its window (the first instant it is hidden), or null
 * when no listed car is sold with a date: a static site must be rebuilt by then to drop it.
 */
export function nextSoldWindowEnd({
  cars,
  now,
  soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS,
}: {
  cars: readonly Car[];
  now: Date;
  soldWindowDays?: number;
}): Date | null {
  let next: number | null = null;
  for (const car of cars) {
    if (!isSold(car) || !isShownOnSite({ car, now, soldWindowDays })) continue;
    const sold = parseTime(car.sold_date);
    if (sold === null) continue;
    // withinDays keeps the last millisecond of the window inside: hidden one millisecond later.
    const end = sold + soldWindowDays * DAY_MS + 1;
    if (next === null || end < next) next = end;
  }
  return next === null ? null : new Date(next);
}

/**
 * The sold cars past their window: listed on the website and sold, but no longer shown (their
 * window ended, or their sale date is unknown). Their pages are gone, so their URLs redirect
 * (renderer/redirects.ts) to keep links from outside working.
 */
export function soldPastWindow({ cars, now, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS }: { cars: readonly Car[]; now: Date; soldWindowDays?: number }): Car[] {
  return cars.filter((car) => car.show_on_dealer_website !== false && isSold(car) && !isShownOnSite({ car, now, soldWindowDays }));
}
