/**
 * Entity types of SPEC §3, with the spec's field names as written.
 *
 * These are the shapes every layer shares: the JSON Schemas in `schema/` describe the same
 * records, the rules in `domain/` take them as inputs, pages in `ui/` render them and the lead
 * server in `server/` checks them. Fields the spec lists but whose shape it does not show are
 * typed loosely (`unknown` / optional) rather than invented.
 */

/** 'new' | 'used' | 'demo' (SPEC §3 Car.car_type). */
export type CarType = 'new' | 'used' | 'demo';

/** in_stock and coming_soon count as available (SPEC §4). */
export type CarStatus = 'in_stock' | 'coming_soon' | 'sold';

/** SPEC §3 image object: image.url and image.thumb.url. */
export interface ImageRef {
  url: string;
  thumb?: { url: string } | null;
}

/** One finance lender quote on a car, keyed by provider in `finance_lenders`. */
export interface FinanceLenderQuote {
  interestRate: number | null;
  comparisonRate: number | null;
  paymentWeek?: number | null;
  paymentMonth?: number | null;
  termMonths?: number | null;
  termYears?: number | null;
  deposit?: number | null;
  balloon?: number | null;
  disclaimer?: string | null;
}

/** SPEC §3 payment processor entry on a car. */
export interface PaymentProcessor {
  authorization_type?: string | null;
  authorization_key?: string | null;
  deposit_amount?: number | null;
}

/** The car's location summary (SPEC §3 Car.location). */
export interface CarLocation {
  id: number;
  name: string;
  slug?: string;
  phone?: string | null;
  city?: string | null;
  state?: string | null;
  distribution_locations?: unknown;
}

/** A car in a dealer's stock feed (SPEC §3 Car). */
export interface Car {
  id: number;
  slug: string;
  name: string;
  make: string;
  model: string;
  year: number;
  badge?: string | null;
  series?: string | null;
  km?: number | null;
  colour?: string | null;
  gearnum?: number | null;
  bodyconfiguration?: string | null;
  vin?: string | null;
  stocknum?: string | null;
  seats?: number | null;
  views?: number | null;

  car_type: CarType;
  status: CarStatus;
  sold?: boolean;
  /** ISO date the car was sold; the sold window of SPEC §4 counts from it. Added field, default null. */
  sold_date?: string | null;
  reserved?: boolean;
  reservable?: boolean | null;
  certified?: boolean;
  tag?: string | null;
  created_at: string;
  preorder?: boolean;
  /** SPEC §4 visibility; added default true when the feed omits it. */
  show_on_dealer_website?: boolean;

  price: number;
  before_price?: number | null;
  subscription_price?: number | null;
  price_type?: string | null;

  simple_fuel?: string | null;
  simple_body?: string | null;
  simple_transmission?: string | null;
  /** Added (SPEC §3 Vehicle search document has it): 2WD, AWD, 4WD ... */
  simple_drive?: string | null;
  fuel?: string | null;

  file?: string | null;
  primary_image_url?: string | null;
  thumbnails?: string[];
  images?: { image: ImageRef }[];

  dealership_slug: string;
  dealership_id: number;
  location?: CarLocation | null;

  payment_processors?: PaymentProcessor[];
  has_checkout_payment_processor?: boolean;

  finance_lenders?: Record<string, FinanceLenderQuote>;

  autograb_data?: {
    state_average_market_price?: number | null;
    average_market_price?: number | null;
  } | null;

  /** Ranking key used by sort custom_rank:desc (SPEC §9); added, default 0. */
  custom_rank?: number;
  /** Free-text feature list for the search document's filtered_features; added, default []. */
  features?: string[];
}

/** SPEC §3 Opening hour entry. weekday 0 = Sunday ... 6 = Saturday. */
export interface OpeningHour {
  weekday: number;
  status: 'Open' | 'Closed';
  formated_hours?: string | null;
  /** 24-hour "HH:MM". */
  open?: string | null;
  close?: string | null;
}

/** SPEC §3 Special hours entry. */
export interface SpecialHours {
  status: 'Open' | 'Closed';
  /** ISO date "YYYY-MM-DD". */
  date: string;
  start_hour?: string | null;
  end_hour?: string | null;
  department: 'sales' | 'service' | 'parts' | 'all';
  /** Added: a label such as "King's Birthday". */
  name?: string | null;
}

/** SPEC §3 Location address. */
export interface Address {
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat?: number | null;
  long?: number | null;
  place_url?: string | null;
  place_id?: string | null;
  map_key?: string | null;
}

/** A staff contact shown in footers ("Contact staff with department and phone"). Added. */
export interface StaffContact {
  name: string;
  department: string;
  phone?: string | null;
  email?: string | null;
}

