/**
 * The visibility rule of SPEC §4 applied to a whole stock feed and to search documents, so the
 * static engine, the Meilisearch filter and the renderer all show the same cars.
 */
import type { Car, VehicleSearchDocument } from './types.ts';
import { DEFAULT_SOLD_WINDOW_DAYS, isShownOnSite, isSold } from './visibility.ts';
import { DAY_MS, parseTime } from './days.ts';

/** The cars of a feed that the site shows, in feed order. */
export function visibleStock({ cars, now, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS }: { cars: readonly Car[]; now: Date; soldWindowDays?: number }): Car[] {
  return (cars ?? []).filter((car) => isShownOnSite({ car, now, soldWindowDays }));
}

/** Unix seconds of the sold window's start: a car sold at or after it is still shown. */
export function soldCutoffTimestamp({ now, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS }: { now: Date; soldWindowDays?: number }): number {
  return Math.floor((now.getTime() - soldWindowDays * DAY_MS) / 1000);
}

/**
 * The same rule on a search document (timestamps in Unix seconds): shown when flagged
 * show_on_dealer_website and available, or sold with sold_date_timestamp inside the window.
 */
export function isDocumentShown({
  doc,
  now,
  soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS,
}: {
  doc: Pick<VehicleSearchDocument, 'status' | 'show_on_dealer_website' | 'sold_date_timestamp'>;
  now: Date;
  soldWindowDays?: number;
}): boolean {
  if (!doc.show_on_dealer_website) return false;
  if (doc.status === 'in_stock' || doc.status === 'coming_soon') return true;
  return soldWindowDays > 0 && doc.sold_date_timestamp != null && doc.sold_date_timestamp >= soldCutoffTimestamp({ now, soldWindowDays });
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
