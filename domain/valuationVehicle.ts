/**
 * How a trade-in valuation names the shopper's car (SPEC §5 'Rego is optional', §7 valuations):
 * by its registration (a plate and its state, or a VIN where the region takes one), or, without
 * the rego, by its make, model and year with the odometer reading. The valuation form checks
 * with these rules before it sends; the lead API runs the same rules on what it receives.
 */
import type { Region } from './site.ts';
import { MESSAGES } from './formMessages.ts';
import { validateField, type FieldSpec } from './formRules.ts';
import { registrationStates, regionSettings } from './region.ts';
import { DEFAULT_REGION } from './regionTable.ts';

/** The fields that describe a car without its rego, in order. */
export const DESCRIBED_VEHICLE_FIELDS: readonly FieldSpec[] = [
  { name: 'make', label: 'Vehicle make', type: 'string', required: true, maxLength: 60 },
  { name: 'model', label: 'Vehicle model', type: 'string', required: true, maxLength: 60 },
  { name: 'year', label: 'Vehicle year', type: 'year', required: true, maxLength: 4 },
];

/** Upper-cases and strips spaces and dashes, the way regos are written on plates. */
export function normaliseRego(rego: string): string {
  return rego.toUpperCase().replace(/[\s-]/g, '');
}

// 17 characters of the VIN alphabet (no I, O or Q).
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** True when a VIN was given (a non-empty string): the lookup is by VIN, not plate. */
export function byVin(vin: unknown): vin is string {
  return typeof vin === 'string' && vin.trim() !== '';
}

function given(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
}

/**
 * Field errors of a registration in the site's region, empty when valid: a plate of 1 to 9
 * letters and digits and one of the region's registration states (NZ: its one national
 * register), or, where the region takes one (US), a 17-character VIN instead.
 */
export function registrationErrors({
  rego,
  regoState,
  vin,
  region = DEFAULT_REGION,
}: {
  rego: unknown;
  regoState: unknown;
  vin?: unknown;
  region?: Region;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const wording = regionSettings(region).registration;
  if (wording.vin_label !== null && byVin(vin)) {
    if (!VIN.test(vin.trim().toUpperCase())) errors.vin = `Enter a ${wording.vin_label} of 17 letters and digits (no I, O or Q)`;
    return errors;
  }
  if (typeof rego !== 'string' || !/^[A-Z0-9]{1,9}$/.test(normaliseRego(rego)))
    errors.rego = `Enter a ${wording.plate_label.toLowerCase()} of 1 to 9 letters and digits`;
  const states = registrationStates(region);
  if (typeof regoState !== 'string' || !states.includes(regoState.toUpperCase())) {
    errors.regoState = `Choose a state: ${states.join(', ')}`;
  }
  return errors;
}

/** Errors of the make, model and year of a car described without its rego (SPEC §5 messages). */
export function describedVehicleErrors({ values }: { values: Record<string, unknown> }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of DESCRIBED_VEHICLE_FIELDS) {
    const message = validateField({ field, value: values[field.name] });
    if (message !== null) errors[field.name] = message;
  }
  return errors;
}

/**
 * True when the valuation names the car by make, model or year and gives no plate (nor a VIN
 * where the region takes one): the rego is left out, as SPEC §5 allows.
 */
export function isDescribedVehicle({ values, region = DEFAULT_REGION }: { values: Record<string, unknown>; region?: Region }): boolean {
  const vinTaken = regionSettings(region).registration.vin_label !== null;
  if (given(values.rego) || (vinTaken && byVin(values.vin))) return false;
  return DESCRIBED_VEHICLE_FIELDS.some((field) => given(values[field.name]));
}

/**
 * The vehicle errors of a valuation request: a described car needs its make, model, year and
 * odometer (`km`, a whole number); any other is checked as a registration.
 */
export function valuationVehicleErrors({ values, region = DEFAULT_REGION }: { values: Record<string, unknown>; region?: Region }): Record<string, string> {
  if (!isDescribedVehicle({ values, region })) return registrationErrors({ rego: values.rego, regoState: values.regoState, vin: values.vin, region });
  const errors = describedVehicleErrors({ values });
  const km = values.km;
  if (!(typeof km === 'number' && Number.isSafeInteger(km) && km >= 0)) errors.km = MESSAGES.required;
  return errors;
}
