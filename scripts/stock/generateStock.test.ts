import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Car } from '../../domain/types.ts';
import type { DealerRecord } from '../../domain/site.ts';
import { recordValidators } from '../../renderer/validate.ts';
import { isShownOnSite } from '../../domain/visibility.ts';
import { carName } from '../../domain/carName.ts';
import { BOUNDARY_PRICES, DEFAULT_NOW, DEFAULT_SEED, TAGS, formatFeed, generateStock, parseArgs, readDealer, runCli } from './generateStock.ts';
import { CATALOGUE, COLOURS } from './catalogue.ts';
import { createRandom } from './prng.ts';

const DEALERS = join(import.meta.dirname, '../../dealers');
/** Region fixtures whose feeds are written with --boundaries: the test fixtures holding the boundary prices. */
const BOUNDARY_FIXTURES = join(import.meta.dirname, '../../fixtures/regions/dealers');
const BOUNDARY_FIXTURE_SIZE = 40;
const now = new Date(DEFAULT_NOW);

/** Fields every car must carry: the car schema's required list plus what the sample sites rely on. */
const REQUIRED: (keyof Car)[] = [
  'id',
  'slug',
  'name',
  'make',
  'model',
  'year',
  'car_type',
  'status',
  'created_at',
  'price',
  'dealership_slug',
  'dealership_id',
  'km',
  'colour',
  'vin',
  'stocknum',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'simple_drive',
  'images',
  'location',
  'custom_rank',
];

const sizes = JSON.parse(await readFile(join(DEALERS, 'stock-sizes.json'), 'utf8')) as Record<string, { stock_size: number }>;
const slugs = Object.keys(sizes).sort();
const dealers: DealerRecord[] = await Promise.all(slugs.map((slug) => readDealer({ dealersDir: DEALERS, slug })));
const byField = (pick: (d: DealerRecord) => unknown) => dealers.filter((d) => Boolean(pick(d)));

describe('mulberry32', () => {
  it('repeats for a seed and differs across seeds', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    const c = createRandom(2);
    const first = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(first);
    expect(c.next()).not.toBe(first[0]);
    for (let i = 0; i < 1000; i++) {
      const n = a.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
  });
});

