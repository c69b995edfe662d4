/**
 * The seeded stock generator: sample stock feeds (dealers/<slug>/stock.json) that follow
 * domain/types.ts Car exactly and read like a real yard: plausible prices, model years no older
 * than the model, every car with a photo, while exercising the car-level rules of SPEC §4, §5
 * and §9 that real stock meets (sold windows, tags, certified Toyotas, reserve, trade-in,
 * finance, below-market, the odd price on application).
 *
 * With --boundaries a feed also holds the test cases no real yard has: each price threshold of
 * SPEC §9 at its boundary (BOUNDARY_PRICES) and a few cars without photos. Test fixtures are
 * written that way (fixtures/regions/dealers); the sample dealers are not.
 *
 *   npm run stock                                    every dealer, sizes from dealers/stock-sizes.json
 *   npm run stock -- --dealer <slug> --count N --out FILE   one feed (benchmarks: 5,000 or 50,000 cars)
 *   npm run stock -- --dealers fixtures/regions/dealers --count 40 --boundaries   fixture feeds
 *   options: --seed N (default 20261120), --now ISO (default 2026-11-20), --dealers DIR (default dealers),
 *            --boundaries (boundary prices and cars without photos)
 *
 * Everything a car gets comes from the dealer record's fields (brands, locations, providers,
 * sold window, subscriptions), never from its slug or name, and every date is relative to `now`
 * so the same seed and `now` always write the same bytes.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { Car, CarType, FinanceLenderQuote, PaymentProcessor } from '../../domain/types.ts';
import type { DealerRecord } from '../../domain/site.ts';
import { slugify } from '../../domain/slug.ts';
import { galleryPictures } from './galleryPictures.ts';
import { DEFAULT_ITEM_TYPE, isItemType, type ItemType } from '../../domain/itemTypes.ts';
import { carName } from '../../domain/carName.ts';
import { CATALOGUE, COLOURS, FEATURES, FUEL_NAMES, USED_MAKES, type CatalogueModel } from './catalogue.ts';
import { createRandom, hashString, type Random } from './prng.ts';

/** The run seed `npm run stock` uses. */
export const DEFAULT_SEED = 20261120;

/** The date every generated date is relative to (the benchmark builds with the same `now`). */
export const DEFAULT_NOW = '2026-11-20T00:00:00.000Z';

/** Cars per dealer when dealers/stock-sizes.json does not name it. */
export const DEFAULT_STOCK_SIZE = 40;

/**
 * Prices placed on a few cars of a --boundaries feed (test fixtures, never the sample dealers)
 * so each threshold of SPEC §9 is met at its boundary: 0 (price on application), at or below 10
 * (not a real price), and either side of 200 (reserve, trade-in), 250 (autocomplete) and 500
 * (finance).
 */
export const BOUNDARY_PRICES = [0, 5, 10, 11, 199, 200, 201, 249, 250, 251, 499, 500, 501, 0];

/** The tags a feed carries (SPEC §3 Car tag values); 'Pre-order' goes with preorder cars. */
export const TAGS = { testDrive: 'Test Drive Only', testDriveStars: '*** Test Drive Vehicle Only ***', special: 'Special', preorder: 'Pre-order' } as const;

const DAY_MS = 86_400_000;
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const UTE_CONFIGS = ['Double Cab Pick Up', 'Dual Cab Utility', 'Cab Chassis', 'Space Cab Pick Up'];

/** The makes a dealer sells new: its manufacturer, its group's websites and its locations' brands. */
export function dealerMakes({ dealer }: { dealer: DealerRecord }): string[] {
  const names = [
    dealer.manufacturer_name,
    ...(dealer.dealership_websites ?? []).map((website) => website.make),
    ...(dealer.locations ?? []).flatMap((location) => location.manufacturers ?? []),
  ];
  return [...new Set(names.filter((name): name is string => typeof name === 'string' && name in CATALOGUE))];
}

