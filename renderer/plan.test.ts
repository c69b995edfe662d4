import { describe, expect, it } from 'vitest';
import { isSold } from '../domain/visibility.ts';
import { BUILD_NOW, makeCar, makeLocation, makeSite } from '../fixtures/sites/bayside.ts';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { isPlannablePath, normalisePath, planRoutes, type SkippedRoute } from './plan.ts';
import { buildSiteData } from './siteData.ts';

/** The plan stage over the siteData stage's result, as generate runs them. */
const plan = ({ site, cars, onSkip }: { site: Site; cars: Car[]; onSkip?: (skipped: SkippedRoute) => void }) =>
  planRoutes({ site, data: buildSiteData({ site, cars, assets: { css: '/assets/site-1.css', runtime: '/assets/runtime-1.js' } }), onSkip });

const paths = (routes: { path: string }[]) => routes.map((r) => r.path);
const daysBefore = (days: number) => new Date(Date.parse(BUILD_NOW) - days * 86_400_000).toISOString();

describe('planRoutes', () => {
  const cars = [
    makeCar({ id: 1 }),
    makeCar({ id: 2, slug: '2023-mazda-cx-5-2', make: 'Mazda', model: 'CX-5', car_type: 'new', price: 200 }),
    makeCar({ id: 3, slug: 'sold-recent', status: 'sold', sold: true, sold_date: daysBefore(1) }),
    makeCar({ id: 4, slug: 'sold-long-ago', status: 'sold', sold: true, sold_date: daysBefore(30) }),
    makeCar({ id: 5, slug: 'hidden', show_on_dealer_website: false }),
  ];
  const routes = plan({ site: makeSite(), cars });
  const all = paths(routes);

  it('plans the fixed routes of every site', () => {
    for (const path of [
      '/',
      '/search/new-cars',
      '/search/used-cars',
      '/search/demo-cars',
      '/search/new-and-demo-cars',
      '/search/new-used-and-demo-cars',
      '/search/suv',
      '/search/hatchback',
      '/search/ute',
      '/search/coupe',
      '/search/sedan',
      '/search/wagon',
      '/models',
      '/electric-cars',
      '/cars/trade-in',
      '/valuations',
      '/compare',
      '/favourites',
      '/finance',
      '/contact',
      '/dealerships',
      '/service',
      '/privacy-policy',
      '/pages/privacy-statement',
      '/success',
      '/404',
    ])
      expect(all).toContain(path);
  });

  it('has each path once', () => {
    expect(new Set(all).size).toBe(all.length);
  });

  it('plans make and make/model searches and brand pages for the makes in stock only', () => {
    expect(all).toEqual(
      expect.arrayContaining(['/search/toyota', '/search/toyota/corolla', '/search/mazda', '/search/mazda/cx-5', '/brands/mazda', '/brands/toyota']),
    );
    expect(routes.find((r) => r.path === '/brands/toyota' && r.kind === 'brand')).toMatchObject({
      manufacturer: { logo: { url: '/assets/shared/makes/toyota.svg' } },
    });
  });

  it('uses the dealership websites for brand pages when the dealer has them', () => {
    const site = makeSite({ dealership_websites: [{ url: 'https://kia.example', make: 'Kia', name: 'Bayside Kia', slug: 'bayside-kia' }] });
    const brands = paths(plan({ site, cars })).filter((p) => p.startsWith('/brands/'));
    expect(brands).toEqual(['/brands/kia']);
  });

  it('plans a car page per visible car: a sold car inside the window yes, outside it or hidden no', () => {
    expect(all).toContain('/cars/2024-toyota-corolla-1');
    expect(all).toContain('/cars/sold-recent');
    expect(all).not.toContain('/cars/sold-long-ago');
    expect(all).not.toContain('/cars/hidden');
  });

  it('plans checkout only for reserve-eligible cars (price 200 is not above 200; sold is not eligible)', () => {
    const reserves = routes.filter((r) => r.kind === 'reserve');
    expect(paths(reserves)).toEqual(['/cars/2024-toyota-corolla-1/checkout']);
    expect(reserves[0].car?.id).toBe(1);
    expect(reserves[0].indexable).toBe(false);
  });

  it('uses /buy-online when the dealer says so, and no reserve at all without a provider or listed dealership', () => {
    const buyOnline = makeSite();
    buyOnline.paths = { ...buyOnline.paths, reserve: 'buy-online' };
    expect(paths(plan({ site: buyOnline, cars }))).toContain('/cars/2024-toyota-corolla-1/buy-online');
    const noProvider = makeSite({ config: { payment_provider: null } });
    expect(plan({ site: noProvider, cars }).filter((r) => r.kind === 'reserve')).toEqual([]);
    const listed = makeSite({ config: { payment_provider: null } });
    listed.rules = { ...listed.rules, reserve_dealership_ids: [560, 700] };
    expect(paths(plan({ site: listed, cars }).filter((r) => r.kind === 'reserve'))).toEqual(['/cars/2024-toyota-corolla-1/checkout']);
  });

  it('plans /subaru-service only when a service booking url is configured', () => {
    expect(all).not.toContain('/subaru-service');
    expect(paths(plan({ site: makeSite({ service_booking_url: 'https://book.example' }), cars }))).toContain('/subaru-service');
  });

  it('plans /special-offers only when the record has that page', () => {
    expect(all).not.toContain('/special-offers');
    const site = makeSite();
    site.pages = [...site.pages, { path: '/special-offers', title: 'Special Offers', blocks: [] }];
    const route = plan({ site, cars }).find((r) => r.path === '/special-offers');
    expect(route).toMatchObject({ kind: 'info', page: { title: 'Special Offers' } });
  });

  it('plans info pages from the record', () => {
    expect(routes.find((r) => r.path === '/faqs')).toMatchObject({ kind: 'info', page: { title: 'FAQs' } });
    expect(all).toContain('/terms-and-conditions');
  });

  it('plans models: /models/{slug} for each, /{slug} only without an override url', () => {
    expect(all).toEqual(expect.arrayContaining(['/models/corolla', '/models/rav4', '/corolla']));
    expect(all).not.toContain('/rav4');
  });

  it('plans a contact page per location name with the department suffix removed, deduplicated', () => {
    expect(all.filter((p) => p.startsWith('/contact-us/'))).toEqual(['/contact-us/bayside-cars']);
  });

  it('plans location pages by slug or by dealership slug', () => {
    expect(all.filter((p) => p.startsWith('/locations/'))).toEqual(['/locations/bayside-sales', '/locations/bayside-service']);
    const site = makeSite();
    site.paths = { ...site.paths, location_by: 'dealership_slug' };
    expect(paths(plan({ site, cars })).filter((p) => p.startsWith('/locations/'))).toEqual(['/locations/bayside-cars']);
  });

  it('plans the configured favourites, finance, contact and extra search paths', () => {
    const site = makeSite();
    site.paths = { ...site.paths, favourites: '/my-garage/', finance: '/apply-for-finance', contact: '/contact-us', extra_search_paths: ['/search/rv'] };
    const planned = plan({ site, cars });
    expect(paths(planned)).toEqual(expect.arrayContaining(['/my-garage', '/apply-for-finance', '/contact', '/contact-us', '/search/rv']));
    expect(planned.find((r) => r.path === '/search/rv')).toMatchObject({ kind: 'search', search: { item_type: 'rv', heading: 'RV' } });
    expect(planned.find((r) => r.path === '/my-garage')).toMatchObject({ kind: 'favourites', indexable: false });
  });

  it('valuation: off plans neither valuation page; lead and instant plan both', () => {
    for (const valuation of ['off', 'lead', 'instant'] as const) {
      const planned = paths(plan({ site: makeSite({ valuation }), cars }));
      expect([planned.includes('/valuations'), planned.includes('/cars/trade-in')], valuation).toEqual(valuation === 'off' ? [false, false] : [true, true]);
    }
  });

  it('marks success, checkout, trade-in, 404, compare, favourites and sold cars not indexable', () => {
    const noindex = routes.filter((r) => !r.indexable).map((r) => r.kind);
    expect(new Set(noindex)).toEqual(new Set(['success', 'reserve', 'trade-in', 'not-found', 'compare', 'favourites', 'privacy-statement', 'car']));
    const cars = routes.flatMap((r) => (r.kind === 'car' ? [r] : []));
    for (const car of cars) expect(car.indexable, car.path).toBe(!isSold(car.car));
    expect(cars.some((r) => !r.indexable) && cars.some((r) => r.indexable)).toBe(true);
    expect(routes.find((r) => r.path === '/privacy-policy')?.indexable).toBe(true);
    expect(routes.find((r) => r.path === '/pages/privacy-statement')?.indexable).toBe(false);
  });

  it('skips an unsafe path from a record or feed and says so', () => {
    const skipped: string[] = [];
    const site = makeSite();
    site.pages = [{ path: '/../../etc/passwd', title: 'x', blocks: [] }];
    const planned = plan({ site, cars: [makeCar({ id: 9, slug: '..' })], onSkip: (s) => skipped.push(s.path) });
    expect(skipped).toEqual(['/cars/..', '/../../etc/passwd']);
    expect(paths(planned).some((p) => p.includes('..'))).toBe(false);
  });

  it('leaves out, with a warning, a car whose model would be a path segment too long for a file name', () => {
    const skipped: SkippedRoute[] = [];
    const routes = paths(
      plan({
        site: makeSite(),
        cars: [...cars, makeCar({ id: 9, slug: 'long-model', make: 'Mazda', model: 'R'.repeat(300) })],
        onSkip: (s) => skipped.push(s),
      }),
    );
    expect(routes).toContain('/cars/long-model');
    expect(routes).not.toContain(`/search/mazda/${'r'.repeat(300)}`);
    expect(skipped).toEqual([{ path: `/search/mazda/${'r'.repeat(300)}`, reason: 'not a plain site path' }]);
  });

  it('a location added to the record adds its pages', () => {
    const site = makeSite();
    site.locations = [...site.locations, makeLocation({ id: 3, name: 'Northside Parts - Parts', slug: 'north-parts', location_type: 'parts' })];
    expect(paths(plan({ site, cars }))).toEqual(expect.arrayContaining(['/contact-us/northside-parts', '/locations/north-parts']));
  });
});

describe('paths', () => {
  it.each([
    ['/a', true],
    ['/', true],
    ['/a/b-c', true],
    ['/a/../b', false],
    ['/./a', false],
    ['a', false],
    ['/a\\b', false],
    ['/a?b', false],
    ['/a//b', false],
    // A segment is a folder name: at most 255 bytes, decoded.
    [`/cars/${'a'.repeat(255)}`, true],
    [`/cars/${'a'.repeat(256)}`, false],
    [`/cars/${'%C3%A9'.repeat(128)}`, false],
  ])('isPlannablePath(%s) = %s', (path, ok) => expect(isPlannablePath(path)).toBe(ok));
  it.each([
    ['/a/', '/a'],
    ['a', '/a'],
    ['/a?x=1#y', '/a'],
    ['/', '/'],
  ])('normalisePath(%s) = %s', (from, to) => expect(normalisePath(from)).toBe(to));
});
