import { describe, expect, it } from 'vitest';
import { availability, openingHoursSpecification, siteStructuredData, stockPriceRange } from './structuredData.ts';
import { routeStructuredData } from '../renderer/routes.ts';
import type { PageProps } from './pageProps.ts';
import { toInlineJson } from './safeJson.ts';
import { CARS, DATA, ROUTES, SITE, makeCar } from '../fixtures/sites/harbourside.ts';
import type { Car } from '../domain/types.ts';
import { REGION_TABLE } from '../domain/regionTable.ts';

/** A page's JSON-LD as the render stage composes it, with the site-wide objects of `site`. */
const structuredData = ({ site, route, data }: PageProps) =>
  routeStructuredData({ site, route, data: { ...data, structuredData: siteStructuredData({ site, cars: CARS }) } });
const types = (objs: object[]) => objs.map((o) => (o as { '@type': string })['@type']);
const byType = (objs: object[], type: string) => objs.find((o) => (o as { '@type': string })['@type'] === type) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD read loosely in assertions

describe('structuredData', () => {
  it('emits the Organization, the WebSite and the AutoDealer (a LocalBusiness) on every page, linked by @id', () => {
    const all = structuredData({ site: SITE, route: ROUTES.home, data: DATA });
    expect(types(all)).toEqual(['Organization', 'WebSite', 'AutoDealer']);
    expect(types(structuredData({ site: SITE, route: ROUTES.contact, data: DATA }))).toEqual(['Organization', 'WebSite', 'AutoDealer']);
    const base = 'https://www.harbourside.example.com';
    expect(byType(all, 'Organization')['@id']).toBe(`${base}/#organization`);
    expect(byType(all, 'WebSite')).toMatchObject({ '@id': `${base}/#website`, publisher: { '@id': `${base}/#organization` } });
    expect(byType(all, 'AutoDealer')).toMatchObject({ '@id': `${base}/#dealer`, parentOrganization: { '@id': `${base}/#organization` } });
  });

  it('gives the WebSite a SearchAction on the default search path with a query parameter', () => {
    const site = byType(structuredData({ site: SITE, route: ROUTES.home, data: DATA }), 'WebSite');
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target).toBe('https://www.harbourside.example.com/search/new-used-and-demo-cars?query={search_term_string}');
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('describes the business per SPEC §2, with geo, opening hours, price range and no self-serving rating', () => {
    const b = byType(structuredData({ site: SITE, route: ROUTES.home, data: DATA }), 'AutoDealer');
    expect(b.name).toBe('Harbourside Motors');
    expect(b.telephone).toBe('02 4900 1234');
    expect(b.currenciesAccepted).toBe('AUD');
    expect(b.paymentAccepted).toBe('Cash, Credit Card');
    expect(b.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: '12 Wharf Road', postalCode: '2300' });
    expect(b.geo).toEqual({ '@type': 'GeoCoordinates', latitude: -32.93, longitude: 151.78 });
    expect(b.openingHours).toEqual(['Mo-Fr 08:00-17:30', 'Sa 08:30-12:00']);
    expect(b.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '17:30',
    });
    expect(b.openingHoursSpecification).toHaveLength(6);
    // The prices of the cars for sale: the sold CX-5 and the unpriced cars do not count.
    expect(b.priceRange).toBe('$28,990 - $44,990');
    // The record's rating is the dealer's own (no third-party source field): not claimed.
    expect(b.aggregateRating).toBeUndefined();
  });

  it('lists special hours from the build day on: open ones with their hours, closed ones as 00:00-00:00', () => {
    const special = [
      { status: 'Closed' as const, date: '2025-06-02', department: 'all' as const, name: null },
      { status: 'Closed' as const, date: '2025-06-03', department: 'all' as const, name: "King's Birthday" },
      { status: 'Open' as const, date: '2025-06-04', start_hour: '10:00', end_hour: '14:00', department: 'sales' as const, name: null },
      { status: 'Open' as const, date: '2025-06-05', start_hour: '10:00', end_hour: '14:00', department: 'service' as const, name: null },
    ];
    expect(openingHoursSpecification({ hours: [], special, now: new Date('2025-06-03T23:59:00Z') })).toEqual([
      { '@type': 'OpeningHoursSpecification', name: "King's Birthday", validFrom: '2025-06-03', validThrough: '2025-06-03', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2025-06-04', validThrough: '2025-06-04', opens: '10:00', closes: '14:00' },
    ]);
  });

  it('states no price range without a real price for sale', () => {
    expect(stockPriceRange({ site: SITE, cars: [] })).toBeUndefined();
    expect(stockPriceRange({ site: SITE, cars: [makeCar({ id: 8, slug: 'p', price: 10 })] })).toBeUndefined();
    expect(stockPriceRange({ site: SITE, cars: [makeCar({ id: 8, slug: 'p', price: 11 })] })).toBe('$11');
  });

  it('adds a Car with an Offer on car pages, sold by the AutoDealer', () => {
    const all = structuredData({ site: SITE, route: ROUTES.car, data: DATA });
    expect(types(all)).toEqual(['Organization', 'WebSite', 'AutoDealer', 'Car', 'BreadcrumbList']);
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
      seatingCapacity: 5,
      itemCondition: 'https://schema.org/UsedCondition',
    });
    expect(car.image).toEqual(['https://cdn.example.com/cars/1/1.jpg?w=1280&auto=format&q=75', 'https://cdn.example.com/cars/1/2.jpg?w=1280&auto=format&q=75']);
    expect(car.offers).toEqual({
      '@type': 'Offer',
      price: 28990,
      priceCurrency: 'AUD',
      itemCondition: 'https://schema.org/UsedCondition',
      availability: 'https://schema.org/InStock',
      url: `https://www.harbourside.example.com/cars/${CARS[0].slug}`,
      seller: { '@id': 'https://www.harbourside.example.com/#dealer' },
    });
  });

  it('maps availability: InStock, PreOrder, SoldOut', () => {
    expect(availability(CARS[0])).toBe('https://schema.org/InStock');
    expect(availability(CARS[3])).toBe('https://schema.org/PreOrder');
    expect(availability(CARS[2])).toBe('https://schema.org/SoldOut');
  });

  it('gives a car without a real price no Offer, and one without photos the placeholder', () => {
    const carWith = (over: Partial<Car>) =>
      byType(structuredData({ site: SITE, route: { ...ROUTES.car, car: makeCar({ id: 9, slug: 'x', ...over }) }, data: DATA }), 'Car');
    expect(carWith({ price: 10 }).offers).toBeUndefined();
    expect(carWith({ price: 0, preorder: true }).offers).toBeUndefined();
    expect(carWith({ price: 11 }).offers.price).toBe(11);
    expect(carWith({ images: [], primary_image_url: null }).image).toEqual(['https://www.harbourside.example.com/assets/shared/cars/no-photo.svg']);
  });

  it("states the price's qualifier as the Offer's priceSpecification (domain/priceQualifier.ts)", () => {
    const offerOf = (site: typeof SITE, over: Partial<Car>) =>
      byType(structuredData({ site, route: { ...ROUTES.car, car: makeCar({ id: 9, slug: 'q', ...over }) }, data: DATA }), 'Car').offers;
    expect(offerOf(SITE, { price_type: 'Drive Away' }).priceSpecification).toEqual({
      '@type': 'PriceSpecification',
      price: 28990,
      priceCurrency: 'AUD',
      name: 'Drive away',
      description: 'Drive away: includes registration, compulsory third party insurance, stamp duty and dealer delivery.',
    });
    expect(offerOf(SITE, { price_type: 'Excl. Govt. Charges' }).priceSpecification.name).toBe('Excluding government charges');
    expect(offerOf(SITE, { price_type: null }).priceSpecification).toBeUndefined();
    const us = {
      ...SITE,
      regionSettings: REGION_TABLE.US,
      advertising: { ...SITE.advertising, fee_disclosure: 'Plus tax, title and license', doc_fee: 199 },
    };
    expect(offerOf(us, { price_type: 'Drive Away' }).priceSpecification).toMatchObject({
      priceCurrency: 'USD',
      name: 'Plus tax, title and license, plus a $199 documentation fee',
    });
  });

  it('offers a subscription car at the subscription price the page shows, with its unit price specification', () => {
    const site = { ...SITE, features: { ...SITE.features, subscriptions: true } };
    const car = makeCar({ id: 9, slug: 'sub', price: 6990, subscription_price: 371 });
    const offer = byType(structuredData({ site, route: { ...ROUTES.car, car }, data: DATA }), 'Car').offers;
    expect(offer).toMatchObject({
      price: 371,
      priceCurrency: 'AUD',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: 371, priceCurrency: 'AUD', unitText: 'subscription' },
    });
    // Without the subscription feature the car's own price is shown and offered.
    expect(byType(structuredData({ site: SITE, route: { ...ROUTES.car, car }, data: DATA }), 'Car').offers.price).toBe(6990);
  });

  it("describes a location page's LocalBusiness as a branch of the dealer, with geo", () => {
    const all = structuredData({ site: SITE, route: ROUTES.location, data: DATA });
    const place = byType(all, 'LocalBusiness');
    expect(place).toMatchObject({
      '@id': `https://www.harbourside.example.com${ROUTES.location.path}#business`,
      parentOrganization: { '@id': 'https://www.harbourside.example.com/#dealer' },
      geo: { '@type': 'GeoCoordinates' },
      address: { '@type': 'PostalAddress' },
    });
    expect(place.openingHoursSpecification.length).toBeGreaterThan(0);
  });

  it('takes the site-wide objects the siteData stage built once per dealer', () => {
    const page = routeStructuredData({ site: SITE, route: ROUTES.home, data: DATA });
    page.forEach((obj, i) => expect(obj).toBe(DATA.structuredData[i]));
    expect(byType(siteStructuredData({ site: { ...SITE, name: 'Other' } }), 'AutoDealer').name).toBe('Other');
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