/** Which car types the record allows: a zero count in stock.car_types, or the used template without counts, rules a type out. */
function allowedTypes(dealer: DealerRecord): { new: boolean; demo: boolean } {
  const counts = dealer.stock?.car_types ?? {};
  const usedOnly = dealer.template === 'used';
  return {
    new: counts.new !== undefined ? counts.new > 0 : !usedOnly,
    demo: counts.demo !== undefined ? counts.demo > 0 : !usedOnly,
  };
}

/** A location as the record writes it. */
type RecordLocation = DealerRecord['locations'][number];

/** Locations cars stand at: sales yards and dealerships first, any location when there are none. */
function yards(dealer: DealerRecord): RecordLocation[] {
  const all = dealer.locations ?? [];
  const selling = all.filter((location) => location.location_type === 'sales' || location.location_type === 'dealership');
  return selling.length > 0 ? selling : all;
}

/** A location for a car of `make`: one that lists the make when there is one. */
function yardFor({ dealer, make, random }: { dealer: DealerRecord; make: string; random: Random }): RecordLocation | null {
  const candidates = yards(dealer);
  if (candidates.length === 0) return null;
  const branded = candidates.filter((location) => (location.manufacturers ?? []).includes(make));
  return random.pick(branded.length > 0 ? branded : candidates);
}

/** Rounds a dollar amount to the usual $x,x90 sticker ending. */
function sticker(amount: number): number {
  return Math.max(990, Math.round(amount / 1000) * 1000 - 10);
}

/** A 17-character VIN-shaped string (no I, O or Q). */
function vin(random: Random): string {
  let text = '';
  for (let i = 0; i < 17; i++) text += VIN_CHARS[random.int(0, VIN_CHARS.length - 1)];
  return text;
}

/** Monthly repayment of an amortised loan. */
function monthlyRepayment({ principal, ratePercent, months, balloon }: { principal: number; ratePercent: number; months: number; balloon: number }): number {
  const r = ratePercent / 100 / 12;
  const payment = (principal - balloon / Math.pow(1 + r, months)) * (r / (1 - Math.pow(1 + r, -months)));
  return Math.round(payment * 100) / 100;
}

/** The finance quote of the dealer's provider for one car, in the shape of SPEC §3 finance_lenders. */
function financeQuote({ provider, price, random }: { provider: string; price: number; random: Random }): FinanceLenderQuote {
  // A few quotes lack rates: SPEC §5 shows no finance without both rates.
  if (random.chance(0.05)) return { interestRate: null, comparisonRate: null, paymentWeek: null, paymentMonth: null };
  const interestRate = Math.round(random.int(599, 1299)) / 100;
  const comparisonRate = Math.round((interestRate + random.int(25, 120) / 100) * 100) / 100;
  const termYears = random.pick([3, 4, 5, 5, 5, 7]);
  const months = termYears * 12;
  const depositShare = provider === 'Taurus' ? 0.1 : random.pick([0, 0, 0.1, 0.2]);
  const deposit = Math.round(price * depositShare);
  const balloon = provider === 'Angle' ? 0 : random.pick([0, 0, 0, Math.round(price * 0.25)]);
  const paymentMonth = monthlyRepayment({ principal: price - deposit, ratePercent: interestRate, months, balloon });
  const weekly = Math.round(((paymentMonth * 12) / 52) * 100) / 100;
  // Some weekly-payment providers' quotes come without a weekly figure (SPEC §5: then nothing shows).
  const paymentWeek = random.chance(0.1) ? null : weekly;
  return {
    interestRate,
    comparisonRate,
    paymentWeek,
    paymentMonth,
    termMonths: months,
    termYears,
    deposit,
    balloon,
    disclaimer: `${provider} finance example: ${interestRate}% p.a. fixed over ${termYears} years, comparison rate ${comparisonRate}% p.a. WARNING: This comparison rate is true only for the example given and may not include all fees and charges. Subject to credit approval.`,
  };
}

