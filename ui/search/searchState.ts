/**
 * The search page's state transitions and what they ask of the engine, as pure functions: the
 * island (SearchApp.tsx) only wires them to React, history and the engine, so the rules are
 * tested without a browser.
 */
import { PRICE_SLIDER, clampLowerThumb, clampUpperThumb } from '../../domain/searchInputs.ts';
import type { NumericRange, RangeField, SearchQuery, SortKey } from '../../search/contract.ts';
import { encode, type SearchState } from '../../search/urlCodec.ts';
import type { EngineScope } from './searchScope.ts';

/** The state of a search page before anything is chosen. */
export const EMPTY_STATE: SearchState = { query: '', refinements: {}, ranges: {}, page: 1 };

/** What the page fixes for every query it sends. */
export interface QueryContext {
  scope: EngineScope;
  defaultSort: SortKey;
  hitsPerPage: number;
  facets: string[];
}

/** Does the state select anything (so 'Clear all filters' means something)? */
export function hasSelection(state: SearchState): boolean {
  return (
    state.query.trim() !== '' ||
    Object.values(state.refinements).some((v) => v.length > 0) ||
    Object.values(state.ranges).some((r) => r && (r.min !== undefined || r.max !== undefined))
  );
}

/** The engine query of a state: the route's scope as a hard filter, the default sort filled in. */
export function engineQuery({ state, context }: { state: SearchState; context: QueryContext }): SearchQuery {
  return {
    query: state.query.trim(),
    refinements: state.refinements,
    ranges: state.ranges,
    sortBy: state.sortBy ?? context.defaultSort,
    page: state.page,
    hitsPerPage: context.hitsPerPage,
    scope: context.scope,
    facets: context.facets,
  };
}

/** The page URL of a state: the default sort and page 1 are left out, scope values too. */
export function stateUrl({ state, path, context }: { state: SearchState; path: string; context: Pick<QueryContext, 'scope' | 'defaultSort'> }): string {
  const sortBy = state.sortBy === context.defaultSort ? undefined : state.sortBy;
  return encode({ path, state: { ...state, sortBy }, scope: context.scope });
}

/** Adds or removes one facet value; back to page 1. */
export function toggleRefinement({ state, field, value }: { state: SearchState; field: string; value: string }): SearchState {
  const current = state.refinements[field] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const refinements = { ...state.refinements };
  if (next.length > 0) refinements[field] = next;
  else delete refinements[field];
  return { ...state, refinements, page: 1 };
}

/** Sets (or clears, with an empty range) a numeric range; back to page 1. */
export function setRange({ state, field, range }: { state: SearchState; field: RangeField; range: NumericRange }): SearchState {
  const ranges = { ...state.ranges };
  if (range.min === undefined && range.max === undefined) delete ranges[field];
  else ranges[field] = { ...(range.min !== undefined ? { min: range.min } : {}), ...(range.max !== undefined ? { max: range.max } : {}) };
  return { ...state, ranges, page: 1 };
}

/** The two slider thumbs of a price range: an open end sits at the slider's end. */
export function sliderThumbs(range: NumericRange | undefined): { lower: number; upper: number } {
  return { lower: range?.min ?? PRICE_SLIDER.min, upper: range?.max ?? PRICE_SLIDER.max };
}

/**
 * Moves one thumb, constrained by the domain clamps (the lower thumb stays at least 1 below the
 * upper, the upper at least 1 above the lower).
 */
export function moveThumb({ thumbs, thumb, value }: { thumbs: { lower: number; upper: number }; thumb: 'lower' | 'upper'; value: number }): {
  lower: number;
  upper: number;
} {
  if (thumb === 'lower') return { lower: clampLowerThumb({ lower: value, upper: thumbs.upper }), upper: thumbs.upper };
  return { lower: thumbs.lower, upper: clampUpperThumb({ lower: thumbs.lower, upper: value }) };
}

/** Thumbs -> a price range; a thumb at the slider's end leaves that side open (cars outside it stay). */
export function thumbsToRange({ lower, upper }: { lower: number; upper: number }): NumericRange {
  const range: NumericRange = {};
  if (lower > PRICE_SLIDER.min) range.min = lower;
  if (upper < PRICE_SLIDER.max) range.max = upper;
  return range;
}

/** Page links to show: the first, the last and up to two either side of the current page. */
export function pageWindow({ page, pages }: { page: number; pages: number }): (number | 'gap')[] {
  if (pages <= 1) return [];
  const shown = new Set([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** How many of the sorted `prices` lie inside `range` (inclusive ends, open when missing). */
export function countInRange({ prices, range }: { prices: number[]; range: NumericRange }): number {
  const lowerBound = (x: number) => {
    let lo = 0;
    let hi = prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (prices[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const upperBound = (x: number) => {
    let lo = 0;
    let hi = prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (prices[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = range.min === undefined ? 0 : lowerBound(range.min);
  const to = range.max === undefined ? prices.length : upperBound(range.max);
  return Math.max(0, to - from);
}