describe('generateStock', () => {
  // The franchise dealer with a service booking url (one of the Subaru pair), picked by its fields.
  const dealer = dealers.find((d) => d.template === 'franchise' && d.service_booking_url)!;

  it('is deterministic: same dealer, count, seed and now give the same feed', () => {
    const one = formatFeed(generateStock({ dealer, count: 300, seed: 7, now }));
    const two = formatFeed(generateStock({ dealer, count: 300, seed: 7, now }));
    expect(two).toBe(one);
    expect(formatFeed(generateStock({ dealer, count: 300, seed: 8, now }))).not.toBe(one);
  });

  it('moves every date with `now`', () => {
    const later = new Date(now.getTime() + 10 * 86_400_000);
    const a = generateStock({ dealer, count: 50, now });
    const b = generateStock({ dealer, count: 50, now: later });
    expect(Date.parse(b[0].created_at) - Date.parse(a[0].created_at)).toBe(10 * 86_400_000);
  });

  it('gives every car the required fields, a schema-valid shape and a unique slug and id', () => {
    const validate = recordValidators.car();
    for (const record of dealers) {
      const cars = generateStock({ dealer: record, count: 120, now });
      expect(new Set(cars.map((c) => c.id)).size).toBe(cars.length);
      expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
      for (const car of cars) {
        for (const field of REQUIRED) expect(car[field], `${record.slug} car ${car.id} ${field}`).not.toBeUndefined();
        expect(validate(car), `${record.slug} car ${car.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(car.slug).toBe(
          `${car.year}-${car.make.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${car.model
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/-$/, '')}-${car.id}`,
        );
        for (const { image } of car.images ?? []) expect(image.url).toMatch(/^\/assets\/shared\/cars\/(suv|hatchback|ute|coupe|sedan|wagon|van)-[1-3]\.svg$/);
        expect(record.locations.map((l) => l.id)).toContain(car.location?.id);
        if (car.car_type === 'new') expect(car.km).toBeLessThanOrEqual(10);
        if (car.status === 'sold') expect(car.sold_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('sells the franchise brand new and uses the record providers', () => {
    const cars = generateStock({ dealer, count: 200, now });
    expect(cars.filter((c) => c.car_type !== 'used').every((c) => c.make === dealer.manufacturer_name)).toBe(true);
    expect(cars.some((c) => c.finance_lenders?.Taurus)).toBe(true);
    expect(cars.some((c) => c.payment_processors?.[0]?.authorization_key)).toBe(true);
    const used = dealers.find((d) => d.template === 'used' && d.config?.autograb)!;
    expect(generateStock({ dealer: used, count: 100, now }).every((c) => c.car_type === 'used')).toBe(true);
  });

  it('puts the boundary prices, tags and the sold window either side into a --boundaries feed', () => {
    const cars = generateStock({ dealer, count: 300, now, boundaries: true });
    const prices = new Set(cars.map((c) => c.price));
    for (const price of BOUNDARY_PRICES) expect(prices, `price ${price}`).toContain(price);
    const tags = new Set(cars.map((c) => c.tag));
    for (const tag of Object.values(TAGS)) expect(tags, tag).toContain(tag);
    const windowed = dealers.find((d) => d.include_sold_cars_days === 7)!;
    const sold = generateStock({ dealer: windowed, count: 300, now }).filter((c) => c.status === 'sold');
    const shown = sold.filter((car) => isShownOnSite({ car, now, soldWindowDays: 7 }));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(sold.length);
    expect(cars.some((c) => Date.parse(c.created_at) > now.getTime() - 8 * 86_400_000)).toBe(true);
  });

  it('writes a showcase feed by default: real prices, the make named once, years the model was made, a gallery led by a photo of its body and paint', () => {
    for (const record of dealers) {
      for (const car of generateStock({ dealer: record, count: 300, now })) {
        const where = `${record.slug} ${car.name}`;
        // A price is a real one or 0 (price on application); no threshold boundary of SPEC §9.
        expect(car.price === 0 || car.price >= 990, where).toBe(true);
        if (car.subscription_price != null) expect(car.subscription_price, where).toBeGreaterThan(0);
        expect(car.name, where).toBe(carName({ car }));
        expect(car.name.split(' ')[1], where).not.toBe(car.name.split(' ')[2]);
        const spec = CATALOGUE[car.make].find((m) => m.model === car.model)!;
        expect(car.year, where).toBeGreaterThanOrEqual(spec.firstYear);
        if (spec.lastYear !== null) expect(car.year, where).toBeLessThanOrEqual(spec.lastYear);
        if (car.car_type !== 'used') expect(spec.lastYear, where).toBeNull();
        const image = COLOURS.find((c) => c.name === car.colour)!.image;
        // A gallery of 5 to 8 distinct pictures, the car's own body and paint first, then its body's other paints.
        const urls = (car.images ?? []).map(({ image: photo }) => photo.url);
        expect(urls.length, where).toBeGreaterThanOrEqual(5);
        expect(urls.length, where).toBeLessThanOrEqual(8);
        expect(new Set(urls).size, where).toBe(urls.length);
        const body = car.simple_body!.toLowerCase();
        expect(urls[0], where).toBe(`/assets/shared/cars/${body}-${image}.svg`);
        expect(
          urls.slice(0, 3).every((url) => url.startsWith(`/assets/shared/cars/${body}-`)),
          where,
        ).toBe(true);
        expect(car.primary_image_url, where).toBe(urls[0]);
      }
    }
  });

  it('certifies used Toyotas and rejects a bad count', () => {
    const toyota = dealers.find((d) => d.manufacturer_name === 'Toyota')!;
    const cars = generateStock({ dealer: toyota, count: 300, now });
    expect(cars.some((c) => c.certified && c.make === 'Toyota' && c.car_type === 'used')).toBe(true);
    expect(cars.filter((c) => c.certified).every((c) => c.make === 'Toyota')).toBe(true);
    // Only a Toyota franchise certifies: another dealer's used Toyotas are not.
    for (const other of dealers.filter((d) => d.manufacturer_name !== 'Toyota' && !(d.locations ?? []).some((l) => l.manufacturers?.includes('Toyota'))))
      expect(
        generateStock({ dealer: other, count: 200, now }).filter((c) => c.certified),
        other.slug,
      ).toEqual([]);
    expect(() => generateStock({ dealer, count: -1 })).toThrow(/whole number/);
  });

  it('generates 5,000 cars quickly for the benchmark', () => {
    const start = performance.now();
    const cars = generateStock({ dealer, count: 5000, now });
    expect(cars).toHaveLength(5000);
    expect(performance.now() - start).toBeLessThan(3000);
  });
});

describe('the command', () => {
  it('parses its options and refuses unknown ones', () => {
    expect(parseArgs(['--dealer', 'x', '--count', '5000', '--out', 'f.json'])).toMatchObject({
      dealer: 'x',
      count: 5000,
      out: 'f.json',
      seed: DEFAULT_SEED,
      boundaries: false,
    });
    expect(parseArgs(['--boundaries', '--count', '40'])).toMatchObject({ count: 40, boundaries: true });
    expect(() => parseArgs(['--bogus', '1'])).toThrow(/unknown option/);
    expect(() => parseArgs(['--count', 'many'])).toThrow(/whole number/);
    expect(() => parseArgs(['--now', 'yesterday'])).toThrow(/ISO/);
  });

  it('writes --count cars to --out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stock-'));
    try {
      const out = join(dir, 'feed.json');
      const single = dealers.find((d) => d.locations.length === 1)!;
      await runCli({ argv: ['--dealers', DEALERS, '--dealer', single.slug, '--count', '25', '--out', out] });
      const cars = JSON.parse(await readFile(out, 'utf8')) as Car[];
      expect(cars).toHaveLength(25);
      expect(cars.every((c) => c.dealership_slug === (single.locations[0].dealership_slug ?? single.slug))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('committed sample feeds are exactly what `npm run stock` writes', async () => {
    for (const record of dealers) {
      const committed = await readFile(join(DEALERS, record.slug, 'stock.json'), 'utf8');
      const fresh = formatFeed(generateStock({ dealer: record, count: sizes[record.slug].stock_size, now }));
      expect(committed === fresh, `${record.slug}/stock.json is stale: run npm run stock`).toBe(true);
    }
  });

  it('committed region fixture feeds are the --boundaries feeds and hold every boundary price', async () => {
    const slugs = (await readdir(BOUNDARY_FIXTURES, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) {
      const record = await readDealer({ dealersDir: BOUNDARY_FIXTURES, slug });
      const committed = await readFile(join(BOUNDARY_FIXTURES, slug, 'stock.json'), 'utf8');
      const fresh = formatFeed(generateStock({ dealer: record, count: BOUNDARY_FIXTURE_SIZE, now, boundaries: true }));
      expect(committed === fresh, `${slug}/stock.json is stale: run npm run stock -- --dealers fixtures/regions/dealers --count 40 --boundaries`).toBe(true);
      const prices = new Set((JSON.parse(committed) as Car[]).map((c) => c.price));
      for (const price of BOUNDARY_PRICES) expect(prices, `${slug} price ${price}`).toContain(price);
    }
  });
});

describe('sample dealers carry the SPEC §1 variants as record fields', () => {
  it('has at least 12 dealers across AU, NZ and US', () => {
    expect(dealers.length).toBeGreaterThanOrEqual(12);
    expect(byField((d) => d.region === 'NZ').length).toBeGreaterThanOrEqual(1);
    expect(byField((d) => d.region === 'US')).toHaveLength(1);
  });

  it('has the named variants', () => {
    expect(byField((d) => d.manufacturer_name === 'Subaru').length).toBe(2);
    expect(byField((d) => d.service_booking_url)).toHaveLength(1);
    expect(byField((d) => d.paths?.favourites_label === 'myGarage').length).toBeGreaterThanOrEqual(1);
    expect(byField((d) => d.template === 'used' && d.config?.autograb)).not.toHaveLength(0);
    for (const style of ['group', 'perth', 'accessories'])
      expect(
        byField((d) => d.footer?.style === style),
        style,
      ).not.toHaveLength(0);
    expect(byField((d) => d.footer?.subscribe && d.footer.owners_group_url)).toHaveLength(1);
    expect(byField((d) => d.sub_footer)).toHaveLength(1);
    expect(byField((d) => d.search_host && d.search_key)).toHaveLength(1);
    expect(
      byField(
        (d) => d.template === 'group' && d.locations.length >= 6 && d.paths?.location_by === 'dealership_slug' && d.brands_dropdown?.exclude_slugs?.length,
      ),
    ).toHaveLength(1);
    expect(byField((d) => (d.dealership_websites ?? []).filter((w) => w.make === 'Ford').length >= 2)).toHaveLength(1);
    expect(byField((d) => d.rules?.reserve_dealership_ids?.includes(d.config?.dealership_id ?? -1))).toHaveLength(1);
    expect(byField((d) => d.forms?.phone_rule === 'nz-length' && d.region === 'NZ')).toHaveLength(1);
  });

  it('spreads providers, sold windows and paths over the dealers', () => {
    const finance = new Set(dealers.map((d) => d.config?.finance_provider));
    for (const p of ['Taurus', 'Car Clarity', 'Manual', '360 Finance', 'Angle', 'Powertorque', 'Nissan Finance', 'AusLoans']) expect(finance, p).toContain(p);
    const payment = new Set(dealers.map((d) => d.config?.payment_provider));
    for (const p of ['Stripe', 'Till', 'St George']) expect(payment, p).toContain(p);
    const windows = new Set(dealers.map((d) => d.include_sold_cars_days));
    for (const n of [0, 1, 2, 4, 5, 7, 14]) expect(windows, String(n)).toContain(n);
    const finances = new Set(dealers.map((d) => d.paths?.finance));
    expect(finances).toContain('/finance-enquiry');
    expect(finances).toContain('/apply-for-finance');
    expect(byField((d) => d.paths?.reserve === 'buy-online')).toHaveLength(1);
    expect(byField((d) => d.special_hours?.some((h) => h.date === '2025-06-09'))).not.toHaveLength(0);
    expect(byField((d) => d.paths?.service_weekend_enquire)).toHaveLength(1);
    expect(byField((d) => d.features?.subscriptions)).toHaveLength(1);
    expect(byField((d) => d.paths?.extra_search_paths?.length)).not.toHaveLength(0);
    expect(byField((d) => d.locations.length > 3)).not.toHaveLength(0);
    expect(byField((d) => d.locations.length === 1)).not.toHaveLength(0);
    expect(byField((d) => d.locations.length >= 2 && d.locations.length <= 3)).not.toHaveLength(0);
  });

  it('carries no test-only text: markup and scripts live in fixture records (fixtures/sites)', async () => {
    for (const record of dealers) {
      const text = await readFile(join(DEALERS, record.slug, 'dealer.yaml'), 'utf8');
      const values = text.split('\n').filter((line) => !line.trimStart().startsWith('#'));
      for (const line of values) expect(line, record.slug).not.toMatch(/<\/?[a-z!][^>]*>|alert\(|javascript:|test of escaping/i);
    }
  });
});