/** The car's payment processors when the dealer can take deposits (a provider, or a dealership id or slug list). */
function paymentProcessors({ dealer, dealershipId, random }: { dealer: DealerRecord; dealershipId: number; random: Random }): PaymentProcessor[] {
  const provider = dealer.config?.payment_provider ?? null;
  const listed = (dealer.rules?.reserve_dealership_ids?.length ?? 0) > 0 || (dealer.rules?.reserve_dealership_slugs?.length ?? 0) > 0;
  if (!provider && !listed) return [];
  if (random.chance(0.1)) return [];
  const dealership = [...(dealer.config?.dealerships ?? []), ...(dealer.dealerships ?? [])].find((d) => d.id === dealershipId);
  const key = random.chance(0.06) ? null : (dealership?.publishable_key ?? `pk_test_${dealershipId}`);
  return [
    {
      authorization_type: provider ? slugify(provider).replace(/-/g, '_') : 'stripe',
      authorization_key: key,
      deposit_amount: random.pick([250, 500, 500, 1000]),
    },
  ];
}

/**
 * The item type of a car: subscription for a car with a subscription price (0 included, so the
 * price > 0 rule has a case); every fifth car takes one of the record's other item-type search
 * paths (/search/rv ...), in turn; the rest are cars.
 */
function itemTypeFor({ dealer, index, subscription }: { dealer: DealerRecord; index: number; subscription: boolean }): ItemType {
  const paths = [...(dealer.paths?.extra_search_paths ?? []), dealer.default_search_path ?? ''];
  const types = paths.map((path) => path.replace(/\/+$/, '').split('/').pop() ?? '').filter((t): t is ItemType => isItemType(t) && t !== 'car');
  if (types.includes('subscription') && subscription) return 'subscription';
  const others = [...new Set(types.filter((t) => t !== 'subscription'))];
  return others.length > 0 && index % 5 === 0 ? others[Math.floor(index / 5) % others.length] : DEFAULT_ITEM_TYPE;
}

/** Whether a model is still made in `year` (new and demo cars are only of those). */
function madeIn({ spec, year }: { spec: CatalogueModel; year: number }): boolean {
  return spec.firstYear <= year && (spec.lastYear === null || spec.lastYear >= year);
}

/**
 * A car's model year: new cars this year's or next year's, demos this year's or last year's,
 * used cars 1 to 11 years old with a few older trade-ins (the Taurus 12-year boundary of SPEC §5),
 * always within the years the model was made (no 2007 Polestar 4).
 */
function modelYear({ carType, spec, nowYear, random }: { carType: CarType; spec: CatalogueModel; nowYear: number; random: Random }): number {
  const oldest = spec.firstYear;
  // A model first made this year is sold used from this year on.
  const newest = Math.max(oldest, Math.min(spec.lastYear ?? nowYear + 1, carType === 'used' ? nowYear - 1 : nowYear + 1));
  const wanted =
    carType === 'new'
      ? nowYear + (random.chance(0.15) ? 1 : 0)
      : carType === 'demo'
        ? nowYear - random.int(0, 1)
        : nowYear - (random.chance(0.08) ? random.int(12, 20) : random.int(1, 11));
  // A year the model was not made in: one of the years it was, evenly.
  return wanted >= oldest && wanted <= newest ? wanted : random.int(oldest, newest);
}

