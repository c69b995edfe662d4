/**
 * The one search contract (docs/architecture.md "One search contract, two engines"): the query the UI
 * speaks, the result both engines return, and the card a hit carries.
 *
 * Facet counts are disjunctive: a facet's counts ignore that facet's own selections and apply
 * every other filter (text, scope, other refinements, ranges). Numeric facets (price, year, km)
 * answer with facetStats (min/max) computed the same way, never with a value distribution.
 */
import type { ResponsiveImage } from '../domain/responsiveImage.ts';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { financeDisplay } from '../domain/finance.ts';
import { searchStatus } from '../domain/visibility.ts';
import { INSTANT_SEARCH_PAGE_SIZE, MULTI_SEARCH_LIMIT, SORT_KEYS as DOMAIN_SORT_KEYS, type SortKey as DomainSortKey } from '../domain/searchInputs.ts';

/** SPEC §9 sort keys (the list lives in domain/searchInputs.ts). */
export type SortKey = DomainSortKey;

/** Every sort key SPEC §9 lists, in its order. */
export const SORT_KEYS: readonly SortKey[] = DOMAIN_SORT_KEYS;

/** Sort used when neither the query nor the site configures one. */
export const DEFAULT_SORT: SortKey = 'custom_rank:desc';

/** SPEC §9: page size 21 for instant search. */
export const DEFAULT_HITS_PER_PAGE = INSTANT_SEARCH_PAGE_SIZE;

/** SPEC §7/§9: multi-search default limit. */
export const MULTI_SEARCH_DEFAULT_LIMIT = MULTI_SEARCH_LIMIT;

/** Numeric fields that take ranges (range[field]=min:max) and answer with facetStats. */
export type RangeField = 'price' | 'year' | 'km';

/** The numeric fields, in a fixed order. */
export const RANGE_FIELDS: readonly RangeField[] = ['price', 'year', 'km'];

/** String-valued search-document fields a refinement or scope may filter on. */
export const REFINABLE_FIELDS: readonly string[] = [
  'make',
  'model',
  'badge',
  'car_type',
  'status',
  'categories',
  'city',
  'state',
  'colour',
  'dealership_name',
  'dealership_slug',
  'filtered_features',
  'item_type',
  'location_name',
  'make_model',
  'price_range',
  'weekly_price_range',
  'simple_body',
  'simple_drive',
  'simple_fuel',
  'simple_transmission',
  'tag',
  'seats',
  'label',
];

/** Is `field` something a refinement may name (string facet) or a range may name (numeric)? */
export function isRangeField(field: string): field is RangeField {
  return (RANGE_FIELDS as readonly string[]).includes(field);
}

/** An inclusive numeric interval; a missing end is open. */
export interface NumericRange {
  min?: number;
  max?: number;
}

/** What the UI asks (and what the URL codec encodes). */
export interface SearchQuery {
  /** Free text, prefix-matched on make/model/badge/name tokens. */
  query?: string;
  /**
   * Selected values per field; OR within a field, AND across fields. A field the engine cannot
   * filter on (not in REFINABLE_FIELDS; for the static engine, not a configured facet or an
   * ALWAYS_INDEXED field) is ignored rather than matching nothing.
   */
  refinements?: Record<string, string[]>;
  /** Inclusive ranges per numeric field, e.g. { price: { min: 5000, max: 20000 } }. */
  ranges?: Partial<Record<RangeField, NumericRange>>;
  sortBy?: SortKey;
  /** 1-based page number. */
  page?: number;
  hitsPerPage?: number;
  /**
   * Hard filters the route implies (e.g. car_type new+demo on /search/new-and-demo-cars): applied
   * to hits and to every facet count, never shown as a selection and never put in the URL.
   */
  scope?: Record<string, string[]>;
  /** Facets to count; default: the engine's configured facets (site.search_filters). */
  facets?: string[];
}

/**
 * What a result card needs (SPEC §2 car search card: tag banner, price display, below-market
 * indicator). Car fields keep the Car names so domain rules (carTag, priceDisplay, belowMarket)
 * take a card as their `car`.
 */
export interface SearchCard extends Pick<
  Car,
  'id' | 'slug' | 'name' | 'make' | 'model' | 'year' | 'price' | 'car_type' | 'status' | 'created_at' | 'dealership_slug' | 'dealership_id'
> {
  badge: string | null;
  km: number | null;
  before_price: number | null;
  subscription_price: number | null;
  price_type: string | null;
  tag: string | null;
  sold: boolean;
  reserved: boolean;
  certified: boolean;
  preorder: boolean;
  fuel: string | null;
  simple_fuel: string | null;
  image_url: string | null;
  /** The first photo at several widths (domain/responsiveImage.ts), when generate's photos stage made it. */
  image?: ResponsiveImage | null;
  location_id: number | null;
  location_name: string | null;
  autograb_data: Car['autograb_data'];
  custom_rank: number;
  /** The finance repayment the card shows (SPEC §5 finance display), or null. */
  repayment: CardRepayment | null;
}

