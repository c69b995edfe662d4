/**
 * The `plan` stage: every URL a dealer's site has (SPEC §2 routes), decided from the resolved
 * Site and its stock. A conditional route is planned only when its condition holds, so every
 * page that exists is one a shopper can reach and nothing links to a page that is not built.
 */
import { BODY_STYLES } from '../domain/bodyStyles.ts';
import type { Car, Location, Manufacturer, Model } from '../domain/types.ts';
import type { InfoPage, Site } from '../domain/site.ts';
import type { Route, RouteKind, SearchScope } from '../ui/route.ts';
import { isShownOnSite } from '../domain/visibility.ts';
import { isReserveEligible } from '../domain/reserve.ts';
import { slugify } from '../domain/slug.ts';
import { contactSlug } from '../domain/openingHours.ts';

/** The five stock search paths every site has (SPEC §2). */
export const STOCK_SEARCHES: { path: string; scope: SearchScope }[] = [
  { path: '/search/new-cars', scope: { car_types: ['new'], heading: 'New Cars' } },
  { path: '/search/used-cars', scope: { car_types: ['used'], heading: 'Used Cars' } },
  { path: '/search/demo-cars', scope: { car_types: ['demo'], heading: 'Demo Cars' } },
  { path: '/search/new-and-demo-cars', scope: { car_types: ['new', 'demo'], heading: 'New and Demo Cars' } },
  { path: '/search/new-used-and-demo-cars', scope: { car_types: ['new', 'used', 'demo'], heading: 'New, Used and Demo Cars' } },
];

/** Route kinds kept out of sitemap.xml and marked noindex. */
const NOT_INDEXABLE = new Set<RouteKind>(['success', 'reserve', 'trade-in', 'not-found', 'compare', 'favourites']);

/** The path of the 404 page; emitted as /404.html at the site root. */
export const NOT_FOUND_PATH = '/404';

/** Why a candidate route was left out (an unsafe path from a record or feed). */
export interface SkippedRoute {
  path: string;
  reason: string;
}

/**
 * A path is planned only when it is a plain site path: leading slash, no '.'/'..' segments, no
 * backslash, control characters or query. Record and feed values become file names in `emit`,
 * so this keeps every page inside the output folder.
 */
