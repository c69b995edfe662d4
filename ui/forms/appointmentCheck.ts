/**
 * The appointment rule (domain/appointment.ts) applied in a form: the dealer's local time now,
 * and the car's location when the form is about a car.
 */
import { formAppointmentErrors, localDateTime } from '../../domain/appointment.ts';
import type { FormKind } from '../../domain/formRules.ts';
import type { FormCar, FormSite } from './formSite.ts';

export { appointmentLocation } from '../../domain/appointment.ts';

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
  return formAppointmentErrors({ form, values, locations: site.locations, locationId: car?.location_id ?? null, now: appointmentMin({ site, now }) });
}
