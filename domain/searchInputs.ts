/**
 * Search inputs (SPEC §5 "Price slider and filters", §4 "Search results", §9 "Search"): the
 * slider bounds, URL parameter parsing that never throws, and the client results cache.
 */

/** SPEC §9 price slider: 5000 to 250000, step 500. */
export const PRICE_SLIDER = { min: 5000, max: 250000, step: 500 } as const;

/** SPEC §9 sort keys (the ones a record's default_sort may name). */
export const SPEC_SORT_KEYS = ['price:asc', 'price:desc', 'custom_rank:desc'] as const;

/**
 * Every sort a shopper may pick: SPEC §9's, then the ones a shopper expects beside them (year
 * newest first, odometer lowest first, newest listing first), answered by both engines.
 */
export const SORT_KEYS = [...SPEC_SORT_KEYS, 'year:desc', 'km:asc', 'created_at_timestamp:desc'] as const;

/** A sort key: SPEC §9's or one of the added ones. */
export type SortKey = (typeof SORT_KEYS)[number];

/** SPEC §9 page size for instant search. */
export const INSTANT_SEARCH_PAGE_SIZE = 21;

/** SPEC §9 multi-search default limit. */
export const MULTI_SEARCH_LIMIT = 100;

/** SPEC §9 facet count trick: above this many hits, counts are summed from facet items. */
export const FACET_SUM_THRESHOLD = 1999;

/** True when facet counts must be summed from facet items (hits exceed 1999). */
export function sumFacetCounts(totalHits: number): boolean {
  return totalHits > FACET_SUM_THRESHOLD;
}

function finite(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The lower thumb stays at least 1 below the upper value. */
export function clampLowerThumb({ lower, upper }: { lower: number; upper: number }): number {
  return Math.min(finite(lower, PRICE_SLIDER.min), finite(upper, PRICE_SLIDER.max) - 1);
}

/** The upper thumb stays at least 1 above the lower value. */
export function clampUpperThumb({ lower, upper }: { lower: number; upper: number }): number {
  return Math.max(finite(upper, PRICE_SLIDER.max), finite(lower, PRICE_SLIDER.min) + 1);
}

/** Removes single and double quotes from a filter value (they would break the filter syntax). */
export function stripQuotes(s: string): string {
  return String(s ?? '').replace(/["']/g, '');
}

function toNumber(part: string | undefined): number | undefined {
  if (part === undefined || part.trim() === '') return undefined;
  const n = Number(part.trim());
  return Number.isFinite(n) ? n : undefined;
}

/**
 * range[price]=min:max. Only the first string item of a repeated parameter is used, split on
 * a colon; a side that is missing or not a number is left out.
 */
export function parseRangeParam(value: unknown): { min?: number; max?: number } {
  const first = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
  if (typeof first !== 'string') return {};
  const [minPart, maxPart] = stripQuotes(first).split(':');
  const range: { min?: number; max?: number } = {};
  const min = toNumber(minPart);
  const max = toNumber(maxPart);
  if (min !== undefined) range.min = min;
  if (max !== undefined) range.max = max;
  return range;
}

/** The inverse of parseRangeParam: 'min:max', either side may be empty. */
export function formatRangeParam({ min, max }: { min?: number; max?: number }): string {
  return `${min ?? ''}:${max ?? ''}`;
}

/**
 * The page parameter: a whole number above 1, otherwise page one. Takes the first item of a
 * repeated parameter.
 */
export function parsePageParam(value: unknown): number {
  const first = Array.isArray(value) ? value[0] : value;
  const text = typeof first === 'number' ? String(first) : typeof first === 'string' ? first.trim() : '';
  if (!/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The page parameter for a URL: omitted (null) on page 1. */
export function pageParamValue(page: number): string | null {
  return Number.isSafeInteger(page) && page > 1 ? String(page) : null;
}

/**
 * SPEC §5: with a price-ascending sort, dealers that enable it add the filter price > 0 (so
 * cars without a price do not lead the list). Null when no extra filter applies.
 */
export function priceFilterForSort({ sortBy, enabled }: { sortBy: string | null | undefined; enabled: boolean }): string | null {
  return enabled && sortBy === 'price:asc' ? 'price > 0' : null;
}

/** A stable key for a filter set: object keys sorted at every level, so order does not matter. */
export function filterKey(filters: unknown): string {
  const seen = new WeakSet<object>();
  const normalise = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return '[circular]';
    seen.add(value);
    if (Array.isArray(value)) return value.map(normalise);
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, normalise(v)]));
  };
  return JSON.stringify(normalise(filters)) ?? 'undefined';
}

/**
 * SPEC §4 client results cache, keyed by filter set, evicting the oldest entry when it holds
 * `max` entries. Reading an entry does not refresh it: eviction is oldest-inserted first.
 */
export class ResultsCache<T> {
  readonly max: number;
  private readonly entries = new Map<string, T>();

  /** `max` below 1 disables caching. */
  constructor({ max }: { max: number }) {
    this.max = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0;
  }

  /** The cached results for this filter set, if any. */
  get(filters: unknown): T | undefined {
    return this.entries.get(filterKey(filters));
  }

  /** Stores results; evicts the oldest entries beyond `max`. */
  set(filters: unknown, value: T): void {
    if (this.max === 0) return;
    const key = filterKey(filters);
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Number of cached filter sets. */
  get size(): number {
    return this.entries.size;
  }
}
