/**
 * The route registry: every route kind of SPEC §2 declared once. Each entry says how the kind
 * is planned from the site and its data, the path builder its pages are planned at (the same
 * function every link to them calls, domain/routes/paths.ts), its page component, its meta
 * template key (templates/meta.yaml), whether it is indexed, the structured data its pages add
 * to the site-wide JSON-LD, and what its pages read of the stock (incremental builds).
 *
 * Kinds are planned in the order listed here and the first route planned for a path wins, so a
 * record page or a model slug can never replace a built-in page. Adding a route kind is one
 * entry here, its data in ui/route.ts and one page.
 */
import { offersValuations } from '../domain/tradeIn.ts';
import './productionReact.ts';
import type { ComponentType } from 'react';
import type { Car, Manufacturer, Model } from '../domain/types.ts';
import type { InfoPage, Site } from '../domain/site.ts';
import type { RouteData, RouteKind, RouteOf } from '../ui/route.ts';
import type { PageProps, SiteData } from '../ui/pageProps.ts';
import type { JsonLd } from '../ui/structuredData.ts';
import { breadcrumbStructuredData, carStructuredData, locationStructuredData } from '../ui/structuredData.ts';
import { carBreadcrumbs } from '../domain/breadcrumbs.ts';
import { BODY_STYLES } from '../domain/bodyStyles.ts';
import { isReserveEligible } from '../domain/reserve.ts';
import { isSold } from '../domain/visibility.ts';
import { brandMakes } from '../domain/stockLinks.ts';
import { slugify } from '../domain/slug.ts';
import * as paths from '../domain/routes/paths.ts';
import { HomePage } from '../ui/pages/HomePage.tsx';
import { SearchPage } from '../ui/pages/SearchPage.tsx';
import { CarPage } from '../ui/pages/CarPage.tsx';
import { ReservePage } from '../ui/pages/ReservePage.tsx';
import { TradeInPage } from '../ui/pages/TradeInPage.tsx';
import { ValuationsPage } from '../ui/pages/ValuationsPage.tsx';
import { ModelsPage } from '../ui/pages/ModelsPage.tsx';
import { ModelPage } from '../ui/pages/ModelPage.tsx';
import { BrandPage } from '../ui/pages/BrandPage.tsx';
import { ElectricPage } from '../ui/pages/ElectricPage.tsx';
import { brandStock, electrifiedStock, fuelSpellings, locationStockCount, modelStock, type PageStock } from '../ui/pages/parts/pageStock.ts';
import { siteNow } from '../ui/pages/parts/siteText.ts';
import { carPageCars } from '../ui/pages/parts/carPageCars.ts';
import { entriesInScope } from '../ui/pages/parts/scopeCars.ts';
import type { PageRead } from './pageInputs.ts';
import { ComparePage } from '../ui/pages/ComparePage.tsx';
import { FavouritesPage } from '../ui/pages/FavouritesPage.tsx';
import { FinancePage } from '../ui/pages/FinancePage.tsx';
import { ContactPage } from '../ui/pages/ContactPage.tsx';
import { ContactLocationPage } from '../ui/pages/ContactLocationPage.tsx';
import { LocationPage } from '../ui/pages/LocationPage.tsx';
import { DealershipsPage } from '../ui/pages/DealershipsPage.tsx';
import { ServicePage } from '../ui/pages/ServicePage.tsx';
import { ServiceBookingPage } from '../ui/pages/ServiceBookingPage.tsx';
import { InfoPage as InfoPageComponent } from '../ui/pages/InfoPage.tsx';
import { PrivacyPage } from '../ui/pages/PrivacyPage.tsx';
import { AccessibilityPage } from '../ui/pages/AccessibilityPage.tsx';
import { SuccessPage } from '../ui/pages/SuccessPage.tsx';
import { NotFoundPage } from '../ui/pages/NotFoundPage.tsx';

/** What planning a kind may read: the site, its derived data and the routes planned before it. */
export interface PlanContext {
  site: Site;
  data: SiteData;
  /** Routes of the kinds listed earlier, in plan order (a reserve page needs its car's page). */
  planned: readonly RouteOfAnyKind[];
  /** The site's privacy policy copy (renderer/legal.ts, or a stand-in in tests). */
  privacyPolicy: () => InfoPage;
}

type RouteOfAnyKind = { [K in RouteKind]: RouteOf<K> }[RouteKind];

