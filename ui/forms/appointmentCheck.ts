/**
 * The appointment rule (domain/appointment.ts) applied to a form's date-time fields: which
 * location's hours apply and which department's. The test drive's dateTime is checked against
 * the sales hours of the car's location (else the first sales location).
 */
import { appointmentError, localDateTime } from '../../domain/appointment.ts';
import type { FormKind } from '../../domain/formRules.ts';
import type { FormCar, FormLocation, FormSite } from './formSite.ts';

/** The fields of `form` that hold an appointment, with the department whose hours apply. */
export const APPOINTMENT_FIELDS: Partial<Record<FormKind, { field: string; department: 'sales' | 'service' }>> = {
  'test-drive': { field: 'dateTime', department: 'sales' },
};

/** The location whose hours apply: the chosen or the car's one, else the first of the department's type. */
export function appointmentLocation({
  site,
  car,
  locationId,
  department,
}: {
  site: FormSite;
  car?: FormCar | null;
  locationId?: number | null;
  department: 'sales' | 'service';
}): FormLocation | null {
  const wanted = locationId ?? car?.location_id ?? null;
  const byId = wanted != null ? site.locations.find((l) => l.id === wanted) : undefined;
  return byId ?? site.locations.find((l) => l.location_type === department) ?? site.locations[0] ?? null;
}

/** The earliest value a date-time input offers now (the dealer's local time). */
export function appointmentMin({ site, now }: { site: FormSite; now: Date }): string {
  return localDateTime({ now, timeZone: site.timezone });
}

/** {field: message} for the appointment field of `form`, empty when fine or when the form has none. */
export function appointmentErrors({
  form,
  site,
  car,
  values,
  now,
}: {
  form: FormKind;
  site: FormSite;
  car?: FormCar | null;
  values: Record<string, unknown>;
  now: Date;
}): Record<string, string> {
  const rule = APPOINTMENT_FIELDS[form];
  if (!rule) return {};
  const chosen = Number(values.location_id);
  const location = appointmentLocation({ site, car, locationId: Number.isInteger(chosen) && chosen > 0 ? chosen : null, department: rule.department });
  const message = appointmentError({
    value: values[rule.field],
    now: appointmentMin({ site, now }),
    hours: location?.hours,
    special: location?.special,
    department: rule.department,
  });
  return message ? { [rule.field]: message } : {};
}
