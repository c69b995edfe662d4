/**
 * When a shopper may ask to come in: a test drive (SPEC §5: the date is optional) or a service
 * drop-off. A chosen date and time must not be in the past, must fall on a day the location is
 * open (its special hours for that date first, then its weekly hours) and within that day's hours.
 * The form checks it before sending and the lead API checks it again on what it receives.
 */
import type { FormKind } from './formRules.ts';
import type { OpeningHour, SpecialHours } from './types.ts';
import { formatTime } from './openingHours.ts';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The messages of {@link appointmentError}. */
export const APPOINTMENT_MESSAGES = {
  invalid: 'Please choose a valid date and time.',
  past: 'Please choose a date and time in the future.',
  closed: (day: string) => `We are closed on ${day}. Please choose another day.`,
  hours: (open: string, close: string) => `Please choose a time between ${formatTime(open)} and ${formatTime(close)}.`,
} as const;

/** 'YYYY-MM-DDTHH:MM' (an `<input type="datetime-local">` value) split into date and minutes, or null. */
export function parseLocalDateTime(value: string): { date: string; weekday: number; minutes: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(String(value ?? '').trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return { date: `${match[1]}-${match[2]}-${match[3]}`, weekday: utc.getUTCDay(), minutes: hour * 60 + minute };
}

/** `now` as 'YYYY-MM-DDTHH:MM' in `timeZone` (the dealer's; the form's `min`, the past check). */
export function localDateTime({ now, timeZone }: { now: Date; timeZone?: string | null }): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function minutesOf(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(String(time ?? ''));
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The message for a chosen 'YYYY-MM-DDTHH:MM', or null when it is fine. Empty is fine (the
 * field's required rule decides). `now` is the dealer's local 'YYYY-MM-DDTHH:MM'. Without any
 * weekly hours the location's days are not known and only the past is checked. A time must be
 * from opening up to, not at, closing.
 */
export function appointmentError({
  value,
  now,
  hours,
  special = [],
  department,
}: {
  value: unknown;
  now: string;
  hours: readonly OpeningHour[] | null | undefined;
  special?: readonly SpecialHours[] | null;
  department: 'sales' | 'service' | 'parts';
}): string | null {
  if (value == null || value === '') return null;
  const chosen = parseLocalDateTime(String(value));
  if (!chosen) return APPOINTMENT_MESSAGES.invalid;
  if (String(value).slice(0, 16) < now.slice(0, 16)) return APPOINTMENT_MESSAGES.past;
  const day = DAY_NAMES[chosen.weekday];
  const holiday = (special ?? []).find((s) => s.date === chosen.date && (s.department === 'all' || s.department === department));
  let open: string | null | undefined;
  let close: string | null | undefined;
  if (holiday) {
    if (holiday.status === 'Closed') return APPOINTMENT_MESSAGES.closed(`${day} ${chosen.date}`);
    [open, close] = [holiday.start_hour, holiday.end_hour];
  } else {
    if (!hours || hours.length === 0) return null;
    const entry = hours.find((h) => h.weekday === chosen.weekday);
    if (!entry || entry.status === 'Closed') return APPOINTMENT_MESSAGES.closed(`${day}s`);
    [open, close] = [entry.open, entry.close];
  }
  const from = minutesOf(open);
  const to = minutesOf(close);
  if (from === null || to === null) return null;
  return chosen.minutes >= from && chosen.minutes < to ? null : APPOINTMENT_MESSAGES.hours(open!, close!);
}

/** The field of a form that holds an appointment, and the department whose hours apply. */
export const APPOINTMENT_FIELDS: Partial<Record<FormKind, { field: string; department: 'sales' | 'service' }>> = {
  'test-drive': { field: 'dateTime', department: 'sales' },
  service: { field: 'dateTime', department: 'service' },
};

/** A location's hours as the appointment rule needs them. */
export interface AppointmentLocation {
  id: number;
  location_type: string;
  hours: readonly OpeningHour[];
  special: readonly SpecialHours[];
}

/** The location whose hours apply: the chosen one (or the car's), else the first of the department's type, else the first. */
export function appointmentLocation<T extends AppointmentLocation>({
  locations,
  locationId,
  department,
}: {
  locations: readonly T[];
  locationId: number | null;
  department: 'sales' | 'service';
}): T | null {
  const byId = locationId != null ? locations.find((l) => l.id === locationId) : undefined;
  return byId ?? locations.find((l) => l.location_type === department) ?? locations[0] ?? null;
}

/**
 * {field: message} for the appointment of a form's values, empty when fine or when the form has
 * none. `locationId` is the car's location (the chosen location_id wins); `now` the dealer's local
 * 'YYYY-MM-DDTHH:MM'.
 */
export function formAppointmentErrors({
  form,
  values,
  locations,
  locationId = null,
  now,
}: {
  form: FormKind;
  values: Record<string, unknown>;
  locations: readonly AppointmentLocation[];
  locationId?: number | null;
  now: string;
}): Record<string, string> {
  const rule = APPOINTMENT_FIELDS[form];
  if (!rule) return {};
  const chosen = Number(values.location_id);
  const location = appointmentLocation({ locations, locationId: Number.isInteger(chosen) && chosen > 0 ? chosen : locationId, department: rule.department });
  const message = appointmentError({ value: values[rule.field], now, hours: location?.hours, special: location?.special, department: rule.department });
  return message ? { [rule.field]: message } : {};
}