/** SPEC §3 Location. */
export interface Location {
  id: number;
  name: string;
  slug: string;
  primary?: boolean;
  position?: number;
  visible?: boolean;
  dealership_id?: number;
  dealership_slug?: string;
  location_type: 'sales' | 'service' | 'parts' | 'dealership';
  location_subtype?: string | null;
  manufacturers?: string[];
  address: Address;
  contact_detail: {
    phone?: string | null;
    landline_phone?: string | null;
    email?: string | null;
    youtube_url?: string | null;
    linkedin_url?: string | null;
    opening_hours?: OpeningHour[];
    /** Added: department-specific phone numbers, e.g. { service: '07 ...', parts: '07 ...' }. */
    department_phones?: Record<string, string>;
  };
  image?: ImageRef | null;
  dealer_license_number?: string | null;
  motor_vehicle_repairer?: string | null;
  average_rating?: number | null;
  review_count?: number | null;
  reviews?: ReviewSummary | null;
  /** Added: SPEC §3 special hours per location. */
  special_hours?: SpecialHours[];
  /** Added: staff contacts for footers and location pages. */
  staff?: StaffContact[];
}

/** SPEC §3 review set summary: count and average_rating (string with one decimal). */
export interface ReviewSummary {
  count: number;
  average_rating: string | number;
}

/** SPEC §3 Review. */
export interface Review {
  id: number;
  image?: ImageRef | null;
  customer_name: string;
  text?: string | null;
  rating: number;
  created_at_time_ago_in_words?: string;
  /** dd/mm/yyyy */
  review_date?: string;
  review_date_in_words?: string;
}

/** SPEC §3 Manufacturer. */
export interface Manufacturer {
  id: number;
  name: string;
  slug: string;
  logo?: { url: string | null } | null;
}

/** SPEC §3 Model. */
export interface Model {
  manufacturer_name: string;
  manufacturer_body?: string | null;
  slug: string;
  image?: { url: string } | null;
  position?: number;
  override_url?: string | null;
  name: string;
  /** 'new' marks an ALL-NEW model (SPEC §2 Models in navigation). */
  status?: string | null;
  fuel?: string | null;
  short_description?: string | null;
  /** Added: long description shown on /models/{slug}. */
  description?: string | null;
  /** Added: drive-away price from, shown on model pages. */
  price_from?: number | null;
}

/** SPEC §3 Navigation item. */
export interface NavigationItem {
  _key: string;
  _type: string;
  name: string;
  url?: string | null;
  className?: string | null;
  dynamicDropdown?: 'brands' | 'models' | 'bodies' | 'columns' | null;
  dropdownItems?: NavigationItem[];
  dropdownMenus?: { name: string; items: NavigationItem[] }[];
}

/** One website of the dealer's group (SPEC §1 dealership_websites). */
export interface DealershipWebsite {
  url: string;
  make: string;
  name: string;
  slug: string;
  logo?: { url: string } | null;
}

/** One dealership of a group (SPEC §1 dealerships, SPEC §3 Site config dealerships). */
export interface Dealership {
  id: number;
  name: string;
  slug: string;
  /** Publishable payment key (SPEC §3 Site config). */
  publishable_key?: string | null;
  phone?: string | null;
  dealer_license_number?: string | null;
}

/** SPEC §3 Lead. */
export interface Lead {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
  message?: string;
  opt_in?: boolean;
  category?: string;
  subcategory?: string;
  dealership_slug: string;
  website_slug: string;
  url?: string;
  source: 'Website';
  user_agent?: string;
  car_id?: number | null;
  car_dealership_id?: number | null;
  page_id?: string | null;
  location_id?: number | null;
  lead_attributes?: { visited_pages?: string[]; linked_query_params?: Record<string, string> };
  visited_pages?: string[];
  linked_query_params?: Record<string, string>;
  lead_status?: string;
  form_completed?: boolean;
  lead_id?: number | string;
  skipped_steps?: { from: number; to: number }[];
  step_number?: number;
  additional_services?: string[];
  [formField: string]: unknown;
}

/** SPEC §3 Vehicle search document. */
export interface VehicleSearchDocument {
  id: number;
  slug: string;
  status: CarStatus;
  badge: string | null;
  car_type: CarType;
  categories: string[];
  city: string | null;
  colour: string | null;
  dealership_name: string;
  dealership_slug: string;
  filtered_features: string[];
  item_type: string;
  km: number | null;
  location_name: string | null;
  make: string;
  make_model: string;
  model: string;
  price: number;
  price_range: string;
  subscription_price: number | null;
  weekly_price_range: string | null;
  seats: number | null;
  simple_body: string | null;
  simple_drive: string | null;
  simple_fuel: string | null;
  simple_transmission: string | null;
  state: string | null;
  tag: string | null;
  year: number;
  created_at_timestamp: number;
  sold_date_timestamp: number | null;
  show_on_dealer_website: boolean;
  photos_count: number;
  location_id: number | null;
  name: string;
  label: string | null;
  custom_rank: number;
  image_url: string | null;
}
