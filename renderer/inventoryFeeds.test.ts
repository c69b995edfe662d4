import { describe, expect, it } from 'vitest';
import { CARS, makeCar, SITE } from '../fixtures/sites/harbourside.ts';
import { buildInventoryFeeds, FEED_PATHS } from './inventoryFeeds.ts';

/** A tab-separated feed as one object per row, by header. */
function readTsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split('\n');
  const columns = header.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((value, i) => [columns[i], value])));
}

/** A CSV feed (every field quoted) as one object per row, by header. */
function readCsv(text: string): Record<string, string>[] {
  const parse = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));
  const [header, ...lines] = text.trimEnd().split('\r\n');
  const columns = parse(header);
  return lines.map((line) => Object.fromEntries(parse(line).map((value, i) => [columns[i], value])));
}

const photo = { images: [{ image: { url: '/assets/shared/cars/suv-1.svg' } }, { image: { url: 'https://cdn.example.com/c/2.jpg' } }], primary_image_url: null };
const cars = [
  makeCar({ id: 11, slug: 'listed', ...photo }),
  makeCar({ id: 12, slug: 'no-photo', images: [], primary_image_url: null }),
  makeCar({ id: 13, slug: 'no-vin', vin: null, ...photo }),
  makeCar({ id: 14, slug: 'poa', price: 0, ...photo }),
  makeCar({ id: 15, slug: 'new-one', car_type: 'new', km: 10, ...photo }),
  ...CARS,
];
const { assets, skipped } = buildInventoryFeeds({ site: SITE, cars });
const google = readTsv(String(assets.find((a) => a.path === FEED_PATHS.google)!.contents));
const meta = readCsv(String(assets.find((a) => a.path === FEED_PATHS.meta)!.contents));

/** Google's required attributes (the vehicle listings feed specification); mileage for used cars. */
const GOOGLE_REQUIRED = ['vin', 'store_code', 'dealership_name', 'dealership_address', 'price', 'condition', 'make', 'model', 'year'];
/** Meta's required automotive inventory fields. */
const META_REQUIRED = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  'image[0].url',
  'body_style',
  'state_of_vehicle',
  'price',
  'address.addr1',
  'address.city',
  'address.region',
  'address.country',
  'exterior_color',
];

describe('inventory feeds', () => {
  it('list every in-stock car with a VIN and a price (Meta: with a photo), and say why the others are left out', () => {
    expect(google.map((r) => r.link.split('/').pop())).toEqual(['listed', 'no-photo', 'new-one', CARS[0].slug, CARS[1].slug]);
    expect(meta.map((r) => r.url.split('/').pop())).toEqual(['listed', 'new-one', CARS[0].slug, CARS[1].slug]);
    expect(skipped.filter((s) => s.feed === 'google').map((s) => [s.car.id, s.reason])).toEqual([
      [13, 'no VIN'],
      [14, 'no price'],
      [3, 'sold'],
      [4, 'coming soon'],
    ]);
    expect(skipped.find((s) => s.feed === 'meta' && s.car.id === 12)?.reason).toBe('no photo');
  });

  it("Google: the required columns filled, price and mileage in the specification's formats, absolute links", () => {
    for (const row of google) {
      for (const column of GOOGLE_REQUIRED) expect(row[column], `${row.link} ${column}`).not.toBe('');
      expect(row.price).toMatch(/^\d+\.\d{2} AUD$/);
      expect(row.condition).toMatch(/^(new|used)$/);
      expect(row.year).toMatch(/^\d{4}$/);
      if (row.condition === 'used') expect(row.mileage).toMatch(/^\d+ km$/);
      expect(row.link.startsWith(`${SITE.baseUrl}/cars/`)).toBe(true);
      expect(row.dealership_address).toMatch(/, AU$/);
    }
    const listed = google[0];
    expect(listed.image_link).toBe(`${SITE.baseUrl}/assets/shared/cars/suv-1.svg`);
    expect(listed.additional_image_link).toBe('https://cdn.example.com/c/2.jpg');
  });

  it('Meta: the required fields filled, units and states as the catalog spells them', () => {
    for (const row of meta) {
      for (const column of META_REQUIRED) expect(row[column], `${row.url} ${column}`).not.toBe('');
      expect(row['mileage.unit']).toBe('KM');
      expect(row.state_of_vehicle).toMatch(/^(new|used|cpo)$/);
      expect(row.availability).toBe('available');
    }
  });

  it("say what the price includes: Google's vehicle_price_type, Meta's description", () => {
    const built = buildInventoryFeeds({
      site: SITE,
      cars: [
        makeCar({ id: 31, slug: 'da', price_type: 'Drive Away', ...photo }),
        makeCar({ id: 32, slug: 'egc', price_type: 'Excl. Govt. Charges', ...photo }),
        makeCar({ id: 33, slug: 'orc', price_type: 'Plus ORC', ...photo }),
        makeCar({ id: 34, slug: 'none', price_type: null, ...photo }),
      ],
    });
    const rows = readTsv(String(built.assets[0].contents));
    expect(rows.map((r) => r.vehicle_price_type)).toEqual(['drive_away_price', 'excluding_government_charges_price', '', '']);
    const descriptions = readCsv(String(built.assets[1].contents)).map((r) => r.description);
    expect(descriptions[0]).toMatch(/ Price: Drive away\.$/);
    expect(descriptions[2]).toMatch(/ Price: Plus on-road costs\.$/);
    expect(descriptions[3]).not.toMatch(/Price:/);
  });

  it('US sites state mileage in miles and prices in dollars', () => {
    const us = { ...SITE, region: 'US' as const, regionSettings: { ...SITE.regionSettings, currency: 'USD' as const, distance_unit: 'mile' as const } };
    const built = buildInventoryFeeds({ site: us, cars: [makeCar({ id: 21, slug: 'us-car', km: 16093, ...photo })] });
    const [row] = readTsv(String(built.assets[0].contents));
    expect(row.mileage).toBe('10000 miles');
    expect(row.price).toMatch(/ USD$/);
    expect(readCsv(String(built.assets[1].contents))[0]['mileage.unit']).toBe('MI');
  });
});
