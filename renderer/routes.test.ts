import { describe, expect, it } from 'vitest';
import type { Site } from '../domain/site.ts';
import type { RouteKind, RouteOf } from '../ui/route.ts';
import * as paths from '../domain/routes/paths.ts';
import { DATA, SITE } from '../fixtures/sites/harbourside.ts';
import { planRoutes } from './plan.ts';
import { ROUTE_KINDS, routeDefinition } from './routes.ts';
import { sitemapXml } from './sitemap.ts';
import { compileMetaTemplates } from './meta.ts';
import { loadPageRenderers, renderPages } from './render.ts';

/** The link a page writes to each route kind's target, with the builder pages call. */
const LINK: { [K in RouteKind]: (args: { site: Site; route: RouteOf<K> }) => string } = {
  home: () => paths.HOME_PATH,
  search: ({ route }) => paths.searchPath({ search: route.search }),
  models: () => paths.modelsPath(),
  model: ({ route }) => paths.modelPath(route.model),
  brand: ({ route }) => paths.brandPath({ make: route.manufacturer.name }),
  electric: () => paths.ELECTRIC_PATH,
  car: ({ route }) => paths.carPath(route.car),
  reserve: ({ site, route }) => paths.reservePath({ paths: site.paths, car: route.car }),
  'trade-in': () => paths.tradeInPath(),
  valuations: () => paths.VALUATIONS_PATH,
  compare: () => paths.COMPARE_PATH,
  favourites: ({ site }) => paths.favouritesPath({ paths: site.paths }),
  finance: ({ site }) => paths.financePath({ paths: site.paths }),
  contact: ({ site, route }) => (route.configured ? paths.configuredContactPath({ paths: site.paths }) : paths.CONTACT_PATH),
  'contact-location': ({ route }) => paths.contactLocationPath({ location: route.location }),
  location: ({ site, route }) => paths.locationPath({ paths: site.paths, location: route.location }),
  dealerships: () => paths.DEALERSHIPS_PATH,
  service: () => paths.SERVICE_PATH,
  'service-booking': () => paths.SERVICE_BOOKING_PATH,
  info: ({ route }) => paths.infoPath({ page: route.page }),
  privacy: () => paths.PRIVACY_PATH,
  'privacy-statement': () => paths.PRIVACY_STATEMENT_PATH,
  accessibility: () => paths.ACCESSIBILITY_PATH,
  'model-slug': ({ route }) => paths.modelHref({ model: route.model }),
  success: () => paths.SUCCESS_PATH,
  'not-found': () => paths.NOT_FOUND_PATH,
};

const routes = planRoutes({ site: SITE, data: DATA });
const sitemap = sitemapXml({ site: SITE, routes });
const metaKeys = compileMetaTemplates();

describe.each(ROUTE_KINDS)('route kind %s', (kind) => {
  const planned = routes.filter((route) => route.kind === kind);

  it('is planned for the fixture site, each page at the path its links use', () => {
    expect(planned.length).toBeGreaterThan(0);
    const link = LINK[kind] as (args: { site: Site; route: (typeof planned)[number] }) => string;
    for (const route of planned) expect(route.path).toBe(link({ site: SITE, route }));
  });

  it('is in the sitemap when indexable and its own canonical, marked noindex when not indexable', async () => {
    const renderers = await loadPageRenderers();
    const { pages, errors } = renderPages({ site: SITE, routes: planned, data: DATA, renderers });
    expect(errors).toEqual([]);
    for (const page of pages) {
      const { path, indexable, canonicalPath } = page.route;
      const inSitemap = sitemap.includes(`<loc>${SITE.baseUrl}${path === '/' ? '/' : path}</loc>`);
      const noindex = page.html.includes('<meta name="robots" content="noindex">');
      const canonical = /<link rel="canonical" href="([^"]*)">/.exec(page.html)?.[1];
      expect({ path, inSitemap, noindex, canonical }).toEqual({
        path,
        inSitemap: indexable && !canonicalPath,
        noindex: !indexable,
        canonical: `${SITE.baseUrl}${canonicalPath ?? path}`,
      });
      // A second address names a page of the site that is in the sitemap.
      if (canonicalPath) expect(routes.find((r) => r.path === canonicalPath)).toMatchObject({ indexable: true });
      if (canonicalPath) expect(sitemap).toContain(`<loc>${SITE.baseUrl}${canonicalPath}</loc>`);
    }
  });

  it('has its meta template', () => {
    expect(metaKeys.has(routeDefinition(kind).metaKey)).toBe(true);
  });
});
