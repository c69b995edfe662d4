/**
 * The `feeds` assets: a Google vehicle listings feed (tab-separated) and a Meta automotive
 * inventory catalog (CSV) from the same visible stock the site shows, each car linked to its
 * page on the site's base URL. Cars that do not qualify are left out, with the reason.
 */
import {
  feedMileage,
  feedPrice,
  feedSkipReason,
  googleCondition,
  metaStateOfVehicle,
  feedFile,
  feedLine,
  type FeedSkipReason,
  type InventoryFeed,
} from '../domain/inventoryFeeds.ts';
import { safeHref } from '../domain/safeUrl.ts';
import type { Site } from '../domain/site.ts';
import type { Address, Car, Location } from '../domain/types.ts';
import { carPath } from '../domain/routes/paths.ts';
import { absoluteUrl } from './sitemap.ts';
import type { Asset } from './stage.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { priceQualifier } from '../domain/priceQualifier.ts';

/** Where the feeds are written in the output (and what robots.txt and the README name). */
export const FEED_PATHS: Record<InventoryFeed, string> = {
  google: 'feeds/google-vehicle-listings.tsv',
  meta: 'feeds/meta-vehicles.csv',
};

/** Google vehicle listings feed columns: the required ones, then the recommended ones we know. */
const GOOGLE_COLUMNS = [
  'vin',
  'id',
  'store_code',
  'dealership_name',
  'dealership_address',
  'price',
  'vehicle_price_type',
  'condition',
  'certified_pre_owned',
  'make',
  'model',
  'trim',
  'year',
  'mileage',
  'exterior_color',
  'body_style',
  'fuel_type',
  'transmission',
  'link',
  'image_link',
  'additional_image_link',
  'date_in_stock',
] as const;

/** Meta automotive inventory catalog columns (required first). */
const META_COLUMNS = [
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
  'image[1].url',
  'image[2].url',
  'body_style',
  'exterior_color',
  'state_of_vehicle',
  'price',
  'vin',
  'trim',
  'fuel_type',
  'transmission',
  'availability',
  'dealer_id',
  'dealer_name',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'latitude',
  'longitude',
] as const;

/** A car left out of a feed. */
export interface FeedSkip {
  feed: InventoryFeed;
  car: Pick<Car, 'id' | 'name'>;
  reason: FeedSkipReason;
}

type FeedSite = Pick<Site, 'baseUrl' | 'name' | 'region' | 'regionSettings' | 'locations' | 'address' | 'now' | 'advertising'>;

/** The price's qualifier (domain/priceQualifier.ts): Google's vehicle_price_type and the words Meta's description carries. */
function qualifierOf(site: FeedSite, car: Car) {
  const { locale, currency, advertising } = site.regionSettings;
  return priceQualifier({ car, advertising, record: site.advertising, locale, currency });
}

/** Absolute http(s) URL of a site or remote image, or undefined. */
function absoluteImage(site: FeedSite, url: string | null | undefined): string | undefined {
  const safe = safeHref(url);
  if (!safe) return undefined;
  if (safe.startsWith('/')) return absoluteUrl({ baseUrl: site.baseUrl, path: safe });
  return /^https?:/i.test(safe) ? safe : undefined;
}

/** The car's photos as absolute URLs, first the primary one. */
function photos(site: FeedSite, car: Car): string[] {
  const urls = [...(car.images ?? []).map((i) => i.image.url), car.primary_image_url];
  return [...new Set(urls.map((u) => absoluteImage(site, u)).filter((u): u is string => Boolean(u)))];
}

/** The location that holds the car (its own, else the first of its dealership), for name and address. */
function carLocation(site: FeedSite, car: Car): Location | undefined {
  return site.locations.find((l) => l.id === car.location?.id) ?? site.locations.find((l) => l.dealership_id === car.dealership_id);
}

function fullAddress(address: Address, country: string): string {
  return [address.street, address.city, [address.state, address.postcode].filter(Boolean).join(' '), country].filter((part) => part?.trim()).join(', ');
}

