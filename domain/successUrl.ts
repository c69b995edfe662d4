/**
 * The success page URL after an enquiry or test drive (SPEC §2 /success?category=...).
 */
import type { CarType } from './types.ts';
import { slugify } from './slug.ts';
import { SUCCESS_PATH } from './routes/paths.ts';

/** The enquiry category a car type turns the category into. */
export const VEHICLE_ENQUIRY_CATEGORIES: Record<CarType, string> = {
  demo: 'Demo Vehicle Enquiry',
  used: 'Used Vehicle Enquiry',
  new: 'New Vehicle Enquiry',
};

/**
 * '/success?category={slug of category}&key=value...'. With a car_type of demo, used or new
 * the category becomes that vehicle enquiry category. Extra pairs are URI-encoded; null and
 * undefined values are left out.
 */
export function successUrl({
  category,
  carType,
  extra = {},
}: {
  category: string;
  carType?: CarType | string | null;
  extra?: Record<string, string | number | boolean | null | undefined>;
}): string {
  const resolved = carType != null && carType in VEHICLE_ENQUIRY_CATEGORIES ? VEHICLE_ENQUIRY_CATEGORIES[carType as CarType] : category;
  const pairs = [`category=${encodeURIComponent(slugify(resolved))}`];
  for (const [key, value] of Object.entries(extra)) {
    if (value === null || value === undefined) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return `${SUCCESS_PATH}?${pairs.join('&')}`;
}

/**
 * SPEC §2's extra key=value pairs of the success URL: the form's context (car id, car type,
 * location), so the success page and the dealer's analytics know what the lead was about.
 * Empty values are left out.
 */
export function successContext({
  context,
  base,
}: {
  context: { car_id?: number | null; location_id?: number | null };
  base: Record<string, unknown>;
}): Record<string, string | number | null> {
  const carId = context.car_id ?? (typeof base.car_id === 'string' && base.car_id !== '' ? base.car_id : null);
  const carType = typeof base.car_type === 'string' && base.car_type !== '' ? base.car_type : null;
  const chosen = base.location_id;
  const locationId = context.location_id ?? (typeof chosen === 'number' || (typeof chosen === 'string' && chosen !== '') ? chosen : null);
  return { car_id: carId, car_type: carType, location_id: locationId };
}
