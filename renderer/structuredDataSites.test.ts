/**
 * The JSON-LD of every page of every sample dealer, as the render stage composes it, against the
 * schema.org vocabulary shipped with the tests and Google's required properties
 * (fixtures/structuredData/validateJsonLd.ts), plus the vehicle listing rules of this product;
 * and a negative control proving the checker fails on what it must.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../domain/types.ts';
import type { Route } from '../ui/route.ts';
import { priceDisplay } from '../domain/price.ts';
import { isForSale } from '../domain/visibility.ts';
import { toInlineJson } from '../ui/safeJson.ts';
import { validateJsonLd } from '../fixtures/structuredData/validateJsonLd.ts';
import { loadSampleSites, type SampleSite } from '../fixtures/sites/sampleSites.ts';
import { routeStructuredData } from './routes.ts';

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD read loosely in assertions

/** Each page's JSON-LD as its <script> carries it (escaped inline JSON, parsed back). */
let all: { sample: SampleSite; route: Route; blocks: Node[]; key: string }[];
beforeAll(async () => {
  // The site-wide blocks are the same objects on every page of a site: each is serialised once,
  // and pages made of the same blocks share a key (so they are validated once).
  const inline = new Map<object, { node: Node; id: number }>();
  const once = (block: object) => {
    let entry = inline.get(block);
    if (!entry) inline.set(block, (entry = { node: JSON.parse(toInlineJson(block)) as Node, id: inline.size }));
    return entry;
  };
  all = (await loadSampleSites()).flatMap((sample) =>
    sample.routes.map((route) => {
      const entries = routeStructuredData({ site: sample.site, route, data: sample.data }).map(once);
      return { sample, route, blocks: entries.map((e) => e.node), key: entries.map((e) => e.id).join(',') };
    }),
  );
}, 60_000);
const pages = () => all;

describe('structured data of every sample page', () => {
  it('is valid schema.org with Google’s required properties, every reference resolving on the page', () => {
    const problems: string[] = [];
    const checked = new Set<string>();
    let count = 0;
    for (const { sample, route, blocks, key } of pages()) {
      count += blocks.length;
      if (checked.has(key)) continue;
      checked.add(key);
      for (const problem of validateJsonLd(blocks)) problems.push(`${sample.slug} ${route.path}: ${problem}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(count).toBeGreaterThan(9000);
  });

  it('describes one business per page, linked to the Organization, and claims no self-serving rating', () => {
    const wrong: string[] = [];
    for (const { sample, route, blocks } of pages()) {
      const dealers = blocks.filter((b) => b['@type'] === 'AutoDealer');
      const organization = blocks.find((b) => b['@type'] === 'Organization');
      if (dealers.length !== 1 || dealers[0].parentOrganization?.['@id'] !== organization?.['@id']) wrong.push(`${sample.slug} ${route.path}: business`);
      if (blocks.some((b) => b.aggregateRating !== undefined)) wrong.push(`${sample.slug} ${route.path}: aggregateRating`);
    }
    expect(wrong).toEqual([]);
  });

  it('makes every car with a shown price a vehicle listing, and gives no other car an offer', () => {
    let listings = 0;
    let withoutOffer = 0;
    for (const { sample, route, blocks } of pages()) {
      if (route.kind !== 'car') continue;
      const car: Car = route.car;
      const where = `${sample.slug} ${route.path}`;
      const node = blocks.find((b) => b['@type'] === 'Car')!;
      const dealer = blocks.find((b) => b['@type'] === 'AutoDealer')!;
      for (const key of [
        'image',
        'vehicleIdentificationNumber',
        'mileageFromOdometer',
        'vehicleModelDate',
        'bodyType',
        'fuelType',
        'vehicleTransmission',
        'color',
        'itemCondition',
      ])
        expect(node[key], `${where} ${key}`).toBeTruthy();
      expect(node.mileageFromOdometer.unitCode, where).toBe(sample.site.regionSettings.distance_unit_code);
      if (car.seats) expect(node.seatingCapacity, where).toBe(car.seats);
      const shown = priceDisplay({ car, subscriptions: sample.site.features.subscriptions });
      if (shown.amount === null) {
        expect(node.offers, where).toBeUndefined();
        withoutOffer += 1;
        continue;
      }
      expect(node.offers, where).toMatchObject({ price: shown.amount, priceCurrency: sample.site.regionSettings.currency, seller: { '@id': dealer['@id'] } });
      expect(node.offers.availability, where).toMatch(/^https:\/\/schema\.org\//);
      if (shown.kind === 'subscription')
        expect(node.offers.priceSpecification, where).toMatchObject({ '@type': 'UnitPriceSpecification', price: shown.amount });
      if (isForSale(car)) listings += 1;
    }
    // Figures of the sample stock: most cars are listings; the unpriced ones (price on application) are not.
    expect(listings).toBeGreaterThan(1000);
    expect(withoutOffer).toBeGreaterThan(0);
  });
});

describe('the checker (negative control)', () => {
  const base = 'https://www.example.com';
  const valid = (): Node[] => [
    {
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      '@id': `${base}/#dealer`,
      name: 'X Motors',
      address: { '@type': 'PostalAddress', streetAddress: '1 A St' },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '2020 Mazda CX-5',
      image: [`${base}/a.jpg`],
      brand: { '@type': 'Brand', name: 'Mazda' },
      model: 'CX-5',
      vehicleModelDate: '2020',
      vehicleIdentificationNumber: 'JM0KF4W7A00000000',
      itemCondition: 'https://schema.org/UsedCondition',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 1000, unitCode: 'KMT' },
      offers: { '@type': 'Offer', price: 100, priceCurrency: 'AUD', availability: 'https://schema.org/InStock', seller: { '@id': `${base}/#dealer` } },
    },
  ];

  it('passes the valid page it starts from', () => {
    expect(validateJsonLd(valid())).toEqual([]);
  });

  it.each<[string, (blocks: Node[]) => void, RegExp]>([
    ['a property the type does not have', (b) => (b[1].mileage = 5), /Car#1\.mileage: not a property of Car/],
    [
      'an enumeration value that does not exist',
      (b) => (b[1].offers.availability = 'https://schema.org/Available'),
      /availability: "https:\/\/schema.org\/Available" is not ItemAvailability/,
    ],
    ['an unknown type', (b) => (b[1]['@type'] = 'Automobile'), /unknown type Automobile/],
    ['a nested node of the wrong type', (b) => (b[1].brand = { '@type': 'Offer', name: 'Mazda' }), /brand: Offer where Brand or Organization is expected/],
    ['an offer without a price', (b) => delete b[1].offers.price, /Google requires offers\.price/],
    ['a used car without its odometer', (b) => delete b[1].mileageFromOdometer, /Google requires mileageFromOdometer/],
    ['a car without an image', (b) => (b[1].image = []), /Google requires image/],
    ['a business without an address', (b) => delete b[0].address, /Google requires address/],
    ['a reference to no node of the page', (b) => (b[1].offers.seller = { '@id': `${base}/#other` }), /no node of the page has that @id/],
    ['the same business twice', (b) => b.push({ ...b[0] }), /already names/],
    [
      'a time that is not a time',
      (b) => (b[0].openingHoursSpecification = [{ '@type': 'OpeningHoursSpecification', opens: '9am', closes: '17:00' }]),
      /opens: "9am" is not Time/,
    ],
  ])('fails on %s', (_, spoil, problem) => {
    const blocks = valid();
    spoil(blocks);
    expect(validateJsonLd(blocks).join('\n')).toMatch(problem);
  });
});
