/**
 * Search state <-> query string, in SPEC §2's format:
 *   refinementList[field][n]=value, range[price]=min:max (open ends allowed), sortBy,
 *   page (omitted on page 1), query.
 * The parsing rules of SPEC §5 (quotes stripped, first string item of a range, page numbers)
 * live in domain/searchInputs.ts and are called, not repeated, here.
 */
import { formatRangeParam, pageParamValue, parsePageParam, parseRangeParam, stripQuotes } from '../domain/searchInputs.ts';
import { SORT_KEYS, isRangeField, type NumericRange, type RangeField, type SearchQuery, type SortKey } from './contract.ts';

/** The part of a query the URL carries. */
export interface SearchState {
  query: string;
  refinements: Record<string, string[]>;
  ranges: Partial<Record<RangeField, NumericRange>>;
  sortBy?: SortKey;
  /** 1-based. */
  page: number;
}

/** Field names a URL may name: identifiers only, so a hostile key cannot reach a filter string. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REFINEMENT_KEY = /^refinementList\[([^\]]*)\](?:\[(\d*)\])?$/;
const RANGE_KEY = /^range\[([^\]]*)\](?:\[(\d*)\])?$/;

/** Encode a parameter name: its brackets percent-encoded, as URLs may not carry them raw (URLSearchParams reads both forms). */
function encodeKey(key: string): string {
  return key.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
}

/** Encode a value: percent-encoding, but ':' kept readable (range values). */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

function rangeText(range: NumericRange): string | null {
  if (range.min === undefined && range.max === undefined) return null;
  return formatRangeParam(range);
}

/**
 * The query string (no leading '?') for a state. Refinement values the route's `scope` already
 * implies are left out (the path carries them); empty selections and page 1 are omitted.
 */
export function encodeQueryString({ state, scope = {} }: { state: Partial<SearchState> | SearchQuery; scope?: Record<string, string[]> }): string {
  const parts: string[] = [];
  for (const [field, values] of Object.entries(state.refinements ?? {})) {
    if (!FIELD_NAME.test(field)) continue;
    const implied = new Set(scope[field] ?? []);
    const kept = [...new Set((values ?? []).map(stripQuotes))].filter((v) => v !== '' && !implied.has(v));
    kept.forEach((v, n) => parts.push(`${encodeKey(`refinementList[${field}][${n}]`)}=${encodeValue(v)}`));
  }
  for (const [field, range] of Object.entries(state.ranges ?? {})) {
    if (!isRangeField(field) || !range) continue;
    const text = rangeText(range);
    if (text !== null) parts.push(`${encodeKey(`range[${field}]`)}=${encodeValue(text)}`);
  }
  if (state.sortBy) parts.push(`sortBy=${encodeValue(state.sortBy)}`);
  const page = pageParamValue(state.page ?? 1);
  if (page !== null) parts.push(`page=${page}`);
  if (state.query) parts.push(`query=${encodeValue(state.query)}`);
  return parts.join('&');
}

/** `path` plus the query string of the state (no '?' when there is nothing to say). */
export function encode({ state, path = '', scope }: { state: Partial<SearchState> | SearchQuery; path?: string; scope?: Record<string, string[]> }): string {
  const qs = encodeQueryString({ state, scope });
  return qs ? `${path}?${qs}` : path;
}

/** Read a state from a query string or URLSearchParams; anything malformed is dropped, never thrown. */
export function decode(params: URLSearchParams | string): SearchState {
  const search = typeof params === 'string' ? new URLSearchParams(params.startsWith('?') ? params.slice(1) : params) : params;
  const refinementItems = new Map<string, { n: number; order: number; value: string }[]>();
  const rangeItems = new Map<RangeField, { n: number; order: number; value: string }[]>();
  const state: SearchState = { query: '', refinements: {}, ranges: {}, page: 1 };
  let order = 0;
  for (const [key, raw] of search) {
    order++;
    const refinement = REFINEMENT_KEY.exec(key);
    if (refinement) {
      const [, field, n] = refinement;
      if (!FIELD_NAME.test(field)) continue;
      const list = refinementItems.get(field) ?? [];
      list.push({ n: n ? Number(n) : Number.MAX_SAFE_INTEGER, order, value: raw });
      refinementItems.set(field, list);
      continue;
    }
    const range = RANGE_KEY.exec(key);
    if (range) {
      const [, field, n] = range;
      if (!isRangeField(field)) continue;
      const list = rangeItems.get(field) ?? [];
      list.push({ n: n ? Number(n) : Number.MAX_SAFE_INTEGER, order, value: raw });
      rangeItems.set(field, list);
      continue;
    }
    if (key === 'sortBy') {
      const sort = stripQuotes(raw) as SortKey;
      if (SORT_KEYS.includes(sort)) state.sortBy = sort;
    } else if (key === 'page') {
      state.page = parsePageParam(raw);
    } else if (key === 'query') {
      state.query = raw;
    }
  }
  const byPosition = (a: { n: number; order: number }, b: { n: number; order: number }) => a.n - b.n || a.order - b.order;
  for (const [field, items] of refinementItems) {
    const values = [...new Set(items.sort(byPosition).map((i) => stripQuotes(i.value)))].filter((v) => v !== '');
    if (values.length) state.refinements[field] = values;
  }
  for (const [field, items] of rangeItems) {
    const parsed = parseRangeParam(items.sort(byPosition).map((i) => i.value));
    const range: NumericRange = {};
    if (parsed.min !== undefined) range.min = parsed.min;
    if (parsed.max !== undefined) range.max = parsed.max;
    if (range.min !== undefined || range.max !== undefined) state.ranges[field] = range;
  }
  return state;
}
