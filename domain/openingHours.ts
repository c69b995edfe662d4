/**
 * Opening hours (SPEC §4 "Opening hours display", §3 opening and special hour entries) and
 * the offer end date. Location ordering and slugs are re-exported from locations.ts.
 */
import type { OpeningHour, SpecialHours } from './types.ts';

export { contactSlug, sortLocations } from './locations.ts';

const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
// Display order Monday first; weekday 0 is Sunday (SPEC §3).
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
const SCHEMA_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** 24-hour "HH:MM" (seconds ignored) to 12-hour with am/pm: "17:30" -> "5:30pm". Unparseable input is returned as is. */
export function formatTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(String(time ?? '').trim());
  if (!match) return String(time ?? '');
  const hours = Number(match[1]);
  if (hours > 23 || Number(match[2]) > 59) return String(time);
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]}${suffix}`;
}

/** The text for one day: 'Closed', open - close in 12-hour time, else the record's formated_hours. */
export function dayText(entry: OpeningHour | undefined): string {
  if (!entry || entry.status === 'Closed') return 'Closed';
  if (entry.open && entry.close) return `${formatTime(entry.open)} - ${formatTime(entry.close)}`;
  return entry.formated_hours?.trim() || 'Closed';
}

/** One displayed row. */
export interface HoursRow {
  label: string;
  text: string;
}

/**
 * Rows to display, Monday first. Weekdays collapse into 'Mon-Fri' when all five are the same;
 * with `monSat` (a dealer option) Monday to Saturday collapse into 'Mon-Sat' when all six are.
 * A day missing from the record shows 'Closed'; no hours at all gives no rows.
 */
export function groupOpeningHours({ hours, monSat = false }: { hours: readonly OpeningHour[]; monSat?: boolean }): HoursRow[] {
  if (!Array.isArray(hours) || hours.length === 0) return [];
  const text = (weekday: number) => dayText(hours.find((h) => h.weekday === weekday));
  const days = DISPLAY_ORDER.map((weekday) => ({ label: DAY_LABELS[weekday], text: text(weekday) }));
  const same = (n: number) => days.slice(0, n).every((d) => d.text === days[0].text);
  if (monSat && same(6)) return [{ label: 'Mon-Sat', text: days[0].text }, days[6]];
  if (same(5)) return [{ label: 'Mon-Fri', text: days[0].text }, days[5], days[6]];
  return days;
}

/** schema.org openingHours strings: 'Mo-Fr 09:00-17:30', 'Sa 09:00-12:00' (open days only). */
export function schemaOpeningHours({ hours }: { hours: readonly OpeningHour[] }): string[] {
  const open = (weekday: number) => {
    const h = (hours ?? []).find((e) => e.weekday === weekday);
    return h && h.status === 'Open' && h.open && h.close ? `${h.open.slice(0, 5)}-${h.close.slice(0, 5)}` : null;
  };
  const weekdays = [1, 2, 3, 4, 5].map(open);
  const out: string[] = [];
  if (weekdays[0] !== null && weekdays.every((w) => w === weekdays[0])) out.push(`Mo-Fr ${weekdays[0]}`);
  else weekdays.forEach((w, i) => w !== null && out.push(`${SCHEMA_DAYS[i + 1]} ${w}`));
  for (const weekday of [6, 0]) {
    const w = open(weekday);
    if (w !== null) out.push(`${SCHEMA_DAYS[weekday]} ${w}`);
  }
  return out;
}

function isoDate(date: string | Date): string {
  if (date instanceof Date) return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
  return String(date ?? '').slice(0, 10);
}

/**
 * Special hours for a date (ISO 'YYYY-MM-DD' or a Date, compared by UTC day) and department:
 * an entry for 'all' matches any department, and asking for 'all' matches every entry.
 */
export function specialHoursOn({
  special,
  date,
  department,
}: {
  special: readonly SpecialHours[];
  date: string | Date;
  department: SpecialHours['department'];
}): SpecialHours[] {
  const day = isoDate(date);
  return (special ?? []).filter((s) => s.date === day && (s.department === 'all' || department === 'all' || s.department === department));
}

/** Special hours from `now` onwards (today included), date order, for the holiday hours dialog. */
export function upcomingSpecialHours({ special, now }: { special: readonly SpecialHours[]; now: Date }): SpecialHours[] {
  const today = isoDate(now);
  return (special ?? []).filter((s) => s.date >= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** SPEC §4: an offer ends on the last day of the current month (UTC date of `now`). */
export function offerEndDate({ now }: { now: Date }): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
}
