import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, SITE, makeCar } from '../fixtures/sites/harbourside.ts';
import { DAY_MS } from '../domain/days.ts';
import { parseRedirectsFile } from '../domain/redirects.ts';
import { buildSiteData } from './siteData.ts';
import { planRoutes } from './plan.ts';
import { sitemapXml } from './sitemap.ts';
import { pageMeta } from './meta.ts';
import { redirectAssets } from './redirects.ts';

const now = Date.parse(FIXTURE_NOW);
const window = SITE.include_sold_cars_days * DAY_MS;
const soldAt = (ms: number) => ({ status: 'sold' as const, sold: true, sold_date: new Date(ms).toISOString() });
const mazda = { make: 'Mazda', model: 'CX-5' };
const cars = [
  makeCar({ id: 20, slug: 'mazda-cx-5-in-stock', ...mazda }),
  makeCar({ id: 21, slug: 'mazda-cx-5-last-day', ...mazda, ...soldAt(now - window) }),
  makeCar({ id: 22, slug: 'mazda-cx-5-gone', ...mazda, ...soldAt(now - window - 1) }),
  makeCar({ id: 23, slug: 'mazda-cx-3-gone', make: 'Mazda', model: 'CX-3', ...soldAt(now - 30 * DAY_MS) }),
  makeCar({ id: 24, slug: 'holden-gone', make: 'Holden', model: 'Barina', ...soldAt(now - 30 * DAY_MS) }),
  makeCar({ id: 25, slug: 'undated-sold', ...mazda, status: 'sold', sold: true, sold_date: null }),
  makeCar({ id: 26, slug: 'hidden-sold', ...mazda, ...soldAt(now - 30 * DAY_MS), show_on_dealer_website: false }),
];
const data = buildSiteData({ site: SITE, cars, assets: { css: '/a.css', runtime: '/a.js' } });
const routes = planRoutes({ site: SITE, data });
const assets = redirectAssets({ site: SITE, cars, routes });
const redirects = parseRedirectsFile(String(assets.find((a) => a.path === '_redirects')!.contents));
const sitemap = sitemapXml({ site: SITE, routes });

describe('a sold car inside its window (the last day included)', () => {
  const route = routes.find((r) => r.path === '/cars/mazda-cx-5-last-day')!;

  it('keeps its page, marked noindex and out of the sitemap, titled as sold', () => {
    expect(route.indexable).toBe(false);
    expect(sitemap).not.toContain('mazda-cx-5-last-day');
    expect(sitemap).toContain('/cars/mazda-cx-5-in-stock<');
    const { title } = pageMeta({ site: SITE, route, data });
    expect(title).toBe('2023 Mazda CX-5 Ascent Sport (Sold) | Harbourside Motors');
    expect(title).not.toMatch(/for sale/i);
  });

  it('is not redirected', () => {
    expect(redirects.map((r) => r.from)).not.toContain('/cars/mazda-cx-5-last-day');
  });
});

describe('a sold car past its window (one millisecond later)', () => {
  it('has no page and redirects to its make and model search, else its make search, else the default search', () => {
    expect(routes.some((r) => r.path === '/cars/mazda-cx-5-gone')).toBe(false);
    expect(redirects).toEqual([
      { from: '/cars/mazda-cx-5-gone', to: '/search/mazda/cx-5', status: 301 },
      { from: '/cars/mazda-cx-3-gone', to: '/search/mazda', status: 301 },
      { from: '/cars/holden-gone', to: SITE.default_search_path, status: 301 },
      // Sold with no date: its window cannot be known, so it is hidden (and its URL kept working).
      { from: '/cars/undated-sold', to: '/search/mazda/cx-5', status: 301 },
    ]);
  });

  it('leaves a refresh page at the old path for plain hosts, canonical to the target', () => {
    const page = String(assets.find((a) => a.path === 'cars/mazda-cx-5-gone/index.html')!.contents);
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/search/mazda/cx-5">');
    expect(page).toContain('<link rel="canonical" href="https://www.harbourside.example.com/search/mazda/cx-5">');
    expect(page).toContain('<a href="/search/mazda/cx-5">');
    expect(page).toMatch(/^<!doctype html><html lang="en-AU">/);
  });

  it('never redirects a car the dealer keeps off the website, nor a path a page took', () => {
    expect(redirects.map((r) => r.from)).not.toContain('/cars/hidden-sold');
    const taken = makeCar({ id: 27, slug: 'mazda-cx-5-in-stock', ...mazda, ...soldAt(now - 30 * DAY_MS) });
    const again = redirectAssets({ site: SITE, cars: [...cars, taken], routes });
    expect(again.filter((a) => a.path === 'cars/mazda-cx-5-in-stock/index.html')).toEqual([]);
  });
});
