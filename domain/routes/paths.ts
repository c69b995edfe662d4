/**
 * The path of every route kind of SPEC §2, built in one place: the `plan` stage plans each page
 * at the path its builder returns (renderer/routes.ts), and every link to that page calls the
 * same builder, so a link can never point beside the page it means.
 *
 * Slugs and names taken from records and feeds are percent-encoded per segment; paths a record
 * configures whole (favourites, contact, information pages) are normalised, not encoded.
 */
import type { Car, Location, Model } from '../types.ts';
import type { InfoPage, Site } from '../site.ts';
import { BODY_STYLES } from '../bodyStyles.ts';
import { slugify } from '../slug.ts';
import { contactSlug } from '../locations.ts';

/** What a search route scopes its results to (SPEC §2 search routes). */
export interface SearchScope {
  car_types?: ('new' | 'used' | 'demo')[];
  make?: string;
  model?: string;
  simple_body?: string;
  /** subscription, rental, rv, motorcycle, truck: what follows /search/ in the configured path. */
  item_type?: string;
  /** Heading shown on the page, e.g. 'New Cars', 'Toyota Corolla', 'SUV'. */
  heading: string;
}

/** The stock search of every car type: where a link to all of some cars (a fuel, on the electric page) searches. */
export const ALL_STOCK_SEARCH_PATH = '/search/new-used-and-demo-cars';

/** The five stock search paths every site has (SPEC §2). */
export const STOCK_SEARCHES: readonly { path: string; scope: SearchScope }[] = [
  { path: '/search/new-cars', scope: { car_types: ['new'], heading: 'New Cars' } },
  { path: '/search/used-cars', scope: { car_types: ['used'], heading: 'Used Cars' } },
  { path: '/search/demo-cars', scope: { car_types: ['demo'], heading: 'Demo Cars' } },
  { path: '/search/new-and-demo-cars', scope: { car_types: ['new', 'demo'], heading: 'New and Demo Cars' } },
  { path: ALL_STOCK_SEARCH_PATH, scope: { car_types: ['new', 'used', 'demo'], heading: 'New, Used and Demo Cars' } },
];

/** The resolved paths settings of a site (every key present). */
type PathsConfig = Site['paths'];

const segment = (value: string | number) => encodeURIComponent(String(value));

