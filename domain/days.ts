/**
 * Day windows measured from an ISO timestamp to the build's `now` (the sold window and the
 * new-tag window of SPEC §4, §9). `now` is always passed in so a build is reproducible.
 */

/** Milliseconds in one day. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds since epoch for an ISO date string, or null when it does not parse. */
export function parseTime(value: string | null | undefined): number | null {
  if (value == null || value === '') return null;
  const ms = Date.parse(String(value));
  return Number.isFinite(ms) ? ms : null;
}

/**
 * True when `then` lies within the last `days` days before `now`, the boundary included: a car
 * created exactly 8 days ago is still inside an 8-day window, one millisecond more is not.
 * A `then` in the future (feed clock ahead of ours) counts as inside.
 */
export function withinDays({ then, now, days }: { then: string | null | undefined; now: Date; days: number }): boolean {
  const ms = parseTime(then);
  if (ms === null || !Number.isFinite(days) || days < 0) return false;
  return now.getTime() - ms <= days * DAY_MS;
}