/** One generated car; `index` places the boundary prices of a --boundaries feed. */
function buildCar({
  dealer,
  index,
  count,
  random,
  now,
  brandMakes,
  types,
  boundaries,
}: {
  dealer: DealerRecord;
  index: number;
  count: number;
  random: Random;
  now: Date;
  brandMakes: string[];
  types: { new: boolean; demo: boolean };
  boundaries: boolean;
}): Car {
  const nowYear = now.getUTCFullYear();
  const roll = random.next();
  let carType: CarType = types.new && roll < 0.45 ? 'new' : types.demo && roll < 0.57 ? 'demo' : 'used';
  const ownMake = brandMakes.length > 0 && (carType !== 'used' || random.chance(0.6));
  const make = ownMake ? random.pick(brandMakes) : random.pick(USED_MAKES);
  // New and demo cars are of models still made; a make with none left sells its models used.
  const current = CATALOGUE[make].filter((model) => madeIn({ spec: model, year: nowYear }));
  if (current.length === 0) carType = 'used';
  const spec: CatalogueModel = random.pick(carType === 'used' ? CATALOGUE[make] : current);
  const badge = random.pick(spec.badges);

  const year = modelYear({ carType, spec, nowYear, random });
  const age = Math.max(0, nowYear - year);
  const km = carType === 'new' ? random.int(0, 10) : carType === 'demo' ? random.int(500, 9000) : age * random.int(8000, 24000) + random.int(0, 5000);

  // Price: the catalogue's new price, depreciated for used cars; boundary prices on a spread of cars of a --boundaries feed.
  const spacing = Math.max(3, Math.floor(count / BOUNDARY_PRICES.length));
  const boundarySlot = boundaries && index % spacing === 1 ? Math.floor(index / spacing) : -1;
  const basePrice = spec.price * (carType === 'new' ? 1 : carType === 'demo' ? 0.92 : Math.max(0.2, Math.pow(0.9, age)));
  let price = sticker(basePrice * (0.92 + random.next() * 0.16));
  if (boundarySlot >= 0 && boundarySlot < BOUNDARY_PRICES.length) price = BOUNDARY_PRICES[boundarySlot];
  else if (random.chance(0.02)) price = 0;
  const realPrice = price > 10;

  // Status: mostly in stock; some coming soon; sold cars inside and outside the sold window.
  const windowDays = dealer.include_sold_cars_days ?? 3;
  const statusRoll = random.next();
  const status: Car['status'] = boundarySlot >= 0 ? 'in_stock' : statusRoll < 0.78 ? 'in_stock' : statusRoll < 0.87 ? 'coming_soon' : 'sold';
  const sold = status === 'sold';
  const soldDaysAgo = !sold ? 0 : windowDays > 0 && random.chance(0.5) ? random.int(0, windowDays - 1) : windowDays + random.int(1, 30);
  const soldDate = sold ? new Date(now.getTime() - soldDaysAgo * DAY_MS).toISOString().slice(0, 10) : null;

  // Created: a share within the 8-day new-tag window (SPEC §9), the rest up to a year back.
  const createdDaysAgo = random.chance(0.12) ? random.int(0, 7) : random.int(9, 365);
  const createdAt = new Date(now.getTime() - createdDaysAgo * DAY_MS - random.int(0, 86_399) * 1000).toISOString();

  const preorder = carType === 'new' && status === 'coming_soon' && random.chance(0.4);
  if (preorder && random.chance(0.6)) price = 0;
  const tagRoll = random.next();
  const tag = preorder
    ? TAGS.preorder
    : status !== 'in_stock'
      ? null
      : tagRoll < 0.04
        ? TAGS.testDrive
        : tagRoll < 0.06
          ? TAGS.testDriveStars
          : tagRoll < 0.11
            ? TAGS.special
            : null;

  const location = yardFor({ dealer, make, random });
  const dealershipId = location?.dealership_id ?? dealer.config?.dealership_id ?? dealer.dealer_id;
  const dealershipSlug = location?.dealership_slug ?? dealer.slug;
  const id = dealer.dealer_id * 100_000 + index + 1;
  const model = spec.model;
  const paint = random.pick(COLOURS);
  const colour = paint.name;
  const body = spec.body;
  // Every showcase car has a gallery of 5 to 8 distinct pictures, its body and paint first (a few cars of a --boundaries feed have none).
  // The one draw is the same as when cars had 1 to 4 copies of one picture, so every other field stays as it was.
  const imageCount = boundaries && random.chance(0.02) ? 0 : random.int(1, 4) + 4;
  const imageUrls = galleryPictures({ body, paintImage: paint.image, count: imageCount, rotate: index });
  const electric = spec.fuel === 'Electric';
  const transmission = electric || random.chance(0.85) ? 'Automatic' : 'Manual';
  const carVin = vin(random);
  const prefix = dealer.slug
    .split('-')
    .map((word) => word[0])
    .join('')
    .toUpperCase();

  const car: Car = {
    id,
    slug: `${year}-${slugify(make)}-${slugify(model)}-${id}`,
    name: carName({ car: { year, make, model, badge } }),
    make,
    model,
    year,
    badge,
    series: spec.series,
    km,
    colour,
    gearnum: electric ? 1 : transmission === 'Manual' ? random.int(5, 6) : random.pick([6, 7, 8, 9, 10]),
    bodyconfiguration: body === 'Ute' ? random.pick(UTE_CONFIGS) : body === 'Van' ? 'Van' : null,
    vin: carVin,
    stocknum: `${prefix}${10_000 + index}`,
    seats: spec.seats,
    views: random.int(0, 3000),
    car_type: carType,
    item_type: DEFAULT_ITEM_TYPE,
    status,
    sold,
    sold_date: soldDate,
    reserved: status === 'in_stock' && random.chance(0.04),
    reservable: random.chance(0.06) ? false : random.chance(0.1) ? null : true,
    // Toyota's certified used program is a franchise's: only a dealer selling Toyota new certifies one.
    certified: make === 'Toyota' && brandMakes.includes(make) && carType === 'used' && age <= 5 && km < 100_000 && random.chance(0.75),
    tag,
    created_at: createdAt,
    preorder,
    show_on_dealer_website: !random.chance(0.03),
    price,
    before_price: realPrice && random.chance(0.12) ? price + random.int(5, 40) * 100 : null,
    // A subscription price of 0 (the price > 0 rule's case) only in a --boundaries feed.
    subscription_price: dealer.features?.subscriptions && random.chance(0.6) ? (boundaries && random.chance(0.08) ? 0 : random.int(129, 449)) : null,
    price_type: carType === 'used' ? 'Excl. Govt. Charges' : 'Drive Away',
    simple_fuel: spec.fuel,
    simple_body: body,
    simple_transmission: transmission,
    simple_drive: spec.drive,
    fuel: FUEL_NAMES[spec.fuel],
    file: carType === 'used' && random.chance(0.3) ? `https://reports.example/history/${carVin}.pdf` : null,
    primary_image_url: imageUrls[0] ?? null,
    thumbnails: imageUrls,
    images: imageUrls.map((url) => ({ image: { url, thumb: { url } } })),
    dealership_slug: dealershipSlug,
    dealership_id: dealershipId,
    location: location
      ? {
          id: location.id,
          name: location.name,
          slug: location.slug,
          phone: location.contact_detail?.phone ?? null,
          city: location.address.city,
          state: location.address.state,
        }
      : null,
    payment_processors: [],
    has_checkout_payment_processor: false,
    custom_rank: random.int(0, 1000),
    features: FEATURES.filter(() => random.chance(0.3)),
  };

  car.item_type = itemTypeFor({ dealer, index, subscription: car.subscription_price != null });
  // Some feeds mark a sale only with the sold flag, leaving status in_stock (SPEC §3 sold).
  if (sold && index % 4 === 0) car.status = 'in_stock';

  const processors = paymentProcessors({ dealer, dealershipId, random });
  car.payment_processors = processors;
  car.has_checkout_payment_processor = processors.some((p) => Boolean(p.authorization_key));

  const provider = dealer.config?.finance_provider ?? null;
  if (provider && realPrice && random.chance(0.85)) car.finance_lenders = { [provider]: financeQuote({ provider, price, random }) };

  // Market prices on most used cars; some far enough above the price to be 'below market' (> $499).
  if (carType === 'used' && realPrice && random.chance(0.6)) {
    const state = price + random.pick([-1500, -400, 0, 300, 499, 500, 800, 1500, 3000]) + random.int(0, 9) * 10;
    car.autograb_data = {
      state_average_market_price: random.chance(0.2) ? null : state,
      average_market_price: state + random.int(-50, 50) * 10,
    };
  }
  return car;
}

