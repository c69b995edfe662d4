import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import type { SearchState } from '../../search/urlCodec.ts';
import { rangeValue } from './labels.ts';
import { EMPTY_STATE, setRange, toggleRefinement } from './searchState.ts';
import { selectionChips, type ChipRules } from './selectionChips.ts';
import { SelectedFilters } from './SelectedFilters.tsx';

const FACETS = [
  { field: 'make', label: 'Make' },
  { field: 'simple_body', label: 'Body Type' },
  { field: 'km', label: 'Kilometres' },
  { field: 'year', label: 'Year' },
];
const VALUE_LABELS = { car_type: { used: 'Used' } };
const rules = ({ locale, currency, unit }: { locale: string; currency: string; unit: 'kilometer' | 'mile' }): ChipRules => ({
  valueText: (field, value) => rangeValue({ field, value, locale, currency, unit }),
  withoutRange: (state, field) => setRange({ state, field, range: {} }),
  withoutValue: (state, field, value) => toggleRefinement({ state, field, value }),
});
const AU = rules({ locale: 'en-AU', currency: 'AUD', unit: 'kilometer' });

const state = (over: Partial<SearchState>): SearchState => ({ ...EMPTY_STATE, ...over });

describe('selectionChips', () => {
  it.each([
    [state({}), []],
    [state({ refinements: { make: ['Toyota', 'Mazda'] } }), ['Make: Toyota', 'Make: Mazda']],
    [state({ refinements: { car_type: ['used'] } }), ['car_type: Used']],
    [state({ ranges: { price: { min: 5500, max: 20000 } } }), ['Price: $5,500 to $20,000']],
    [state({ ranges: { price: { min: 5500 } } }), ['Price: from $5,500']],
    [state({ ranges: { km: { max: 50000 } } }), ['Kilometres: up to 50,000 km']],
    [state({ ranges: { year: { min: 2015, max: 2020 } }, refinements: { simple_body: ['SUV'] } }), ['Year: 2015 to 2020', 'Body Type: SUV']],
    [state({ ranges: { price: {} } }), []],
  ] as const)('%j -> %j', (given, texts) => {
    expect(selectionChips({ state: given, facets: FACETS, valueLabels: VALUE_LABELS, rules: AU }).map((c) => c.text)).toEqual(texts);
  });

  it('reads odometers in the region unit', () => {
    const us = rules({ locale: 'en-US', currency: 'USD', unit: 'mile' });
    const [chip] = selectionChips({ state: state({ ranges: { km: { max: 16093 } } }), facets: FACETS, valueLabels: {}, rules: us });
    expect(chip.text).toBe('Kilometres: up to 10,000 mi');
  });

  it('carries the state without its own filter, back on page 1', () => {
    const given = state({ refinements: { make: ['Toyota', 'Mazda'] }, ranges: { price: { max: 30000 } }, page: 3, query: 'sport' });
    const chips = selectionChips({ state: given, facets: FACETS, valueLabels: {}, rules: AU });
    expect(chips.map((c) => c.without)).toEqual([
      { ...given, ranges: {}, page: 1 },
      { ...given, refinements: { make: ['Mazda'] }, page: 1 },
      { ...given, refinements: { make: ['Toyota'] }, page: 1 },
    ]);
  });

  it('draws one remove button per chip, named for what it removes', () => {
    const html = renderToString(
      createElement(SelectedFilters, {
        state: state({ refinements: { make: ['Toyota'] } }),
        facets: FACETS,
        valueLabels: {},
        rules: AU,
        onRemove: () => {},
        onClear: () => {},
      }),
    );
    expect(html).toBe(
      '<ul class="search-chips" aria-label="Selected filters"><li><button type="button" class="search-chip" aria-label="Remove Make: Toyota">Make: Toyota<span aria-hidden="true"> ×</span></button></li><li><button type="button" class="link-button">Clear all filters</button></li></ul>',
    );
    expect(
      renderToString(createElement(SelectedFilters, { state: EMPTY_STATE, facets: FACETS, valueLabels: {}, rules: AU, onRemove: () => {}, onClear: () => {} })),
    ).toBe('');
  });
});
