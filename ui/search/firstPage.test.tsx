import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { syntheticCars } from '../../bench/search.ts';
import { SITE, DATA, ROUTES } from '../../fixtures/sites/harbourside.ts';
import type { Site } from '../../domain/site.ts';
import type { Car } from '../../domain/types.ts';
import { isShownOnSite } from '../../domain/visibility.ts';
import { buildStaticIndex } from '../../search/buildIndex.ts';
import { createStaticEngine } from '../../search/staticEngine.ts';
import type { SearchScope } from '../route.ts';
import { firstPage } from './firstPage.ts';
import { buildSiteData } from '../../renderer/siteData.ts';
import { engineScope, scopeSpellings } from './searchScope.ts';
import { searchAppProps } from './searchAppProps.ts';
import { SearchApp } from './SearchApp.tsx';

const NOW = '2026-11-20T00:00:00.000Z';

function siteWith({ sort, positive }: { sort: Site['rules']['default_sort']; positive: boolean }): Site {
  return {
    ...SITE,
    now: NOW,
    search_host: null,
    search_key: null,
    search_filters: ['car_type', 'make', 'model', 'simple_body', 'simple_fuel', 'year', 'km', 'price'],
    rules: { ...SITE.rules, default_sort: sort },
    features: { ...SITE.features, price_asc_positive_filter: positive },
  };
}

function engineFor({ site, cars }: { site: Site; cars: Car[] }) {
  const assets = buildStaticIndex({ site, cars });
  const files = new Map(assets.map((a) => [a.path.split('/').pop()!, a.contents]));
  return createStaticEngine({ index: files.get('index.bin') as Uint8Array, loadChunk: async (file) => files.get(file) as string });
}

const SCOPES: (SearchScope | undefined)[] = [
  undefined,
  { car_types: ['used'], heading: 'Used Cars' },
  { car_types: ['new', 'demo'], heading: 'New and Demo Cars' },
  { make: 'Toyota', heading: 'Toyota' },
  { make: 'toyota', model: 'rav4', heading: 'Toyota RAV4' },
  { simple_body: 'SUV', heading: 'SUV' },
  { item_type: 'rv', heading: 'RV' },
  { make: 'Lada', heading: 'Lada' },
];

describe('the prerendered first page equals the static engine for the same empty state', () => {
  const all = syntheticCars({ count: 400, seed: 9, now: new Date(NOW) });
  for (const [sort, positive] of [
    ['custom_rank:desc', false],
    ['price:asc', true],
    ['price:asc', false],
    ['price:desc', false],
  ] as const) {
    it(`${sort}${positive ? ' with price > 0' : ''}`, async () => {
      const site = siteWith({ sort, positive });
      const cars = all.filter((car) => isShownOnSite({ car, now: new Date(NOW), soldWindowDays: site.include_sold_cars_days }));
      const engine = engineFor({ site, cars });
      for (const scope of SCOPES) {
        const ssr = firstPage({ site, data: buildSiteData({ site, cars, assets: DATA.assets }), scope });
        const live = await engine.search({
          scope: engineScope({ scope, spellings: scopeSpellings(cars) }),
          page: 1,
          hitsPerPage: 21,
          facets: site.search_filters,
        });
        expect(
          ssr.hits.map((h) => h.id),
          JSON.stringify(scope),
        ).toEqual(live.hits.map((h) => h.id));
        expect(ssr.hits).toEqual(live.hits);
        expect(ssr.estimatedTotalHits).toBe(live.estimatedTotalHits);
        expect(ssr.pages).toBe(live.pages);
        expect(ssr.facetDistribution).toEqual(live.facetDistribution);
        expect(ssr.facetStats).toEqual(live.facetStats);
      }
    });
  }
});

describe('SearchApp server render', () => {
  it('shows cards, counts, the slider and real page links before any script runs', () => {
    const cars = Array.from({ length: 30 }, (_, i) => ({ ...DATA.cars[0], id: 500 + i, slug: `car-${i}`, car_type: 'used' as const }));
    const props = searchAppProps({ site: SITE, route: ROUTES.search, data: buildSiteData({ site: SITE, cars, assets: DATA.assets }) });
    const html = renderToString(<SearchApp {...props} />);
    expect(html.match(/class="car-card"/g)).toHaveLength(21);
    expect(html).toContain('30 cars found');
    expect(html).toMatch(/<input id="fc-search-price-min" type="range"[^>]*min="5000" max="250000" step="500"/);
    expect(html).toContain('href="/search/used-cars?page=2"');
    expect(html).toContain('aria-current="page"');
    // The scope pins car_type: no car-type facet on a used-cars page.
    expect(html).not.toContain('data-facet="car_type"');
    // Phones: a Filters button over the results opens the filters as a dialog with the live
    // count, Clear and Apply (from lg the same dialog is laid out as the sidebar).
    expect(html).toMatch(
      /<button type="button" class="btn btn-outline search-filters-open" commandfor="fc-search-filters" command="show-modal" aria-haspopup="dialog">Filters<\/button>/,
    );
    expect(html).toMatch(/<dialog id="fc-search-filters" class="dialog search-filters-dialog" aria-labelledby="fc-search-filters-title" closedby="any">/);
    const dialog = html.slice(html.indexOf('<dialog'), html.indexOf('</dialog>'));
    expect(dialog).toContain('<aside class="search-filters" aria-label="Filters">');
    expect(dialog).toContain('<p class="search-filters-dialog__count" aria-live="polite">30 cars found</p>');
    expect(dialog).toMatch(/<button type="button" class="btn btn-outline">Clear<\/button>/);
    expect(dialog).toMatch(/<button type="button" class="btn btn-primary" commandfor="fc-search-filters" command="close">Apply<\/button>/);
    // The results come before nothing else but the toolbar: the opener is the results' first control.
    expect(html.indexOf('search-filters-open')).toBeLessThan(html.indexOf('class="car-card"'));
    // Props are JSON: what the browser hydrates with renders the same markup.
    const again = renderToString(<SearchApp {...JSON.parse(JSON.stringify(props))} />);
    expect(again).toBe(html);
  });
});
