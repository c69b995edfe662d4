/**
 * The Meilisearch side of the contract as plain data: filter strings, the SPEC §7 multi-search
 * body, reading its response, and the index settings those queries need. No I/O here, so the
 * request shapes are testable as fixtures; meiliEngine.ts sends them.
 */
import { priceFilterForSort, sumFacetCounts } from '../domain/searchInputs.ts';
import { scopeConditions } from '../domain/itemTypes.ts';
import { visibilityFilter } from '../domain/stockVisibility.ts';
import {
  CARD_FIELDS,
  DEFAULT_SORT,
  MULTI_SEARCH_DEFAULT_LIMIT,
  RANGE_FIELDS,
  REFINABLE_FIELDS,
  SORT_KEYS,
  isRangeField,
  pageCount,
  type FacetStats,
  type Hit,
  type SearchQuery,
  type SearchResult,
  type SortKey,
} from './contract.ts';

/** Highlight tags of the instant-search adapter (SPEC §7 "highlight tags"). */
export const HIGHLIGHT_PRE_TAG = '__ais-highlight__';
/** Closing highlight tag. */
export const HIGHLIGHT_POST_TAG = '__/ais-highlight__';

/**
 * Filter always applied: only cars the dealer shows. With the dealer's sold window configured,
 * the whole SPEC §4 rule is applied at query time (domain/stockVisibility.ts visibilityFilter),
 * so a sold car leaves the results when its window ends, not when someone re-indexes.
 */
export const BASE_FILTER: readonly string[] = ['show_on_dealer_website = true'];

/** The always-applied filter at `now`: the visibility rule with the window, else BASE_FILTER. */
export function baseFilter({ soldWindowDays, now }: { soldWindowDays?: number; now: Date }): string[] {
  return soldWindowDays === undefined ? [...BASE_FILTER] : [visibilityFilter({ now, soldWindowDays })];
}

/** Fields that hold several values per car; their counts cannot be summed into a hit total. */
const MULTI_VALUED: readonly string[] = ['categories', 'filtered_features'];

/** What a Meilisearch-backed engine is configured with. */
export interface MeiliSearchConfig {
  indexUid: string;
  /** Facets to count (site.search_filters). */
  facets: string[];
  defaultSort?: SortKey;
  /** Page size; SPEC §7 default 100. */
  hitsPerPage?: number;
  /** features.price_asc_positive_filter. */
  priceAscPositive?: boolean;
  /** include_sold_cars_days: the sold window applied at query time (see baseFilter). */
  soldWindowDays?: number;
}

/** A Meilisearch filter: AND of entries, an inner array is an OR. */
export type MeiliFilter = (string | string[])[];

/** One query of the multi-search body. */
export interface MeiliQuery {
  indexUid: string;
  facets: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  limit: number;
  offset: number;
  filter: MeiliFilter;
  sort?: string[];
  q?: string;
}

/**
 * A string literal for a filter: double-quoted, with backslashes and double quotes escaped, so
 * a value can never close the literal and add filter syntax of its own.
 */