function googleRow(site: FeedSite, car: Car, link: string, images: string[]) {
  const location = carLocation(site, car);
  const address = location?.address ?? site.address;
  const mileage = feedMileage({ km: car.km ?? 0, unit: site.regionSettings.distance_unit });
  return {
    vin: car.vin,
    id: car.stocknum ?? String(car.id),
    store_code: String(car.dealership_id),
    dealership_name: location?.name ?? site.name,
    dealership_address: fullAddress(address, site.region),
    price: feedPrice({ amount: car.price, currency: site.regionSettings.currency }),
    vehicle_price_type: qualifierOf(site, car)?.google ?? '',
    condition: googleCondition(car),
    certified_pre_owned: car.certified ? 'yes' : 'no',
    make: car.make,
    model: car.model,
    trim: car.badge,
    year: car.year,
    // Required for used cars; a new car's delivery kilometres are still worth stating.
    mileage: car.km == null ? '' : `${mileage.value} ${mileage.unit}`,
    exterior_color: car.colour,
    body_style: car.simple_body,
    fuel_type: car.simple_fuel,
    transmission: car.simple_transmission,
    link,
    image_link: images[0],
    additional_image_link: images.slice(1, 11).join(','),
    date_in_stock: car.created_at?.slice(0, 10),
  };
}

function metaRow(site: FeedSite, car: Car, link: string, images: string[]) {
  const location = carLocation(site, car);
  const qualifier = qualifierOf(site, car);
  const address = location?.address ?? site.address;
  const mileage = feedMileage({ km: car.km ?? 0, unit: site.regionSettings.distance_unit });
  return {
    vehicle_id: car.stocknum ?? String(car.id),
    title: car.name,
    // Meta's catalog has no price-type field: the description says what the price includes.
    description:
      [car.name, car.colour, car.simple_transmission, car.simple_fuel].filter(Boolean).join(', ') +
      `. At ${location?.name ?? site.name}.` +
      (qualifier ? ` Price: ${qualifier.label}.` : ''),
    url: link,
    make: car.make,
    model: car.model,
    year: car.year,
    'mileage.value': mileage.value,
    'mileage.unit': mileage.unit === 'miles' ? 'MI' : 'KM',
    'image[0].url': images[0],
    'image[1].url': images[1],
    'image[2].url': images[2],
    body_style: car.simple_body,
    exterior_color: car.colour,
    state_of_vehicle: metaStateOfVehicle(car),
    price: feedPrice({ amount: car.price, currency: site.regionSettings.currency }),
    vin: car.vin,
    trim: car.badge,
    fuel_type: car.simple_fuel,
    transmission: car.simple_transmission,
    availability: 'available',
    dealer_id: String(car.dealership_id),
    dealer_name: location?.name ?? site.name,
    'address.addr1': address.street,
    'address.city': address.city,
    'address.region': address.state,
    'address.postal_code': address.postcode,
    'address.country': site.region,
    latitude: address.lat,
    longitude: address.long,
  };
}

/** What one car gives the feeds: its Google and Meta lines (null when left out) and why it was left out. */
interface CarFeedLines {
  google: string | null;
  meta: string | null;
  skipped: FeedSkip[];
}

/** One car's lines of both feeds. */
function carFeedLines(site: FeedSite, car: Car): CarFeedLines {
  const link = absoluteUrl({ baseUrl: site.baseUrl, path: carPath(car) });
  const images = photos(site, car);
  const lines: CarFeedLines = { google: null, meta: null, skipped: [] };
  for (const feed of ['google', 'meta'] as const) {
    const reason = feedSkipReason({ car, feed, hasPhoto: images.length > 0 });
    if (reason) lines.skipped.push({ feed, car: { id: car.id, name: car.name }, reason });
    else if (feed === 'google') lines.google = feedLine({ format: 'tsv', columns: GOOGLE_COLUMNS, row: googleRow(site, car, link, images) });
    else lines.meta = feedLine({ format: 'csv', columns: META_COLUMNS, row: metaRow(site, car, link, images) });
  }
  return lines;
}

/** The two feed assets of a site from its visible cars, and the cars each feed left out. */
export function buildInventoryFeeds({
  site,
  cars,
  memo = createCarMemo(),
}: {
  site: FeedSite;
  cars: readonly Car[];
  /** The session's per-car memo (renderer/carMemo.ts); a fresh one reuses nothing. */
  memo?: CarMemo;
}): { assets: Asset[]; skipped: FeedSkip[] } {
  const context = memo.siteContext(site);
  // Made from the car and the site: kept between builds, and on disk by the car's content (renderer/carMemo.ts).
  const perCarLines = cars.map((car) => memo.perCar({ car, name: 'feeds', context, stored: true, make: () => carFeedLines(site, car) }));
  const lines = (feed: 'google' | 'meta') => perCarLines.map((one) => one[feed]).filter((line): line is string => line !== null);
  return {
    assets: [
      { path: FEED_PATHS.google, contents: feedFile({ format: 'tsv', columns: GOOGLE_COLUMNS, lines: lines('google') }) },
      { path: FEED_PATHS.meta, contents: feedFile({ format: 'csv', columns: META_COLUMNS, lines: lines('meta') }) },
    ],
    skipped: perCarLines.flatMap((one) => one.skipped),
  };
}
