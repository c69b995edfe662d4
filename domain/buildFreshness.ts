/**
 * Until when a site built at `now` stays what a build at a later time would make of the same
 * inputs. Of the build time, the pages read only the build day (UTC: the footer's year, upcoming
 * special hours, offer end dates, finance offer wording, the accessibility statement's date),
 * each car's new-tag window (SPEC §9, the tag banner and the search pages' tag clock) and the
 * sold window (SPEC §4, which cars are listed and which redirect). Each of these only closes as
 * time goes on, so the output is the same from `now` until the first of those moments.
 */
import type { Car } from './types.ts';
import { NEW_TAG_DAYS } from './carTag.ts';
import { DAY_MS, parseTime } from './days.ts';
import { nextSoldWindowEnd } from './stockVisibility.ts';

/** The first instant of the UTC day after `now`'s. */
export function nextUtcDay({ now }: { now: Date }): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * The first instant after `now` at which a car's new-tag window closes (withinDays keeps the last
 * millisecond inside, so one millisecond later), or null when no window is still open.
 */
export function nextTagWindowEnd({ cars, now }: { cars: readonly Pick<Car, 'created_at'>[]; now: Date }): Date | null {
  const at = now.getTime();
  let next: number | null = null;
  for (const car of cars) {
    const created = parseTime(car.created_at);
    if (created === null) continue;
    const end = created + NEW_TAG_DAYS * DAY_MS + 1;
    if (end > at && (next === null || end < next)) next = end;
  }
  return next === null ? null : new Date(next);
}

/**
 * The earliest of the next UTC day, the next new-tag window to close and the next listed sold car
 * to leave its window: a build at or after it may differ from the build at `now`.
 */
export function buildFreshUntil({ cars, now, soldWindowDays }: { cars: readonly Car[]; now: Date; soldWindowDays?: number }): Date {
  const moments = [nextUtcDay({ now }), nextTagWindowEnd({ cars, now }), nextSoldWindowEnd({ cars, now, soldWindowDays })];
  return new Date(Math.min(...moments.filter((moment): moment is Date => moment !== null).map((moment) => moment.getTime())));
}