/** The declaration of one route kind. */
export interface RouteDefinition<K extends RouteKind> {
  /** The data of each page of this kind the site has (each becomes one route, unless its path is taken). */
  plan: (context: PlanContext) => RouteData[K][];
  /** The path of a page of this kind: the builder every link to it uses. */
  path: (args: { site: Site } & RouteData[K]) => string;
  page: ComponentType<PageProps<RouteOf<K>>>;
  /** Its entry in templates/meta.yaml. */
  metaKey: string;
  /** In sitemap.xml; false pages are marked noindex. A function decides per page. */
  indexable: boolean | ((data: RouteData[K]) => boolean);
  /** For a second address of another page's content: that page's path (the canonical; this one stays out of the sitemap). */
  canonical?: (args: { site: Site } & RouteData[K]) => string;
  /** JSON-LD a page of this kind adds to the site-wide objects. */
  structuredData?: (props: PageProps<RouteOf<K>>) => JsonLd[];
  /**
   * Everything a page of this kind reads of the stock, for incremental builds (renderer/pageInputs.ts
   * hashes it): the cars it shows, each standing for its card, facts and tag, the numbers and text
   * it derives from the rest (the stock's size when its meta templates print it), and the
   * site-wide values it lists (`{ siteWide }`). Found by the function the page renders from. A
   * kind without it is rendered in every build, as are the kinds whose page shows the exact build
   * time (the saved-cars island's card settings).
   */
  reads?: (props: PageProps<RouteOf<K>>) => readonly PageRead[];
}

const one = [{}];

/**
 * The stock's size, which the meta templates of every kind may print as {{count}} (renderer/meta.ts).
 * Car and reserve pages do not read it (their templates print no count), nor search pages (their
 * count is of the cars in their scope, which they read).
 */
const stockSize = ({ data }: { data: SiteData }): string => `count:${data.cars.length}`;

/** What a page that reads no car reads of the stock: its size. */
const none = (props: { data: SiteData }): readonly PageRead[] => [stockSize(props)];

/** What a page that lists some of a stock (brand, model, electric) reads of it: how many cars, and the ones it lists. */
const stockReads = ({ all, listed }: PageStock): readonly PageRead[] => [all.length, ...listed];

/**
 * What a car's page and its reserve page read: the car and the other cars its page shows (the
 * next cars of its model, a sold car's similar cars: ui/pages/parts/carPageCars.ts), with where
 * the first list ends.
 */
function carPageReads({ route, data }: { route: { car: Car }; data: SiteData }): readonly PageRead[] {
  const { more, similar } = carPageCars({ car: route.car, data });
  return [`more:${more.length}`, route.car, ...more, ...similar];
}

/**
 * What a search page reads: the tag clock its island's cards decide the new tag at
 * (ui/search/searchAppProps.ts), the makes with counts and models beside the results
 * (ui/pages/SearchPage.tsx), the stock's spellings its engine scope is made from
 * (ui/search/searchScope.ts) and the cars in its scope in the engine's order.
 */
function searchReads({ route, data }: PageProps<RouteOf<'search'>>): readonly PageRead[] {
  const entries = entriesInScope({ scope: route.search, data });
  return [data.tagClock, { siteWide: data.makes }, { siteWide: data.spellings }, ...entries.map((entry) => entry.car)];
}

/** A manufacturer for a make: the static list's entry when it has one, else one built from the make. */
function manufacturerFor(make: string, manufacturers: Manufacturer[]): Manufacturer {
  const slug = slugify(make);
  return manufacturers.find((m) => m.slug === slug || m.name.toLowerCase() === make.toLowerCase()) ?? { id: 0, name: make, slug, logo: null };
}

/** Title-cases a search path segment for a heading ('rv' -> 'RV', 'motorcycle' -> 'Motorcycle'). */
function headingFor(segment: string): string {
  const words = segment.split('-').filter(Boolean);
  return words.map((w) => (w.length <= 2 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1))).join(' ');
}