export function quoteFilterValue(value: string): string {
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const FILTERABLE = new Set<string>(REFINABLE_FIELDS);

/** `field = "v1"` OR ... for one selection; null for a field that is not filterable (ignored). */
function selectionFilter({ field, values }: { field: string; values: string[] }): string[] | null {
  if (!FILTERABLE.has(field) || values.length === 0) return null;
  return [...new Set(values)].map((v) => `${field} = ${quoteFilterValue(v)}`);
}

function finiteNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/**
 * The filter for a query, leaving out the selection or range of `skip` (a facet's own filter,
 * for its disjunctive count).
 */
export function buildFilter({
  query,
  skip,
  priceAscPositive = false,
  sortBy,
  base = BASE_FILTER,
}: {
  query: SearchQuery;
  skip?: string;
  priceAscPositive?: boolean;
  sortBy: SortKey;
  /** The always-applied filter (baseFilter). */
  base?: readonly string[];
}): MeiliFilter {
  const filter: MeiliFilter = [...base];
  for (const [field, values] of Object.entries(query.scope ?? {})) {
    const group = selectionFilter({ field, values });
    if (group) filter.push(group);
  }
  for (const [field, values] of Object.entries(query.refinements ?? {})) {
    if (field === skip) continue;
    const group = selectionFilter({ field, values: values ?? [] });
    if (group) filter.push(group);
  }
  for (const [field, range] of Object.entries(query.ranges ?? {})) {
    if (field === skip || !isRangeField(field) || !range) continue;
    if (finiteNumber(range.min)) filter.push(`${field} >= ${range.min}`);
    if (finiteNumber(range.max)) filter.push(`${field} <= ${range.max}`);
  }
  filter.push(...scopeConditions(query.scope));
  const extra = priceFilterForSort({ sortBy, enabled: priceAscPositive });
  if (extra !== null) filter.push(extra);
  return filter;
}

function resolvedSort({ query, config }: { query: SearchQuery; config: MeiliSearchConfig }): SortKey {
  return query.sortBy && SORT_KEYS.includes(query.sortBy) ? query.sortBy : (config.defaultSort ?? DEFAULT_SORT);
}

/**
 * SPEC §7 multi-search body: the main query (indexUid, facets, attributesToHighlight, highlight
 * tags, limit, offset, filter, sort, q), then one query per facet (limit 1, offset 0, facets
 * [facet], the filter without that facet's own selection). Facet queries carry q only when
 * there is text, so counts honour the search box as the static engine's do.
 */
export function buildMultiSearch({ query, config, now = new Date() }: { query: SearchQuery; config: MeiliSearchConfig; now?: Date }): {
  queries: MeiliQuery[];
} {
  const sortBy = resolvedSort({ query, config });
  const base = baseFilter({ soldWindowDays: config.soldWindowDays, now });
  const limit = Math.max(1, Math.floor(query.hitsPerPage ?? config.hitsPerPage ?? MULTI_SEARCH_DEFAULT_LIMIT));
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const facets = query.facets ?? config.facets;
  const q = query.query ?? '';
  const priceAscPositive = config.priceAscPositive ?? false;
  const main: MeiliQuery = {
    indexUid: config.indexUid,
    facets: [...facets],
    attributesToHighlight: ['*'],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
    limit,
    offset: (page - 1) * limit,
    filter: buildFilter({ query, priceAscPositive, sortBy, base }),
    sort: [sortBy],
    q,
  };
  const perFacet = facets.map((facet): MeiliQuery => {
    const entry: MeiliQuery = {
      indexUid: config.indexUid,
      limit: 1,
      offset: 0,
      facets: [facet],
      filter: buildFilter({ query, skip: facet, priceAscPositive, sortBy, base }),
    };
    if (q.trim() !== '') entry.q = q;
    return entry;
  });
  return { queries: [main, ...perFacet] };
}

/** One entry of a multi-search response as read (SPEC §7). */
export interface MeiliResult {
  hits?: Record<string, unknown>[];
  estimatedTotalHits?: number;
  totalHits?: number;
  processingTimeMs?: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
}

/** A stored document (search document + card fields) as a card; missing fields are null. */
export function hitToCard(hit: Record<string, unknown>): Hit {
  const card: Record<string, unknown> = {};
  for (const f of CARD_FIELDS) card[f] = hit[f] ?? null;
  return card as unknown as Hit;
}

function nonZero(counts: Record<string, number> | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(counts ?? {}).filter(([, c]) => typeof c === 'number' && c > 0));
}

/**
 * The hit total, with SPEC §9's trick: above 1999 hits the estimate is replaced by the sum of a
 * single-valued facet's items (car_type when counted, else the first such facet).
 */
function totalHits({ main, facets }: { main: MeiliResult; facets: string[] }): number {
  const estimate = main.estimatedTotalHits ?? main.totalHits ?? 0;
  if (!sumFacetCounts(estimate)) return estimate;
  const candidates = ['car_type', ...facets].filter((f) => !isRangeField(f) && !MULTI_VALUED.includes(f));
  const field = candidates.find((f) => main.facetDistribution?.[f] && Object.keys(main.facetDistribution[f]).length > 0);
  if (!field) return estimate;
  return Object.values(main.facetDistribution![field]).reduce((a, b) => a + b, 0);
}

