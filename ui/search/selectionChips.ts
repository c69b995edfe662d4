/**
 * The shopper's chosen filters as removable chips ('Make: Toyota', 'Price: $5,000 to $20,000'):
 * each chip names one choice and carries the state without it, so the page only has to apply it.
 */
import { formatOdometer } from '../../domain/distance.ts';
import { formatPrice } from '../../domain/price.ts';
import { RANGE_FIELDS, type NumericRange, type RangeField } from '../../search/contract.ts';
import type { SearchState } from '../../search/urlCodec.ts';
import { facetLabel } from './labels.ts';
import { setRange, toggleRefinement } from './searchState.ts';

/** One removable chip: its key, its visible text and the state once it is removed. */
export interface SelectionChip {
  key: string;
  text: string;
  without: SearchState;
}

/** How range values read: prices in the region's currency, km in its distance unit. */
function rangeText({
  field,
  range,
  locale,
  currency,
  unit,
}: {
  field: RangeField;
  range: NumericRange;
  locale: string;
  currency: string;
  unit: 'kilometer' | 'mile';
}): string {
  const value = (n: number) =>
    field === 'price' ? formatPrice({ amount: n, locale, currency }) : field === 'km' ? formatOdometer({ km: n, locale, unit }) : String(n);
  if (range.min !== undefined && range.max !== undefined) return `${value(range.min)} to ${value(range.max)}`;
  if (range.min !== undefined) return `from ${value(range.min)}`;
  return `up to ${value(range.max!)}`;
}

/** The chips of a state's ranges (price, year, km) and refinements (in the facets' order). */
export function selectionChips({
  state,
  facets,
  valueLabels,
  locale,
  currency,
  unit,
}: {
  state: SearchState;
  /** The page's facets, in the order it shows them (labels and order of the chips). */
  facets: readonly { field: string; label: string }[];
  valueLabels: Record<string, Record<string, string>>;
  locale: string;
  currency: string;
  unit: 'kilometer' | 'mile';
}): SelectionChip[] {
  const labelOf = (field: string) => facets.find((f) => f.field === field)?.label ?? facetLabel(field);
  const order = (field: string) => {
    const at = facets.findIndex((f) => f.field === field);
    return at === -1 ? facets.length : at;
  };
  const chips: SelectionChip[] = [];
  for (const field of RANGE_FIELDS) {
    const range = state.ranges[field];
    if (!range || (range.min === undefined && range.max === undefined)) continue;
    chips.push({
      key: `range:${field}`,
      text: `${labelOf(field)}: ${rangeText({ field, range, locale, currency, unit })}`,
      without: setRange({ state, field, range: {} }),
    });
  }
  const fields = Object.keys(state.refinements).sort((a, b) => order(a) - order(b));
  for (const field of fields) {
    for (const value of state.refinements[field] ?? []) {
      chips.push({
        key: `${field}:${value}`,
        text: `${labelOf(field)}: ${valueLabels[field]?.[value] ?? value}`,
        without: toggleRefinement({ state, field, value }),
      });
    }
  }
  return chips;
}

/** The state with every filter removed; the keyword and the sort stay. */
export function withoutFilters(state: SearchState): SearchState {
  return { ...state, refinements: {}, ranges: {}, page: 1 };
}
