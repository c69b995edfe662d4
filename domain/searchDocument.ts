/**
 * The vehicle search document of SPEC §3, built from a car. The static index and the
 * Meilisearch backend both index these, so facets and ranges agree.
 */
import type { Car, VehicleSearchDocument } from './types.ts';
import { DEFAULT_NO_PRICE_TEXT, formatPrice, isRealPrice } from './price.ts';
import { carTag } from './carTag.ts';
import { parseTime } from './days.ts';
import { itemTypeOf } from './itemTypes.ts';
import { searchStatus } from './visibility.ts';

/** Width of a price_range bucket. */
export const PRICE_RANGE_STEP = 10000;

/** The price from which one open bucket ('$100,000+') is used. */
export const PRICE_RANGE_TOP = 100000;

/** Width of a weekly_price_range bucket. */
export const WEEKLY_RANGE_STEP = 50;

/** Car type labels used in categories. */
export const CAR_TYPE_LABELS = { new: 'New', used: 'Used', demo: 'Demo' } as const;

/**
 * The price_range facet value: 'Under $10,000', '$10,000 - $20,000' ... '$90,000 - $100,000',
 * '$100,000+'; a price that is not real gives the no-price text.
 */
export function priceRange(price: number | null | undefined): string {
  if (!isRealPrice(price)) return DEFAULT_NO_PRICE_TEXT;
  const p = price as number;
  if (p < PRICE_RANGE_STEP) return `Under ${formatPrice({ amount: PRICE_RANGE_STEP })}`;
  if (p >= PRICE_RANGE_TOP) return `${formatPrice({ amount: PRICE_RANGE_TOP })}+`;
  const low = Math.floor(p / PRICE_RANGE_STEP) * PRICE_RANGE_STEP;
  return `${formatPrice({ amount: low })} - ${formatPrice({ amount: low + PRICE_RANGE_STEP })}`;
}

/** The weekly_price_range facet value, '$100 - $150', from a weekly repayment; null without one. */
export function weeklyPriceRange(weekly: number | null | undefined): string | null {
  if (typeof weekly !== 'number' || !Number.isFinite(weekly) || weekly <= 0) return null;
  const low = Math.floor(weekly / WEEKLY_RANGE_STEP) * WEEKLY_RANGE_STEP;
  return `${formatPrice({ amount: low })} - ${formatPrice({ amount: low + WEEKLY_RANGE_STEP })}`;
}

function firstWeeklyPayment(car: Pick<Car, 'finance_lenders'>): number | null {
  for (const quote of Object.values(car.finance_lenders ?? {})) {
    if (quote && typeof quote.paymentWeek === 'number' && quote.paymentWeek > 0) return quote.paymentWeek;
  }
  return null;
}

function seconds(iso: string | null | undefined): number | null {
  const ms = parseTime(iso);
  return ms === null ? null : Math.floor(ms / 1000);
}

/**
 * A car as a search document. Timestamps are Unix seconds. `categories` are the car type label
 * ('New', 'Used', 'Demo'), body and fuel. `label` is the tag banner text when `now` is given
 * (SPEC §4 priority), else the car's own tag.
 */
export function toSearchDocument({
  car,
  dealershipName,
  now,
  electricHybridTag = false,
  newListingLabel,
}: {
  car: Car;
  dealershipName: string;
  now?: Date;
  electricHybridTag?: boolean;
  /** The new tag's label (the record's advertising.new_listing_label); default carTag's. */
  newListingLabel?: string;
}): VehicleSearchDocument {
  const categories = [CAR_TYPE_LABELS[car.car_type], car.simple_body, car.simple_fuel].filter((c): c is string => typeof c === 'string' && c.trim() !== '');
  const label = now ? (carTag({ car, now, electricHybridTag, labels: newListingLabel ? { new: newListingLabel } : {} })?.label ?? null) : (car.tag ?? null);
  const photos = car.images?.length ?? car.thumbnails?.length ?? 0;
  return {
    id: car.id,
    slug: car.slug,
    status: searchStatus(car),
    badge: car.badge ?? null,
    car_type: car.car_type,
    categories,
    city: car.location?.city ?? null,
    colour: car.colour ?? null,
    dealership_name: dealershipName,
    dealership_slug: car.dealership_slug,
    filtered_features: car.features ?? [],
    item_type: itemTypeOf(car),
    km: car.km ?? null,
    location_name: car.location?.name ?? null,
    make: car.make,
    make_model: `${car.make} ${car.model}`,
    model: car.model,
    price: car.price,
    price_range: priceRange(car.price),
    subscription_price: car.subscription_price ?? null,
    weekly_price_range: weeklyPriceRange(firstWeeklyPayment(car)),
    seats: car.seats ?? null,
    simple_body: car.simple_body ?? null,
    simple_drive: car.simple_drive ?? null,
    simple_fuel: car.simple_fuel ?? null,
    simple_transmission: car.simple_transmission ?? null,
    state: car.location?.state ?? null,
    tag: car.tag ?? null,
    year: car.year,
    created_at_timestamp: seconds(car.created_at) ?? 0,
    sold_date_timestamp: seconds(car.sold_date),
    show_on_dealer_website: car.show_on_dealer_website !== false,
    photos_count: photos,
    location_id: car.location?.id ?? null,
    name: car.name,
    label,
    custom_rank: car.custom_rank ?? 0,
    image_url: car.primary_image_url ?? car.images?.[0]?.image.url ?? null,
  };
}
