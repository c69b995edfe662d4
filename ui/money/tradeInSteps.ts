/**
 * The trade-in valuation's questions and pure steps (SPEC §7 valuations): the
 * adjustment questions, the request bodies and what is kept in local storage. The contact
 * fields and their rules are domain/formRules.ts's 'trade-in' form.
 */
import type { FieldSpec } from '../../domain/formRules.ts';
import { kmFromUnit } from '../../domain/distance.ts';
import type { RegionSettings } from '../../domain/site.ts';

/** The vehicle POST /api/simple-autograb-lookup answers. */
export interface Vehicle {
  rego: string;
  regoState: string;
  make: string;
  model: string;
  badge?: string;
  year: number;
  body?: string;
  fuel?: string;
  transmission?: string;
  colour?: string;
  vin?: string;
  km?: number;
}

/** The condition questions asked after the vehicle is confirmed (sent as adjustmentAnswers). */
export const ADJUSTMENT_QUESTIONS: readonly FieldSpec[] = [
  { name: 'condition', label: 'Overall condition', type: 'select', required: true, options: ['Excellent', 'Good', 'Fair', 'Poor'] },
  { name: 'accident_damage', label: 'Has it had accident or hail damage?', type: 'select', required: true, options: ['No', 'Yes'] },
  { name: 'service_history', label: 'Does it have a full service history?', type: 'select', required: true, options: ['Yes', 'No'] },
  { name: 'finance_owing', label: 'Is there finance owing on it?', type: 'select', required: true, options: ['No', 'Yes'] },
];

/** The odometer question in the region's unit ('Odometer (km)', 'Odometer (mi)'); sent with its unit and as km. */
export function kmField({ unit }: { unit: string }): FieldSpec {
  return { name: 'km', label: `Odometer (${unit})`, type: 'string', required: true, maxLength: 7 };
}

/** The contact fields of the valuation, in order. */
export const CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

/** 'Yes'/'No'/'Good' ... as the server's offer rules read them (lower case). */
export function adjustmentAnswers(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.name, String(values[q.name] ?? '').toLowerCase()]));
}

/** The vehicle in one line: '2019 Toyota Corolla Ascent Sport'. */
export function vehicleTitle(vehicle: Vehicle): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.badge].filter(Boolean).join(' ');
}

/** A whole number (the odometer in the region's unit), or null when the text is not one. */
export function parseKm(text: unknown): number | null {
  const digits = String(text ?? '').replace(/[\s,]/g, '');
  return /^\d{1,7}$/.test(digits) ? Number(digits) : null;
}

/** The visit context SPEC §3 lead_attributes carries, as the runtime keeps it in sessionStorage. */
export function leadAttributes(stored: string | null): { visited_pages: string[]; linked_query_params: Record<string, string> } {
  try {
    const raw = JSON.parse(stored ?? '{}') as { visited_pages?: unknown; linked_query_params?: unknown };
    const pages = Array.isArray(raw.visited_pages) ? raw.visited_pages.filter((p): p is string => typeof p === 'string') : [];
    const params: Record<string, string> = {};
    if (raw.linked_query_params && typeof raw.linked_query_params === 'object') {
      for (const [k, v] of Object.entries(raw.linked_query_params as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
    }
    return { visited_pages: pages, linked_query_params: params };
  } catch (cause) {
    console.warn(new Error('The visit record is not JSON', { cause }));
    return { visited_pages: [], linked_query_params: {} };
  }
}

/** SPEC §7 POST /api/valuations body: the user data plus url, source, user_agent, car_id, car_dealership_id and lead_attributes. */
export function valuationBody({
  values,
  vehicle,
  unit = 'kilometer',
  car,
  dealershipSlug,
  websiteSlug,
  url,
  userAgent,
  attributes,
}: {
  values: Record<string, unknown>;
  vehicle: Vehicle;
  /** The unit the odometer was typed in (the region's). */
  unit?: RegionSettings['distance_unit'];
  car: { id: number; dealership_id: number | null } | null;
  dealershipSlug: string;
  websiteSlug: string;
  url: string;
  userAgent: string;
  attributes: ReturnType<typeof leadAttributes>;
}): Record<string, unknown> {
  const contact = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, String(values[name] ?? '').trim()]));
  return {
    ...contact,
    rego: vehicle.rego,
    regoState: vehicle.regoState,
    ...odometerFields({ typed: parseKm(values.km), unit }),
    ...(vehicle.rego ? {} : { vin: vehicle.vin }),
    make: vehicle.make,
    model: vehicle.model,
    // A registration no service looked up has no year yet: the dealer finds it.
    ...(vehicle.year ? { year: vehicle.year } : {}),
    dealership_slug: dealershipSlug,
    website_slug: websiteSlug,
    url,
    source: 'Website',
    user_agent: userAgent,
    car_id: car?.id ?? null,
    car_dealership_id: car?.dealership_id ?? null,
    lead_attributes: attributes,
  };
}

/** The odometer as typed with its unit, and as km (what the offer rules read). */
function odometerFields({ typed, unit }: { typed: number | null; unit: RegionSettings['distance_unit'] }): Record<string, unknown> {
  return { km: typed === null ? null : kmFromUnit({ value: typed, unit }), odometer: typed, odometer_unit: unit };
}

/** SPEC §3 local storage: the trade-in valuation data. */
export const VALUATION_STORAGE_KEY = 'valuation';
