/**
 * The chosen filters as removable chips over the results. A chunk of its own: the search island
 * loads it when a filter is first chosen (or the shopper reaches for one), not with the page.
 */
import type { SearchState } from '../../search/urlCodec.ts';
import { selectionChips, type ChipRules } from './selectionChips.ts';

/** Props of {@link SelectedFilters}. */
export interface SelectedFiltersProps {
  state: SearchState;
  facets: readonly { field: string; label: string }[];
  valueLabels: Record<string, Record<string, string>>;
  rules: ChipRules;
  /** Applies the state without the chip's filter. */
  onRemove: (next: SearchState) => void;
  /** Removes every filter (the keyword and the sort stay). */
  onClear: () => void;
}

/** One button per chosen filter and one to clear them all; nothing when none is chosen. */
export function SelectedFilters({ state, facets, valueLabels, rules, onRemove, onClear }: SelectedFiltersProps) {
  const chips = selectionChips({ state, facets, valueLabels, rules });
  if (chips.length === 0) return null;
  return (
    <ul className="search-chips" aria-label="Selected filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button type="button" className="search-chip" aria-label={`Remove ${chip.text}`} onClick={() => onRemove(chip.without)}>
            {chip.text}
            <span aria-hidden="true"> ×</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="link-button" onClick={onClear}>
          Clear all filters
        </button>
      </li>
    </ul>
  );
}