/** '/x/' -> '/x', 'x' -> '/x'; query and hash dropped (a configured path names a page, not a state). */
export function normalisePath(path: string): string {
  const bare = path.trim().split(/[?#]/)[0];
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/** / */
export const HOME_PATH = '/';

/** /search/{make} or /search/{make}/{model}. */
export function makeSearchPath({ make, model }: { make: string; model?: string | null }): string {
  return model ? `/search/${segment(slugify(make))}/${segment(slugify(model))}` : `/search/${segment(slugify(make))}`;
}

/** /search/{bodyStyle} for a SPEC §2 body style name ('SUV' -> '/search/suv'). */
export function bodySearchPath({ body }: { body: string }): string {
  const style = BODY_STYLES.find((s) => s.name === body);
  return `/search/${segment(style?.slug ?? slugify(body))}`;
}

/** The path of a search scope: make (and model), body style, item type, else its stock search. */
export function searchPath({ search }: { search: SearchScope }): string {
  if (search.make) return makeSearchPath({ make: search.make, model: search.model });
  if (search.simple_body) return bodySearchPath({ body: search.simple_body });
  if (search.item_type !== undefined) return normalisePath(`/search/${search.item_type}`);
  const types = [...(search.car_types ?? [])].sort().join(',');
  const stock = STOCK_SEARCHES.find(({ scope }) => [...(scope.car_types ?? [])].sort().join(',') === types);
  if (!stock) throw new Error(`no search path for the scope '${search.heading}'`);
  return stock.path;
}

/** The id of a body group's heading on /models: the anchor a body filter link ends at, so the link works without JavaScript. */
export function bodyAnchorId(slug: string): string {
  return `body-${slug}`;
}

/**
 * /models, or /models?body={body-type} for a body filter (SPEC §2; 'all' for every model). A body
 * filter ends at its group's anchor, so without JavaScript the link still lands on that group.
 */
export function modelsPath({ body }: { body?: string } = {}): string {
  if (body === undefined) return '/models';
  return body === 'all' ? '/models?body=all' : `/models?body=${segment(body)}#${segment(bodyAnchorId(body))}`;
}

/** /models/{slug} */
export function modelPath({ slug }: Pick<Model, 'slug'>): string {
  return `/models/${segment(slug)}`;
}

/** /{model-slug}: the model's page from the models dropdown (SPEC §2). */
export function modelSlugPath({ slug }: Pick<Model, 'slug'>): string {
  return `/${segment(slug)}`;
}

/** Where the models dropdown links a model: its override url when present, else /{model-slug}. */
export function modelHref({ model }: { model: Pick<Model, 'slug' | 'override_url'> }): string {
  return model.override_url && model.override_url.trim() !== '' ? model.override_url : modelSlugPath(model);
}

/** /brands/{slug of the make} */
export function brandPath({ make }: { make: string }): string {
  return `/brands/${segment(slugify(make))}`;
}

/** /electric-cars */
export const ELECTRIC_PATH = '/electric-cars';

/** /cars/{slug} */
export function carPath({ slug }: Pick<Car, 'slug'>): string {
  return `/cars/${segment(slug)}`;
}

/** /cars/{slug}/checkout or /cars/{slug}/buy-online, per paths.reserve. */
export function reservePath({ paths, car }: { paths: Pick<PathsConfig, 'reserve'>; car: Pick<Car, 'slug'> }): string {
  return `${carPath(car)}/${paths.reserve === 'buy-online' ? 'buy-online' : 'checkout'}`;
}

/** /cars/trade-in, or /cars/trade-in?car_id={id} for a car. */
export function tradeInPath({ car }: { car?: Pick<Car, 'id'> } = {}): string {
  return car ? `/cars/trade-in?car_id=${segment(car.id)}` : '/cars/trade-in';
}

/** /valuations (Sell Your Car) */
export const VALUATIONS_PATH = '/valuations';

/** /compare */
export const COMPARE_PATH = '/compare';

/** The favourites page: /favourites, or the dealer's garage path. */
export function favouritesPath({ paths }: { paths: Pick<PathsConfig, 'favourites'> }): string {
  return normalisePath(paths.favourites);
}

/**
 * The dealer's finance page (/finance, /finance-enquiry or /apply-for-finance); for a car, with
 * its query parameters and ending '#finance-form' (SPEC §2).
 */
export function financePath({ paths, car }: { paths: Pick<PathsConfig, 'finance'>; car?: Pick<Car, 'dealership_slug' | 'price' | 'id' | 'car_type'> }): string {
  const page = normalisePath(paths.finance);
  if (!car) return page;
  const query = new URLSearchParams({
    preferredDealership: car.dealership_slug,
    vehiclePriceBudget: String(car.price),
    car_id: String(car.id),
    car_type: car.car_type,
  });
  return `${page}?${query.toString()}#finance-form`;
}

/** /contact */
export const CONTACT_PATH = '/contact';

/** The configured contact URL (paths.contact): the contact page itself. */
export function configuredContactPath({ paths }: { paths: Pick<PathsConfig, 'contact'> }): string {
  return normalisePath(paths.contact);
}

/** /contact-us/{location-slug}: the name minus a trailing ' - Sales'/' - Service'/' - Parts', slugified. */
export function contactLocationPath({ location }: { location: Pick<Location, 'name'> }): string {
  return `/contact-us/${segment(contactSlug(location.name))}`;
}

/** /locations/{slug} or /locations/{dealership_slug} (falling back to the slug), per paths.location_by. */
export function locationPath({ paths, location }: { paths: Pick<PathsConfig, 'location_by'>; location: Pick<Location, 'slug' | 'dealership_slug'> }): string {
  const slug = paths.location_by === 'dealership_slug' && location.dealership_slug ? location.dealership_slug : location.slug;
  return `/locations/${segment(slug)}`;
}

/** /accessibility: the site's accessibility statement. */
export const ACCESSIBILITY_PATH = '/accessibility';

/** /dealerships: every location (also the header's and banner's single 'Locations' link). */
export const DEALERSHIPS_PATH = '/dealerships';

/** /service (Book a Service) */
export const SERVICE_PATH = '/service';

/** /subaru-service: the online service booking, when a booking URL is configured. */
export const SERVICE_BOOKING_PATH = '/subaru-service';

/** An information page of the record (faqs, terms, instant price, special offers ...). */
export function infoPath({ page }: { page: Pick<InfoPage, 'path'> }): string {
  return normalisePath(page.path);
}

/** /privacy-policy */
export const PRIVACY_PATH = '/privacy-policy';

/** /pages/privacy-statement: the same policy at the path some forms and footers link. */
export const PRIVACY_STATEMENT_PATH = '/pages/privacy-statement';

/** /success (its query variants are built by domain/successUrl.ts). */
export const SUCCESS_PATH = '/success';

/** The 404 page; emitted as /404.html at the site root. */
export const NOT_FOUND_PATH = '/404';