/** Read the multi-search response of `buildMultiSearch` into the contract's result. */
export function parseMultiSearch({ results, query, config }: { results: MeiliResult[]; query: SearchQuery; config: MeiliSearchConfig }): SearchResult {
  const facets = query.facets ?? config.facets;
  const main = results[0];
  if (!main) throw new Error('multi-search response has no results');
  const hitsPerPage = Math.max(1, Math.floor(query.hitsPerPage ?? config.hitsPerPage ?? MULTI_SEARCH_DEFAULT_LIMIT));
  const facetDistribution: Record<string, Record<string, number>> = {};
  const facetStats: Record<string, FacetStats> = {};
  facets.forEach((facet, i) => {
    const own = results[i + 1] ?? main;
    if (isRangeField(facet)) {
      const stats = own.facetStats?.[facet];
      if (stats && finiteNumber(stats.min) && finiteNumber(stats.max)) facetStats[facet] = { min: stats.min, max: stats.max };
    } else {
      facetDistribution[facet] = nonZero(own.facetDistribution?.[facet]);
    }
  });
  const total = totalHits({ main, facets });
  return {
    hits: (main.hits ?? []).map(hitToCard),
    estimatedTotalHits: total,
    processingTimeMs: main.processingTimeMs ?? 0,
    facetDistribution,
    facetStats,
    page: Math.max(1, Math.floor(query.page ?? 1)),
    pages: pageCount({ total, hitsPerPage }),
    hitsPerPage,
  };
}

/** SPEC §7 autocomplete: a direct index search with the query, a filter and sort custom_rank:desc. */
export function buildAutocomplete({ query, limit, soldWindowDays, now = new Date() }: { query: string; limit: number; soldWindowDays?: number; now?: Date }): {
  q: string;
  filter: MeiliFilter;
  sort: string[];
  limit: number;
} {
  return { q: query, filter: baseFilter({ soldWindowDays, now }), sort: ['custom_rank:desc'], limit };
}

/** Meilisearch's own defaults: totals stop at 1000 hits and a facet lists at most 100 values. */
export const MEILI_DEFAULT_LIMITS = { maxTotalHits: 1000, maxValuesPerFacet: 100 } as const;

/** Headroom over today's stock, so a growing feed does not hit the limits between index runs. */
const HEADROOM = 2;

function roundUp(n: number, step: number): number {
  return Math.ceil(n / step) * step;
}

/**
 * pagination.maxTotalHits and faceting.maxValuesPerFacet for a stock: twice the documents (every
 * page reachable, totals exact, SPEC §9's 1999 rule able to fire) and twice the most values any
 * string facet has, never below the server defaults.
 */
export function indexLimits({ documents }: { documents: readonly Record<string, unknown>[] }): { maxTotalHits: number; maxValuesPerFacet: number } {
  const distinct = new Map<string, Set<string>>();
  for (const doc of documents) {
    for (const field of REFINABLE_FIELDS) {
      const raw = Object.hasOwn(doc, field) ? doc[field] : undefined;
      if (raw == null) continue;
      const values = distinct.get(field) ?? new Set<string>();
      for (const v of Array.isArray(raw) ? raw : [raw]) values.add(String(v));
      distinct.set(field, values);
    }
  }
  const most = Math.max(0, ...[...distinct.values()].map((v) => v.size));
  return {
    maxTotalHits: Math.max(MEILI_DEFAULT_LIMITS.maxTotalHits, roundUp(documents.length * HEADROOM, 1000)),
    maxValuesPerFacet: Math.max(MEILI_DEFAULT_LIMITS.maxValuesPerFacet, roundUp(most * HEADROOM, 100)),
  };
}

/** Index settings the queries above need (pushed by `forecourt index`), with limits sized to the stock. */
export function meiliSettings({ documents = [] }: { documents?: readonly Record<string, unknown>[] } = {}): {
  filterableAttributes: string[];
  sortableAttributes: string[];
  searchableAttributes: string[];
  rankingRules: string[];
  pagination: { maxTotalHits: number };
  faceting: { maxValuesPerFacet: number };
} {
  const limits = indexLimits({ documents });
  return {
    pagination: { maxTotalHits: limits.maxTotalHits },
    faceting: { maxValuesPerFacet: limits.maxValuesPerFacet },
    filterableAttributes: [...REFINABLE_FIELDS, ...RANGE_FIELDS, 'show_on_dealer_website', 'subscription_price', 'sold_date_timestamp'],
    sortableAttributes: ['price', 'custom_rank', 'year', 'km', 'created_at_timestamp'],
    searchableAttributes: ['make', 'model', 'badge', 'name', 'make_model'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'custom_rank:desc'],
  };
}
