/**
 * The shopper's chosen filters as removable chips ('Make: Toyota', 'Price: $5,000 to $20,000'):
 * each chip names one choice and carries the state without it, so the page only has to apply it.
 *
 * It imports nothing at run time: its chunk (with SelectedFilters.tsx) loads when a filter is
 * first chosen, and the page hands it the formatting and state rules it already has loaded.
 */
import type { RangeField } from '../../search/contract.ts';
import type { SearchState } from '../../search/urlCodec.ts';

/** One removable chip: its key, its visible text and the state once it is removed. */
export interface SelectionChip {
  key: string;
  text: string;
  without: SearchState;
}

/** The rules a chip list needs from the page. */
export interface ChipRules {
  /** How one end of a range reads (labels.ts rangeValue, in the region's currency and unit). */
  valueText: (field: RangeField, value: number) => string;
  /** The state without a range (searchState.ts setRange with an empty range). */
  withoutRange: (state: SearchState, field: RangeField) => SearchState;
  /** The state without one facet value (searchState.ts toggleRefinement). */
  withoutValue: (state: SearchState, field: string, value: string) => SearchState;
}

/** The chips of a state's ranges, then its facet values, each in the order chosen. */
export function selectionChips({
  state,
  facets,
  valueLabels,
  rules,
}: {
  state: SearchState;
  /** The page's facets (the chips' labels). */
  facets: readonly { field: string; label: string }[];
  valueLabels: Record<string, Record<string, string>>;
  rules: ChipRules;
}): SelectionChip[] {
  // Price is the slider, not a facet of the list; every other chip is named as its facet is.
  const labelOf = (field: string) => facets.find((f) => f.field === field)?.label ?? (field === 'price' ? 'Price' : field);
  const chips: SelectionChip[] = [];
  for (const [field, range] of Object.entries(state.ranges) as [RangeField, { min?: number; max?: number } | undefined][]) {
    if (!range || (range.min === undefined && range.max === undefined)) continue;
    const end = (value: number) => rules.valueText(field, value);
    const text =
      range.min !== undefined && range.max !== undefined
        ? `${end(range.min)} to ${end(range.max)}`
        : range.min !== undefined
          ? `from ${end(range.min)}`
          : `up to ${end(range.max!)}`;
    chips.push({ key: `range:${field}`, text: `${labelOf(field)}: ${text}`, without: rules.withoutRange(state, field) });
  }
  for (const [field, values] of Object.entries(state.refinements)) {
    for (const value of values) {
      chips.push({
        key: `${field}:${value}`,
        text: `${labelOf(field)}: ${valueLabels[field]?.[value] ?? value}`,
        without: rules.withoutValue(state, field, value),
      });
    }
  }
  return chips;
}