/** A repayment as a card shows it: 'From $119 per week'. */
export interface CardRepayment {
  amount: number;
  frequency: 'week' | 'month';
}

/** What a card's repayment needs from the site: its finance provider and exclusions, and now. */
export interface CardFinance {
  provider: string | null;
  disabledMakes: readonly string[];
  disabledDealershipIds: readonly number[];
  disabledDealershipSlugs: readonly string[];
  now: Date;
}

/** A site's card finance settings (config.finance_provider and the rules' exclusion lists). */
export function cardFinance(site: Pick<Site, 'config' | 'rules' | 'now'>): CardFinance {
  return {
    provider: site.config?.finance_provider ?? null,
    disabledMakes: site.rules.finance_disabled_makes,
    disabledDealershipIds: site.rules.finance_disabled_dealership_ids,
    disabledDealershipSlugs: site.rules.finance_disabled_dealership_slugs,
    now: new Date(site.now),
  };
}

/** The repayment `car` shows under `finance` (domain/finance.ts financeDisplay), or null. */
export function cardRepayment({ car, finance }: { car: Car; finance: CardFinance }): CardRepayment | null {
  const display = financeDisplay({ car, ...finance });
  return display.show && display.repayment != null && display.frequency ? { amount: display.repayment, frequency: display.frequency } : null;
}

/** The card fields, in the order the static engine's card payload stores them. */
export const CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'make',
  'model',
  'badge',
  'year',
  'km',
  'price',
  'before_price',
  'subscription_price',
  'price_type',
  'tag',
  'status',
  'car_type',
  'sold',
  'reserved',
  'certified',
  'preorder',
  'created_at',
  'fuel',
  'simple_fuel',
  'image_url',
  'image',
  'location_id',
  'location_name',
  'dealership_slug',
  'dealership_id',
  'autograb_data',
  'custom_rank',
  'repayment',
] as const satisfies readonly (keyof SearchCard)[];

/** A search hit: the card of one vehicle. */
export type Hit = SearchCard;

/** Min and max of a numeric facet over the (disjunctively) filtered set. */
export interface FacetStats {
  min: number;
  max: number;
}

/** What both engines answer. */
export interface SearchResult {
  hits: Hit[];
  estimatedTotalHits: number;
  processingTimeMs: number;
  /** Per string facet: value -> count (disjunctive). Values with count 0 are omitted. */
  facetDistribution: Record<string, Record<string, number>>;
  /** Per numeric facet with at least one value in the set. */
  facetStats: Record<string, FacetStats>;
  /** 1-based page of these hits. */
  page: number;
  /** Number of pages (0 when there are no hits). */
  pages: number;
  hitsPerPage: number;
}

/** Implemented by the static engine and the Meilisearch backend. */
export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResult>;
  autocomplete(args: { query: string; limit?: number }): Promise<Hit[]>;
}

/** Build a card from a car (image and location resolved the way the search document does). */
export function toSearchCard({ car, imageUrl, finance }: { car: Car; imageUrl: string | null; finance?: CardFinance }): SearchCard {
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    make: car.make,
    model: car.model,
    badge: car.badge ?? null,
    year: car.year,
    km: car.km ?? null,
    price: car.price,
    before_price: car.before_price ?? null,
    subscription_price: car.subscription_price ?? null,
    price_type: car.price_type ?? null,
    tag: car.tag ?? null,
    // A car sold by its flag is sold everywhere (domain/visibility.ts searchStatus), also in a Meilisearch document, where the card's fields are merged over the search document's.
    status: searchStatus(car),
    car_type: car.car_type,
    sold: car.sold ?? false,
    reserved: car.reserved ?? false,
    certified: car.certified ?? false,
    preorder: car.preorder ?? false,
    created_at: car.created_at,
    fuel: car.fuel ?? null,
    simple_fuel: car.simple_fuel ?? null,
    image_url: imageUrl,
    image: car.photos?.[0] ?? null,
    location_id: car.location?.id ?? null,
    location_name: car.location?.name ?? null,
    dealership_slug: car.dealership_slug,
    dealership_id: car.dealership_id,
    autograb_data: car.autograb_data ?? null,
    custom_rank: car.custom_rank ?? 0,
    repayment: finance ? cardRepayment({ car, finance }) : null,
  };
}

/** Pages for a total: ceil(total / hitsPerPage). */
export function pageCount({ total, hitsPerPage }: { total: number; hitsPerPage: number }): number {
  return hitsPerPage > 0 ? Math.ceil(total / hitsPerPage) : 0;
}
