/**
 * Visible words of the search UI that SPEC does not fix: facet headings, sort option names and
 * the result count. SPEC's own texts ('Show Me N cars', the placeholders) stay verbatim where used.
 */
import type { SortKey } from '../../search/contract.ts';
import { CAR_TYPE_LABELS } from '../../domain/searchDocument.ts';

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

/** Sort options in the order the select lists them. */
export const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'custom_rank:desc', label: 'Recommended' },
  { value: 'price:asc', label: 'Price: Low to High' },
  { value: 'price:desc', label: 'Price: High to Low' },
];

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