export function isPlannablePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (!path.startsWith('/') || /[\\?#\u0000-\u001f]/.test(path)) return false;
  if (path === '/') return true;
  return path
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** '/x/' -> '/x', 'x' -> '/x'; query and hash dropped (a configured path names a page, not a state). */
export function normalisePath(path: string): string {
  const bare = path.trim().split(/[?#]/)[0];
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/** Title-cases a search path segment for a heading ('rv' -> 'RV', 'motorcycle' -> 'Motorcycle'). */
function headingFor(segment: string): string {
  const words = segment.split('-').filter(Boolean);
  return words.map((w) => (w.length <= 2 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1))).join(' ');
}

/** A manufacturer for a make: the static list's entry when it has one, else one built from the make. */
function manufacturerFor(make: string, manufacturers: Manufacturer[]): Manufacturer {
  const slug = slugify(make);
  return manufacturers.find((m) => m.slug === slug || m.name.toLowerCase() === make.toLowerCase()) ?? { id: 0, name: make, slug, logo: null };
}

/**
 * Every route of the dealer's site, in a stable order (home, searches, models, brands, cars,
 * forms, contact and locations, information pages, success, 404). The first route planned for a
 * path wins, so a record page or model slug can never replace a built-in page.
 */
export function planRoutes({
  site,
  cars,
  onSkip,
}: {
  site: Site;
  cars: Car[];
  /** Told about each candidate left out because its path is unsafe (surfaced as a warning). */
  onSkip?: (skipped: SkippedRoute) => void;
}): Route[] {
  const routes: Route[] = [];
  const seen = new Set<string>();
  /** Adds a route unless its path is unsafe or taken; true when it was added. */
  const add = (path: string, kind: RouteKind, extra: Partial<Route> = {}): boolean => {
    const normal = normalisePath(path);
    if (!isPlannablePath(normal)) {
      onSkip?.({ path, reason: 'not a plain site path' });
      return false;
    }
    if (seen.has(normal)) return false;
    seen.add(normal);
    routes.push({ path: normal, kind, indexable: !NOT_INDEXABLE.has(kind), ...extra });
    return true;
  };

  const now = new Date(site.now);
  const visible = cars.filter((car) => isShownOnSite({ car, now, soldWindowDays: site.include_sold_cars_days }));
  const manufacturers = site.manufacturers ?? [];

  add('/', 'home');

  // Stock searches, the dealer's extra item-type searches, then body styles and makes in stock.
  for (const { path, scope } of STOCK_SEARCHES) add(path, 'search', { search: scope });
  for (const path of [...(site.paths.extra_search_paths ?? []), site.default_search_path]) {
    if (!path) continue;
    const segment = normalisePath(path).split('/').pop() ?? '';
    add(path, 'search', { search: { item_type: segment, heading: headingFor(segment) } });
  }
  for (const { slug, name } of BODY_STYLES) add(`/search/${slug}`, 'search', { search: { simple_body: name, heading: name } });
  const makes = new Map<string, Set<string>>();
  for (const car of visible) {
    if (!car.make) continue;
    const models = makes.get(car.make) ?? new Set<string>();
    if (car.model) models.add(car.model);
    makes.set(car.make, models);
  }
  const makeNames = [...makes.keys()].sort((a, b) => a.localeCompare(b));
  for (const make of makeNames) {
    add(`/search/${slugify(make)}`, 'search', { search: { make, heading: make } });
    for (const model of [...makes.get(make)!].sort((a, b) => a.localeCompare(b))) {
      add(`/search/${slugify(make)}/${slugify(model)}`, 'search', { search: { make, model, heading: `${make} ${model}` } });
    }
  }

  // Models: the listing, each model's page, and its top-level page unless an override url replaces it.
  add('/models', 'models');
  const models: Model[] = [...(site.models ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const model of models) add(`/models/${model.slug}`, 'model', { model });

  // Brands: the group's dealership websites, else the makes in stock.
  const brandMakes = site.dealership_websites?.length ? site.dealership_websites.map((w) => w.make) : makeNames;
  for (const make of brandMakes) {
    if (!make) continue;
    add(`/brands/${slugify(make)}`, 'brand', { manufacturer: manufacturerFor(make, manufacturers), search: { make, heading: make } });
  }
  add('/electric-cars', 'electric');

  // Cars, and the reserve flow for the cars that may be reserved.
  // A car whose page could not be planned gets no reserve page either.
  const carsWithPage = visible.filter((car) => add(`/cars/${car.slug}`, 'car', { car }));
  const reserveSegment = site.paths.reserve === 'buy-online' ? 'buy-online' : 'checkout';
  for (const car of carsWithPage) {
    const eligible = isReserveEligible({
      car,
      paymentProvider: site.config?.payment_provider ?? null,
      dealershipId: car.dealership_id,
      dealershipSlug: car.dealership_slug,
      allowedDealershipIds: site.rules.reserve_dealership_ids ?? [],
      allowedDealershipSlugs: site.rules.reserve_dealership_slugs ?? [],
    });
    if (eligible) add(`/cars/${car.slug}/${reserveSegment}`, 'reserve', { car });
  }
  add('/cars/trade-in', 'trade-in');
  add('/valuations', 'valuations');
  add('/compare', 'compare');
  add(site.paths.favourites, 'favourites');
  add(site.paths.finance, 'finance');

  // Contact and locations.
  add('/contact', 'contact');
  if (site.paths.contact) add(site.paths.contact, 'contact');
  const locations: Location[] = site.locations ?? [];
  for (const location of locations) add(`/contact-us/${contactSlug(location.name)}`, 'contact-location', { location });
  for (const location of locations) {
    const slug = site.paths.location_by === 'dealership_slug' ? (location.dealership_slug ?? location.slug) : location.slug;
    add(`/locations/${slug}`, 'location', { location });
  }
  add('/dealerships', 'dealerships');
  add('/service', 'service');
  if (site.service_booking_url) add('/subaru-service', 'service-booking');

  // Information pages from the record (faqs, terms, instant price, special offers, warranty pages).
  const pages: InfoPage[] = site.pages ?? [];
  for (const page of pages) add(page.path, 'info', { page });
  add('/privacy-policy', 'privacy');
  add('/pages/privacy-statement', 'privacy', { indexable: false });

  // Model pages at the top level come after every built-in path so a model slug cannot shadow one.
  for (const model of models) if (!model.override_url) add(`/${model.slug}`, 'model', { model });

  add('/success', 'success');
  add(NOT_FOUND_PATH, 'not-found');
  return routes;
}
