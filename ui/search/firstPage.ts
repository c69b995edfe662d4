/**
 * The first page of a search route, computed at build time from the stock so the prerendered
 * page shows what the engine will answer for the same (empty) state: same scope, same hard
 * price filter, same sort with the index's tie-break (custom_rank desc, then id), same cards,
 * same facet counts. With nothing selected, disjunctive counts are plain counts of the scope.
 */
import type { VehicleSearchDocument } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { priceFilterForSort } from '../../domain/searchInputs.ts';
import { compareSortValues, sortOrder } from '../../domain/sortOrder.ts';
import { DEFAULT_HITS_PER_PAGE, DEFAULT_SORT, isRangeField, pageCount, type FacetStats, type SearchResult, type SortKey } from '../../search/contract.ts';
import { fieldValues, numericValue } from '../../search/indexFormat.ts';
import { emptyRecord, ownValue } from '../../search/ownRecord.ts';
import type { SearchScope } from '../route.ts';
import { entriesInScope } from '../pages/parts/scopeCars.ts';
import type { SiteData } from '../pageProps.ts';

/** The site fields the first page reads. */
export type FirstPageSite = Pick<Site, 'search_filters' | 'rules' | 'features'>;

/** The sort a site's search starts with (site.rules.default_sort, else custom_rank:desc). */
export function defaultSortOf(site: Pick<Site, 'rules'>): SortKey {
  return site.rules.default_sort ?? DEFAULT_SORT;
}

/** The engine's price column: a missing price counts as 0 (search/encodeIndex.ts). */
const priceOf = (doc: VehicleSearchDocument) => numericValue(doc, 'price') ?? 0;

/**
 * Page one of the route's results, in the engine's result shape: the search entries in `scope`
 * (ui/pages/parts/scopeCars.ts entriesInScope, found once per build and shared with the page's
 * inputs and meta), in the engine's document order.
 */
export function firstPage({
  site,
  data,
  scope,
  hitsPerPage = DEFAULT_HITS_PER_PAGE,
}: {
  site: FirstPageSite;
  data: Pick<SiteData, 'searchRanked' | 'searchRankedByMake'>;
  scope: SearchScope | undefined;
  hitsPerPage?: number;
}): SearchResult {
  const sortBy = defaultSortOf(site);
  const positive = priceFilterForSort({ sortBy, enabled: Boolean(site.features.price_asc_positive_filter) }) !== null;
  const inScope = entriesInScope({ scope, data });
  let matching = positive ? inScope.filter((e) => priceOf(e.doc) > 0) : inScope;
  if (sortBy !== 'custom_rank:desc') {
    const { field, descending } = sortOrder(sortBy);
    const valueOf = (doc: VehicleSearchDocument) => (field === 'price' ? priceOf(doc) : numericValue(doc, field));
    // Array.prototype.sort is stable: equal values keep document order, as the engine's permutations do.
    matching = [...matching].sort((a, b) => compareSortValues({ a: valueOf(a.doc), b: valueOf(b.doc), descending }));
  }
  const facetDistribution: Record<string, Record<string, number>> = {};
  const facetStats: Record<string, FacetStats> = {};
  for (const facet of site.search_filters) {
    if (isRangeField(facet)) {
      let min = Infinity;
      let max = -Infinity;
      for (const { doc } of matching) {
        const v = facet === 'price' ? priceOf(doc) : numericValue(doc, facet);
        if (v === null) continue;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      if (min <= max) facetStats[facet] = { min, max };
      continue;
    }
    const counts = emptyRecord<number>();
    for (const { doc } of matching) for (const v of fieldValues(doc, facet)) counts[v] = (ownValue(counts, v) ?? 0) + 1;
    facetDistribution[facet] = counts;
  }
  const total = matching.length;
  return {
    hits: matching.slice(0, hitsPerPage).map((e) => e.card),
    estimatedTotalHits: total,
    processingTimeMs: 0,
    facetDistribution,
    facetStats,
    page: 1,
    pages: pageCount({ total, hitsPerPage }),
    hitsPerPage,
  };
}
