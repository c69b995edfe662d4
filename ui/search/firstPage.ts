/**
 * The first page of a search route, computed at build time from the stock so the prerendered
 * page shows what the engine will answer for the same (empty) state: same scope, same hard
 * price filter, same sort with the index's tie-break (custom_rank desc, then id), same cards,
 * same facet counts. With nothing selected, disjunctive counts are plain counts of the scope.
 */
import type { Car, VehicleSearchDocument } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { toSearchDocument } from '../../domain/searchDocument.ts';
import { priceFilterForSort } from '../../domain/searchInputs.ts';
import {
  DEFAULT_HITS_PER_PAGE,
  DEFAULT_SORT,
  isRangeField,
  pageCount,
  cardFinance,
  toSearchCard,
  type FacetStats,
  type SearchCard,
  type SearchResult,
  type SortKey,
} from '../../search/contract.ts';
import { compareDocOrder, fieldValues, numericValue } from '../../search/indexFormat.ts';
import { emptyRecord, ownValue } from '../../search/ownRecord.ts';
import type { SearchScope } from '../route.ts';
import { inScope } from '../pages/parts/scopeCars.ts';

interface Entry {
  car: Car;
  doc: VehicleSearchDocument;
  card: SearchCard;
}

/** The site fields the first page reads. */
export type FirstPageSite = Pick<Site, 'name' | 'now' | 'search_filters' | 'rules' | 'features' | 'config'>;

/** Documents per stock list, built once per build: a site has hundreds of search routes. */
const prepared = new WeakMap<Car[], { key: string; entries: Entry[] }>();

function entriesOf({ site, cars }: { site: FirstPageSite; cars: Car[] }): Entry[] {
  const key = `${site.name}|${site.now}|${site.features.electric_hybrid_tag}`;
  const hit = prepared.get(cars);
  if (hit && hit.key === key) return hit.entries;
  const now = new Date(site.now);
  const finance = cardFinance(site);
  const entries = cars
    .map((car) => {
      const doc = toSearchDocument({ car, dealershipName: site.name, now, electricHybridTag: site.features.electric_hybrid_tag });
      return { car, doc, card: toSearchCard({ car, imageUrl: doc.image_url, finance }) };
    })
    .sort((a, b) => compareDocOrder(a.doc, b.doc));
  prepared.set(cars, { key, entries });
  return entries;
}

/** The sort a site's search starts with (site.rules.default_sort, else custom_rank:desc). */
export function defaultSortOf(site: Pick<Site, 'rules'>): SortKey {
  return site.rules.default_sort ?? DEFAULT_SORT;
}

/** The engine's price column: a missing price counts as 0 (search/encodeIndex.ts). */
const priceOf = (doc: VehicleSearchDocument) => numericValue(doc, 'price') ?? 0;

/**
 * Page one of the route's results, in the engine's result shape. `cars` are the cars the site
 * shows (SiteData.cars: the visibility rule already applied).
 */
export function firstPage({
  site,
  cars,
  scope,
  hitsPerPage = DEFAULT_HITS_PER_PAGE,
}: {
  site: FirstPageSite;
  cars: Car[];
  scope: SearchScope | undefined;
  hitsPerPage?: number;
}): SearchResult {
  const sortBy = defaultSortOf(site);
  const positive = priceFilterForSort({ sortBy, enabled: Boolean(site.features.price_asc_positive_filter) }) !== null;
  let matching = entriesOf({ site, cars }).filter((e) => (!scope || inScope({ car: e.car, scope })) && (!positive || priceOf(e.doc) > 0));
  if (sortBy !== 'custom_rank:desc') {
    const sign = sortBy === 'price:asc' ? 1 : -1;
    // Array.prototype.sort is stable: equal prices keep document order, as the engine's permutation does.
    matching = [...matching].sort((a, b) => sign * (priceOf(a.doc) - priceOf(b.doc)));
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