/**
 * A dealer's stock feed: `count` cars from the record's brands, locations and providers, dated
 * relative to `now`; with `boundaries`, also the boundary prices and cars without photos that
 * test fixtures need. Same dealer, count, seed, now and boundaries -> the same cars.
 */
export function generateStock({
  dealer,
  count,
  seed = DEFAULT_SEED,
  now = new Date(DEFAULT_NOW),
  boundaries = false,
}: {
  dealer: DealerRecord;
  count: number;
  seed?: number;
  now?: Date;
  boundaries?: boolean;
}): Car[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a whole number, got ${count}`);
  const random = createRandom((seed ^ hashString(dealer.slug)) >>> 0);
  const brandMakes = dealerMakes({ dealer });
  const types = allowedTypes(dealer);
  return Array.from({ length: count }, (_, index) => buildCar({ dealer, index, count, random, now, brandMakes, types, boundaries }));
}

/** A feed as text: one car per line, so diffs of regenerated feeds stay readable. */
export function formatFeed(cars: Car[]): string {
  return cars.length === 0 ? '[]\n' : `[\n${cars.map((car) => JSON.stringify(car)).join(',\n')}\n]\n`;
}

/** Reads dealers/<slug>/dealer.yaml. */
export async function readDealer({ dealersDir, slug }: { dealersDir: string; slug: string }): Promise<DealerRecord> {
  const file = join(dealersDir, slug, 'dealer.yaml');
  try {
    return parseYaml(await readFile(file, 'utf8')) as DealerRecord;
  } catch (error) {
    throw new Error(`cannot read dealer record ${file}`, { cause: error });
  }
}

/** dealers/stock-sizes.json: { "<slug>": { "stock_size": N } }; {} when the file is missing. */
async function readSizes(dealersDir: string): Promise<Record<string, { stock_size?: number }>> {
  const file = join(dealersDir, 'stock-sizes.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, { stock_size?: number }>;
  } catch (error) {
    throw new Error(`cannot read ${file}`, { cause: error });
  }
}

/** Parsed command-line options. */
interface CliOptions {
  dealer?: string;
  count?: number;
  out?: string;
  seed: number;
  now: Date;
  dealersDir: string;
  boundaries: boolean;
}

/** Parses --dealer, --count, --out, --seed, --now, --dealers and --boundaries. */
export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { seed: DEFAULT_SEED, now: new Date(DEFAULT_NOW), dealersDir: 'dealers', boundaries: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--boundaries') {
      options.boundaries = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    i++;
    if (flag === '--dealer') options.dealer = value;
    else if (flag === '--count') options.count = Number(value);
    else if (flag === '--out') options.out = value;
    else if (flag === '--seed') options.seed = Number(value);
    else if (flag === '--now') options.now = new Date(value);
    else if (flag === '--dealers') options.dealersDir = value;
    else throw new Error(`unknown option ${flag} (use --dealer, --count, --out, --seed, --now, --dealers, --boundaries)`);
  }
  if (options.count !== undefined && (!Number.isInteger(options.count) || options.count < 0)) throw new Error('--count must be a whole number');
  if (!Number.isInteger(options.seed)) throw new Error('--seed must be a whole number');
  if (Number.isNaN(options.now.getTime())) throw new Error('--now must be an ISO date');
  return options;
}

/** The command: one dealer's feed (--dealer) or every dealer's. Returns the files written. */
export async function runCli({ argv }: { argv: string[] }): Promise<string[]> {
  const options = parseArgs(argv);
  const dealersDir = resolve(options.dealersDir);
  const sizes = await readSizes(dealersDir);
  const slugs = options.dealer
    ? [options.dealer]
    : (await readdir(dealersDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() && existsSync(join(dealersDir, entry.name, 'dealer.yaml')))
        .map((entry) => entry.name)
        .sort();
  const written: string[] = [];
  for (const slug of slugs) {
    const dealer = await readDealer({ dealersDir, slug });
    const count = options.count ?? sizes[slug]?.stock_size ?? DEFAULT_STOCK_SIZE;
    const cars = generateStock({ dealer, count, seed: options.seed, now: options.now, boundaries: options.boundaries });
    const file = options.dealer && options.out ? resolve(options.out) : join(dealersDir, slug, 'stock.json');
    await writeFile(file, formatFeed(cars));
    written.push(file);
    console.log(`${slug}: ${cars.length} cars -> ${file}`);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runCli({ argv: process.argv.slice(2) }).catch((error: unknown) => {
    console.error(error instanceof Error ? `${error.message}${error.cause ? `: ${String(error.cause)}` : ''}` : error);
    process.exitCode = 1;
  });
}
