/**
 * How each lead form is laid out on the one form shell: its fields (from domain/formRules.ts),
 * its steps, whether each step is saved as an incomplete lead (SPEC §4 multi-step form), and
 * the category the lead is filed under.
 */
import { fieldsFor, INSTANT_PRICE_CATEGORY, SERVICE_BOOKING_CATEGORY, type FieldSpec, type FormKind } from '../../domain/formRules.ts';
import { FORM_TEXT } from '../../domain/formMessages.ts';
import { VEHICLE_ENQUIRY_CATEGORIES } from '../../domain/successUrl.ts';
import type { FormCar, FormLocation, FormSite } from './formSite.ts';

/** A form's fields, grouped into steps. */
export interface FormPlan {
  form: FormKind;
  fields: FieldSpec[];
  /** Field names per step (one step for single forms). */
  steps: string[][];
  /** SPEC §4: each step before the last is saved as an incomplete lead (POST, then PUT). */
  saveSteps: boolean;
  /** Optional steps by index: the checkbox that asks for the step; unticked, the form skips it (SPEC §4 skip). */
  optionalSteps?: Record<number, string>;
}

/** The honeypot (SPEC §3 "a hidden special field"): every form carries it. */
export const HONEYPOT: FieldSpec = { name: 'special', label: 'special', type: 'hidden', required: false, default: '' };

const CONTACT_FIELDS = new Set(['name', 'last_name', 'email', 'phone', 'postcode', 'dealership']);

/**
 * The fields and steps of `form` for this dealer. `remove` drops fields (the subscribe form's
 * message and location). A form about a car whose dealership the select offers does not ask
 * which dealership: the car answers it (see {@link carFixedValues}).
 */
export function formPlan({
  form,
  site,
  remove = [],
  car = null,
}: {
  form: FormKind;
  site: FormSite;
  remove?: readonly string[];
  car?: FormCar | null;
}): FormPlan {
  const fixedByCar = Object.keys(planFixedValues({ form, site, car }));
  const fields = fieldsFor({ form, config: site.config, dealershipOptions: site.dealershipOptions }).filter(
    (f) => !remove.includes(f.name) && !fixedByCar.includes(f.name),
  );
  if (!fields.some((f) => f.name === HONEYPOT.name)) fields.unshift(HONEYPOT);
  const visible = fields.filter((f) => f.type !== 'hidden');
  // Steps the domain declares (test drive: 0 contact and message, 1 date and time).
  if (visible.some((f) => f.step !== undefined)) {
    const count = Math.max(...visible.map((f) => f.step ?? 0)) + 1;
    const steps = Array.from({ length: count }, (_, i) => visible.filter((f) => (f.step ?? 0) === i).map((f) => f.name));
    return { form, fields, steps, saveSteps: false };
  }
  // Finance pre-approval is the multi-step form that saves each step: contact details (with the
  // question that opens the trade-in step), the trade-in when there is one, then the rest.
  if (form === 'finance') {
    const switches = new Set(visible.flatMap((f) => (f.requiredWhen ? [f.requiredWhen] : [])));
    const first = visible.filter((f) => CONTACT_FIELDS.has(f.name) || switches.has(f.name)).map((f) => f.name);
    const optional = [...switches].map((name) => visible.filter((f) => f.requiredWhen === name).map((f) => f.name));
    const rest = visible.filter((f) => !first.includes(f.name) && f.requiredWhen === undefined).map((f) => f.name);
    const optionalSteps = Object.fromEntries([...switches].map((name, i) => [i + 1, name]));
    return { form, fields, steps: [first, ...optional, rest], saveSteps: true, optionalSteps };
  }
  return { form, fields, steps: [visible.map((f) => f.name)], saveSteps: false };
}

/**
 * The step after `index`: the next one, passing over optional steps whose checkbox is unticked
 * (the form then records a skip, SPEC §4).
 */
export function nextStep({ plan, index, values }: { plan: Pick<FormPlan, 'steps' | 'optionalSteps'>; index: number; values: Record<string, unknown> }): number {
  let next = index + 1;
  while (next < plan.steps.length - 1 && plan.optionalSteps?.[next] !== undefined && values[plan.optionalSteps[next]] !== true) next++;
  return next;
}

/**
 * Values a car answers for the shopper: its dealership (when the site's dealership select offers
 * it) and its location. Those selects are left out of the car's forms.
 */
export function carFixedValues({ site, car }: { site: FormSite; car?: FormCar | null }): Record<string, string> {
  if (!car) return {};
  const values: Record<string, string> = {};
  if (car.dealership_name && site.dealershipOptions.includes(car.dealership_name)) values.dealership = car.dealership_name;
  if (car.location_id != null && site.locations.some((l) => l.id === car.location_id)) values.location_id = String(car.location_id);
  return values;
}

/** The locations a form's location select offers: a service booking's are the service locations (all when there are none). */
export function formLocations({ form, site }: { form: FormKind; site: FormSite }): FormLocation[] {
  if (form !== 'service') return site.locations;
  const service = site.locations.filter((l) => l.location_type === 'service');
  return service.length > 0 ? service : site.locations;
}

/**
 * Values the form answers without asking: the car's (see {@link carFixedValues}), and a service
 * booking's location when there is only one service location.
 */
export function planFixedValues({ form, site, car }: { form: FormKind; site: FormSite; car?: FormCar | null }): Record<string, string> {
  const values = carFixedValues({ site, car });
  const offered = formLocations({ form, site });
  if (form === 'service' && offered.length === 1) values.location_id = String(offered[0].id);
  return values;
}

/** The category a lead is filed under (general enquiry: the chosen one). */
export function leadCategory({ form, car, values }: { form: FormKind; car?: FormCar | null; values: Record<string, unknown> }): string {
  if (typeof values.category === 'string' && values.category) return values.category;
  switch (form) {
    case 'test-drive':
      return 'Test Drive';
    case 'finance':
      return 'Finance Enquiry';
    case 'trade-in':
      return 'Trade-In Valuation';
    case 'reserve':
      return 'Reserve';
    case 'request-photos':
      return 'Photo Request';
    case 'service':
      return SERVICE_BOOKING_CATEGORY;
    case 'instant-price':
      return INSTANT_PRICE_CATEGORY;
    default:
      return car ? VEHICLE_ENQUIRY_CATEGORIES[car.car_type] : FORM_TEXT.generalEnquiry;
  }
}
