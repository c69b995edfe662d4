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
