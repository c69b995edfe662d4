import { describe, expect, it } from 'vitest';
import { availability, siteStructuredData } from './structuredData.ts';
import { routeStructuredData } from '../renderer/routes.ts';
import type { PageProps } from './pageProps.ts';
import { toInlineJson } from './safeJson.ts';
import { CARS, DATA, ROUTES, SITE, makeCar } from '../fixtures/sites/harbourside.ts';

/** A page's JSON-LD as the render stage composes it, with the site-wide objects of `site`. */
const structuredData = ({ site, route, data }: PageProps) => routeStructuredData({ site, route, data: { ...data, structuredData: siteStructuredData(site) } });
const types = (objs: object[]) => objs.map((o) => (o as { '@type': string })['@type']);
const byType = (objs: object[], type: string) => objs.find((o) => (o as { '@type': string })['@type'] === type) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD read loosely in assertions

describe('structuredData', () => {
  it('emits AutoDealer, Organization, WebSite and LocalBusiness on every page', () => {
    expect(types(structuredData({ site: SITE, route: ROUTES.home, data: DATA }))).toEqual(['AutoDealer', 'Organization', 'WebSite', 'LocalBusiness']);
    expect(types(structuredData({ site: SITE, route: ROUTES.contact, data: DATA }))).toEqual(['AutoDealer', 'Organization', 'WebSite', 'LocalBusiness']);
  });

  it('gives the WebSite a SearchAction on the default search path with a query parameter', () => {
    const site = byType(structuredData({ site: SITE, route: ROUTES.home, data: DATA }), 'WebSite');
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target).toBe('https://www.harbourside.example.com/search/new-used-and-demo-cars?query={search_term_string}');
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('describes the LocalBusiness per SPEC §2', () => {
    const b = byType(structuredData({ site: SITE, route: ROUTES.home, data: DATA }), 'LocalBusiness');
    expect(b.name).toBe('Harbourside Motors');
    expect(b.telephone).toBe('02 4900 1234');
    expect(b.currenciesAccepted).toBe('AUD');
    expect(b.paymentAccepted).toBe('Cash, Credit Card');
    expect(b.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: '12 Wharf Road', postalCode: '2300' });
    expect(b.openingHours).toEqual(['Mo-Fr 08:00-17:30', 'Sa 08:30-12:00']);
    expect(b.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 272 });
  });

  it('adds a Car with an Offer on car pages', () => {
    const all = structuredData({ site: SITE, route: ROUTES.car, data: DATA });
    expect(types(all)).toEqual(['AutoDealer', 'Organization', 'WebSite', 'LocalBusiness', 'Car']);
    const car = byType(all, 'Car');
    expect(car).toMatchObject({
      name: '2023 Toyota Corolla Ascent Sport',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Corolla',
      vehicleModelDate: '2023',
      mileageFromOdometer: { value: 12000, unitCode: 'KMT' },
      color: 'Glacier White',
      bodyType: 'Hatchback',
      fuelType: 'Petrol',
      vehicleTransmission: 'Automatic',
      vehicleIdentificationNumber: 'JTNK4RBE503456789',
    });
    expect(car.image).toEqual(['https://cdn.example.com/cars/1/1.jpg', 'https://cdn.example.com/cars/1/2.jpg']);
    expect(car.offers).toMatchObject({
      '@type': 'Offer',
      price: 28990,
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      url: `https://www.harbourside.example.com/cars/${CARS[0].slug}`,
      seller: { name: 'Harbourside Motors' },
    });
  });

  it('maps availability: InStock, PreOrder, SoldOut; omits a price that is not real', () => {
    expect(availability(CARS[0])).toBe('https://schema.org/InStock');
    expect(availability(CARS[3])).toBe('https://schema.org/PreOrder');
    expect(availability(CARS[2])).toBe('https://schema.org/SoldOut');
    const coming = byType(structuredData({ site: SITE, route: { ...ROUTES.car, car: CARS[3] }, data: DATA }), 'Car');
    expect(coming.offers.price).toBeUndefined();
  });

  it('takes the site-wide objects the siteData stage built once per dealer', () => {
    const page = routeStructuredData({ site: SITE, route: ROUTES.home, data: DATA });
    page.forEach((obj, i) => expect(obj).toBe(DATA.structuredData[i]));
    expect(byType(siteStructuredData({ ...SITE, name: 'Other' }), 'AutoDealer').name).toBe('Other');
  });

  it('cannot be broken out of its script by hostile record text', () => {
    const hostile = '</script><script>alert(1)</script>\u2028\u2029<!--';
    const site = { ...SITE, name: hostile, phone: hostile };
    const car = makeCar({ id: 9, slug: 'x', make: hostile, colour: hostile });
    for (const obj of structuredData({ site, route: { ...ROUTES.car, car }, data: DATA })) {
      const inline = toInlineJson(obj);
      expect(inline).not.toMatch(/[<>\u2028\u2029]/);
      expect(JSON.parse(inline)).toEqual(obj);
    }
  });

  it('drops unsafe record URLs', () => {
    const site = { ...SITE, logo: { url: 'javascript:alert(1)' }, facebook_url: 'data:text/html,x' };
    const org = byType(structuredData({ site, route: ROUTES.home, data: DATA }), 'Organization');
    expect(org.logo).toBeUndefined();
    expect(org.sameAs).toBeUndefined();
  });
});