/** Models by position (the order the listing, its pages and the menu use). */
const modelsOf = (site: Site): Model[] => [...(site.models ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

/** Stock searches, the dealer's item-type searches, body styles, then each make and model in stock. */
function planSearches({ site, data }: PlanContext): RouteData['search'][] {
  const searches: RouteData['search'][] = paths.STOCK_SEARCHES.map(({ scope }) => ({ search: scope }));
  for (const path of [...(site.paths.extra_search_paths ?? []), site.default_search_path]) {
    if (!path) continue;
    const itemType = paths.normalisePath(path).replace(/^\/search\/?/, '');
    const segment = itemType.split('/').pop() ?? '';
    searches.push({ search: { item_type: itemType, heading: headingFor(segment) } });
  }
  for (const { name } of BODY_STYLES) searches.push({ search: { simple_body: name, heading: name } });
  for (const { make, models } of data.makes) {
    searches.push({ search: { make, heading: make } });
    for (const model of models) searches.push({ search: { make, model, heading: `${make} ${model}` } });
  }
  return searches;
}

/** The group's dealership websites' makes, else the makes in stock. */
function planBrands({ site, data }: PlanContext): RouteData['brand'][] {
  return brandMakes({ dealershipWebsites: site.dealership_websites, makesInStock: data.makes.map((m) => m.make) }).map((make) => ({
    manufacturer: manufacturerFor(make, site.manufacturers ?? []),
    search: { make, heading: make },
  }));
}

/** The cars whose page was planned and that may be reserved (domain/reserve.ts). */
function planReserves({ site, planned }: PlanContext): RouteData['reserve'][] {
  const cars: Car[] = planned.flatMap((route) => (route.kind === 'car' ? [route.car] : []));
  return cars
    .filter((car) =>
      isReserveEligible({
        car,
        paymentProvider: site.config?.payment_provider ?? null,
        dealershipId: car.dealership_id,
        dealershipSlug: car.dealership_slug,
        allowedDealershipIds: site.rules.reserve_dealership_ids ?? [],
        allowedDealershipSlugs: site.rules.reserve_dealership_slugs ?? [],
      }),
    )
    .map((car) => ({ car }));
}

/** Every route kind, in plan order. */
export const ROUTES: { [K in RouteKind]: RouteDefinition<K> } = {
  home: { plan: () => one, path: () => paths.HOME_PATH, page: HomePage, metaKey: 'home', indexable: true },
  search: { plan: planSearches, path: paths.searchPath, page: SearchPage, metaKey: 'search', indexable: true, reads: searchReads },
  models: { plan: () => one, path: () => paths.modelsPath(), page: ModelsPage, metaKey: 'models', indexable: true, reads: none },
  model: {
    plan: ({ site }) => modelsOf(site).map((model) => ({ model })),
    path: ({ model }) => paths.modelPath(model),
    page: ModelPage,
    metaKey: 'model',
    indexable: true,
    reads: ({ route, data }) => [stockSize({ data }), ...stockReads(modelStock({ model: route.model, data }))],
  },
  brand: {
    plan: planBrands,
    path: ({ search }) => paths.brandPath({ make: search.make ?? '' }),
    page: BrandPage,
    metaKey: 'brand',
    indexable: true,
    reads: ({ route, data }) => [stockSize({ data }), ...stockReads(brandStock({ manufacturer: route.manufacturer, data }))],
  },
  electric: {
    plan: () => one,
    path: () => paths.ELECTRIC_PATH,
    page: ElectricPage,
    metaKey: 'electric',
    indexable: true,
    reads: ({ site, data }) => {
      const { electric, hybrid } = electrifiedStock({ cars: data.cars, now: siteNow(site) });
      // Two lists in one (where the first ends is read too), and the fuels each list's search link refines by.
      return [stockSize({ data }), ...stockReads(electric), ...fuelSpellings(electric), ...stockReads(hybrid), ...fuelSpellings(hybrid)];
    },
  },
  car: {
    plan: ({ data }) => data.carsInFeedOrder.map((car) => ({ car })),
    path: ({ car }) => paths.carPath(car),
    page: CarPage,
    metaKey: 'car',
    // A sold car's page (inside the sold window) says so and offers similar cars, but is not indexed.
    indexable: ({ car }) => !isSold(car),
    structuredData: ({ site, route }) => [
      carStructuredData({ site, car: route.car }),
      breadcrumbStructuredData({ site, crumbs: carBreadcrumbs({ car: route.car }) }),
    ],
    reads: carPageReads,
  },
  reserve: {
    plan: planReserves,
    path: ({ site, car }) => paths.reservePath({ paths: site.paths, car }),
    page: ReservePage,
    metaKey: 'reserve',
    indexable: false,
    reads: carPageReads,
  },
  // valuation: off builds neither valuation page (and offersValuations hides every link to them).
  'trade-in': {
    plan: ({ site }) => (offersValuations(site) ? one : []),
    path: () => paths.tradeInPath(),
    page: TradeInPage,
    metaKey: 'trade-in',
    indexable: false,
    reads: none,
  },
  valuations: {
    plan: ({ site }) => (offersValuations(site) ? one : []),
    path: () => paths.VALUATIONS_PATH,
    page: ValuationsPage,
    metaKey: 'valuations',
    indexable: true,
    reads: none,
  },
  compare: { plan: () => one, path: () => paths.COMPARE_PATH, page: ComparePage, metaKey: 'compare', indexable: false },
  favourites: {
    plan: () => one,
    path: ({ site }) => paths.favouritesPath({ paths: site.paths }),
    page: FavouritesPage,
    metaKey: 'favourites',
    indexable: false,
  },
  finance: { plan: () => one, path: ({ site }) => paths.financePath({ paths: site.paths }), page: FinancePage, metaKey: 'finance', indexable: true },
  contact: {
    // /contact, and the configured contact URL when it is another path (SPEC §2).
    plan: ({ site }) => (site.paths.contact ? [{}, { configured: true }] : one),
    path: ({ site, configured }) => (configured ? paths.configuredContactPath({ paths: site.paths }) : paths.CONTACT_PATH),
    page: ContactPage,
    metaKey: 'contact',
    indexable: true,
    reads: none,
  },
  'contact-location': {
    plan: ({ site }) => (site.locations ?? []).map((location) => ({ location })),
    path: ({ location }) => paths.contactLocationPath({ location }),
    page: ContactLocationPage,
    metaKey: 'contact-location',
    indexable: true,
    reads: none,
  },
  location: {
    plan: ({ site }) => (site.locations ?? []).map((location) => ({ location })),
    path: ({ site, location }) => paths.locationPath({ paths: site.paths, location }),
    page: LocationPage,
    metaKey: 'location',
    indexable: true,
    structuredData: ({ site, route }) => [locationStructuredData({ site, location: route.location })],
    reads: ({ route, data }) => [stockSize({ data }), locationStockCount({ location: route.location, data })],
  },
  dealerships: { plan: () => one, path: () => paths.DEALERSHIPS_PATH, page: DealershipsPage, metaKey: 'dealerships', indexable: true, reads: none },
  service: { plan: () => one, path: () => paths.SERVICE_PATH, page: ServicePage, metaKey: 'service', indexable: true, reads: none },
  'service-booking': {
    plan: ({ site }) => (site.service_booking_url ? one : []),
    path: () => paths.SERVICE_BOOKING_PATH,
    page: ServiceBookingPage,
    metaKey: 'service-booking',
    indexable: true,
    reads: none,
  },
  info: {
    // Information pages from the record (faqs, terms, instant price, special offers, warranty pages).
    plan: ({ site }) => (site.pages ?? []).map((page) => ({ page })),
    path: ({ page }) => paths.infoPath({ page }),
    page: InfoPageComponent,
    metaKey: 'info',
    indexable: true,
  },
  privacy: {
    plan: ({ privacyPolicy }) => [{ page: privacyPolicy() }],
    path: () => paths.PRIVACY_PATH,
    page: PrivacyPage,
    metaKey: 'privacy',
    indexable: true,
    reads: none,
  },
  'privacy-statement': {
    plan: ({ privacyPolicy }) => [{ page: privacyPolicy() }],
    path: () => paths.PRIVACY_STATEMENT_PATH,
    page: PrivacyPage,
    metaKey: 'privacy',
    indexable: false,
    reads: none,
  },
  // Shows the build date as the statement's date, so it is rendered in every build (no `reads`).
  accessibility: { plan: () => one, path: () => paths.ACCESSIBILITY_PATH, page: AccessibilityPage, metaKey: 'accessibility', indexable: true },
  // After every built-in path, so a model slug cannot shadow one; an override url replaces the page.
  'model-slug': {
    plan: ({ site }) => modelsOf(site).flatMap((model) => (model.override_url ? [] : [{ model }])),
    path: ({ model }) => paths.modelSlugPath(model),
    page: ModelPage,
    metaKey: 'model',
    indexable: true,
    // The same model page as /models/{slug}: one canonical address for search engines.
    canonical: ({ model }) => paths.modelPath(model),
    reads: ({ route, data }) => [stockSize({ data }), ...stockReads(modelStock({ model: route.model, data }))],
  },
  success: { plan: () => one, path: () => paths.SUCCESS_PATH, page: SuccessPage, metaKey: 'success', indexable: false, reads: none },
  'not-found': { plan: () => one, path: () => paths.NOT_FOUND_PATH, page: NotFoundPage, metaKey: 'not-found', indexable: false, reads: none },
};

/** Every route kind, in plan order. */
export const ROUTE_KINDS = Object.keys(ROUTES) as RouteKind[];

/** The declaration of a route's kind (one cast: TypeScript cannot pair a kind with its entry). */
export function routeDefinition<K extends RouteKind>(kind: K): RouteDefinition<K> {
  return ROUTES[kind] as unknown as RouteDefinition<K>;
}

/** Every page component by kind (the render stage's default). */
export function pageComponents(): Record<RouteKind, ComponentType<PageProps>> {
  return Object.fromEntries(ROUTE_KINDS.map((kind) => [kind, ROUTES[kind].page])) as unknown as Record<RouteKind, ComponentType<PageProps>>;
}

/** What a page reads of the stock (RouteDefinition.reads), or null for a page rendered in every build. */
export function routeReads(props: PageProps): readonly PageRead[] | null {
  const reads = routeDefinition(props.route.kind).reads as ((p: PageProps) => readonly PageRead[]) | undefined;
  return reads ? reads(props) : null;
}

/** A page's JSON-LD: the site-wide objects (siteData) and what its kind adds. */
export function routeStructuredData(props: PageProps): JsonLd[] {
  const own = routeDefinition(props.route.kind).structuredData as ((p: PageProps) => JsonLd[]) | undefined;
  return [...props.data.structuredData, ...(own?.(props) ?? [])];
}
