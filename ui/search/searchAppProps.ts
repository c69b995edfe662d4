/**
 * Build-time props of the search island for one route (JSON in the page): engine, scope, facets
 * and the prerendered first page. Facets whose field the route's scope pins to one value (make
 * on /search/toyota) are left out: the scope is a hard filter, not a selection.
 */
import { siteDealerships } from '../../domain/dealerships.ts';
import type { Site } from '../../domain/site.ts';
import { DEFAULT_HITS_PER_PAGE, REFINABLE_FIELDS, isRangeField } from '../../search/contract.ts';
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { cardSettings } from '../pages/parts/carFacts.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { spell } from '../../domain/region.ts';
import { engineConfigFor } from './engineConfig.ts';
import { defaultSortOf, firstPage } from './firstPage.ts';
import { CAR_TYPE_VALUE_LABELS, facetLabel, sortOptions } from './labels.ts';
import type { FacetSpec, SearchAppProps } from './SearchApp.tsx';
import { engineScope } from './searchScope.ts';

/** Default size of the client results cache when the record sets none. */
export const DEFAULT_CACHE_MAX = 20;

/** The facets the page shows, from site.search_filters. */
export function facetSpecs({ site, scope }: { site: Site; scope: Record<string, string[]> }): FacetSpec[] {
  const specs: FacetSpec[] = [];
  for (const field of site.search_filters) {
    if (field === 'price') continue; // the price slider
    if ((scope[field]?.length ?? 0) === 1) continue;
    if (!isRangeField(field) && !REFINABLE_FIELDS.includes(field)) continue;
    // The odometer facet is labelled and typed in the region's unit ('Mileage', miles on US sites).
    const distance = field === 'km';
    const label = distance ? site.regionSettings.odometer_label : spell({ text: facetLabel(field), region: site.region });
    specs.push({ field, label, kind: isRangeField(field) ? 'range' : 'list', ...(distance ? { unit: site.regionSettings.distance_unit } : {}) });
  }
  return specs;
}

/** Display names of facet values: car types, and dealership slugs as their names. */
export function valueLabels({ site }: { site: Site }): Record<string, Record<string, string>> {
  const dealerships: Record<string, string> = {};
  for (const d of siteDealerships({ site })) dealerships[d.slug] = d.name;
  return { car_type: CAR_TYPE_VALUE_LABELS, dealership_slug: dealerships };
}

/** The search island's props for a search route. */
export function searchAppProps({ site, route, data }: PageProps<RouteOf<'search'>>): SearchAppProps {
  const scope = engineScope({ scope: route.search, spellings: data.spellings });
  return {
    path: route.path,
    scope,
    engine: engineConfigFor({ site }),
    facets: facetSpecs({ site, scope }),
    valueLabels: valueLabels({ site }),
    defaultSort: defaultSortOf(site),
    sortOptions: sortOptions({ odometerLabel: site.regionSettings.odometer_label }),
    hitsPerPage: DEFAULT_HITS_PER_PAGE,
    cacheMax: site.rules.search_cache_max ?? DEFAULT_CACHE_MAX,
    // The time the browser decides the cards' new tags at, not the build time (SiteData.tagClock).
    settings: { ...cardSettings(site), now: data.tagClock },
    initial: firstPage({ site, data, scope: route.search }),
    allStockPath: safeHref(site.default_search_path) ?? '/',
    idPrefix: 'fc-search',
  };
}
