/**
 * Visible words of the search UI that SPEC does not fix: facet headings, sort option names and
 * the result count. SPEC's own texts ('Show Me N cars', the placeholders) stay verbatim where used.
 */
import type { SortKey } from '../../search/contract.ts';
import { CAR_TYPE_LABELS } from '../../domain/searchDocument.ts';
import { formatPrice } from '../../domain/price.ts';
import { formatOdometer } from '../../domain/distance.ts';
import type { FacetStats } from '../../search/contract.ts';

/** Facet headings by search-document field; a field not listed gets its name title-cased. */
export const FACET_LABELS: Record<string, string> = {
  car_type: 'Condition',
  make: 'Make',
  model: 'Model',
  badge: 'Badge',
  simple_body: 'Body Type',
  simple_fuel: 'Fuel Type',
  simple_transmission: 'Transmission',
  simple_drive: 'Drive Type',
  colour: 'Colour',
  dealership_slug: 'Dealership',
  dealership_name: 'Dealership',
  location_name: 'Location',
  city: 'City',
  state: 'State',
  seats: 'Seats',
  categories: 'Category',
  price_range: 'Price Range',
  weekly_price_range: 'Weekly Price',
  filtered_features: 'Features',
  tag: 'Tag',
  label: 'Tag',
  year: 'Year',
  km: 'Kilometres',
  price: 'Price',
};

/** Heading of a facet field. */
export function facetLabel(field: string): string {
  return FACET_LABELS[field] ?? field.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** One option of the sort select. */
export interface SortOption {
  value: SortKey;
  label: string;
}

/**
 * Sort options in the order the select lists them (SPEC names the keys, not their labels). The
 * odometer sort is named by the region's odometer label ('Kilometres', 'Mileage').
 */
export function sortOptions({ odometerLabel }: { odometerLabel: string }): SortOption[] {
  return [
    { value: 'custom_rank:desc', label: 'Recommended' },
    { value: 'price:asc', label: 'Price: Low to High' },
    { value: 'price:desc', label: 'Price: High to Low' },
    { value: 'year:desc', label: 'Year: Newest First' },
    { value: 'km:asc', label: `${odometerLabel}: Lowest First` },
    { value: 'created_at_timestamp:desc', label: 'Newest Listings' },
  ];
}

/** Display names of car_type values. */
export const CAR_TYPE_VALUE_LABELS: Record<string, string> = { ...CAR_TYPE_LABELS };

/** '1 car found' / 'N cars found'. */
export function resultCount(total: number): string {
  return total === 1 ? '1 car found' : `${total.toLocaleString('en')} cars found`;
}

/** SPEC §2 price slider button, verbatim: 'Show Me N cars'. */
export function showMeLabel(count: number): string {
  return `Show Me ${count} cars`;
}

/** SPEC §2 autocomplete placeholders. */
export const AUTOCOMPLETE_PLACEHOLDER = 'Search by make, model...';
/** SPEC §2 placeholder of dealers whose default search is used cars. */
export const AUTOCOMPLETE_PLACEHOLDER_USED = 'Search used cars';

/**
 * The span of a numeric facet in the current results, in the words a shopper reads: prices as
 * money, the odometer in the region's unit with thousands separators, years as they are.
 */
export function rangeHint({
  field,
  stats,
  locale,
  currency,
  unit = 'kilometer',
}: {
  field: string;
  stats: FacetStats;
  locale: string;
  currency: string;
  unit?: 'kilometer' | 'mile';
}): string {
  const text = (value: number) => rangeValue({ field, value, locale, currency, unit });
  return `${text(stats.min)} to ${text(stats.max)} in these results`;
}

/** One value of a numeric facet as a shopper reads it: a price as money, the odometer in the region's unit, a year as it is. */
export function rangeValue({
  field,
  value,
  locale,
  currency,
  unit = 'kilometer',
}: {
  field: string;
  value: number;
  locale: string;
  currency: string;
  unit?: 'kilometer' | 'mile';
}): string {
  return field === 'price' ? formatPrice({ amount: value, locale, currency }) : field === 'km' ? formatOdometer({ km: value, locale, unit }) : String(value);
}
