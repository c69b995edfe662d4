/**
 * The dealer record (SPEC §1) as written in `dealers/<slug>/dealer.yaml`, and the resolved
 * `Site` every page, island and the lead server read.
 *
 * SPEC's own fields keep SPEC's names. Everything SPEC describes as "some dealers ..." or as a
 * hard-coded slug list, dealer id, phone or licence number is a field here (DESIGN.md, "Config,
 * not code"); each added field is optional in the record and gets its default in `resolve`
 * (template defaults, then region defaults), documented in README "Record format".
 */
import type {
  Address,
  Car,
  Dealership,
  DealershipWebsite,
  Location,
  Manufacturer,
  Model,
  NavigationItem,
  OpeningHour,
  Review,
  ReviewSummary,
  SpecialHours,
} from './types.ts';

/** SPEC §9 region: drives locale, phone rule, spelling, distance unit and currency. */
export type Region = 'AU' | 'NZ' | 'US';

/** SPEC §2 header variants. */
export type HeaderStyle = 'standard' | 'large' | 'square-logo-large';

/** SPEC §5 phone rule variants. */
export type PhoneRule = 'au' | 'au-mobile' | 'nz' | 'nz-length' | 'us' | 'uk';

/** SPEC §3 Site config payment providers. */
export type PaymentProvider = 'Stripe' | 'Till' | 'St George';

/** SPEC §3 Site config finance providers. */
export type FinanceProvider = 'Taurus' | 'Car Clarity' | 'Manual' | '360 Finance' | 'Angle' | 'Powertorque' | 'Nissan Finance' | 'AusLoans';

/** SPEC §3 Site config, kept under `config` in the record. */
export interface SiteConfig {
  slug?: string;
  name?: string;
  phone?: string;
  id?: number;
  dealership_id?: number;
  dealership_group?: string | null;
  payment_provider?: PaymentProvider | null;
  finance_provider?: FinanceProvider | null;
  autograb?: boolean;
  autobot?: boolean;
  locations?: number[];
  dealerships?: Dealership[];
}

/** Footer variants of SPEC §2 "Footers". */
export type FooterStyle = 'standard' | 'group' | 'perth' | 'accessories';

/** A footer column: a heading and its links. */
export interface FooterColumn {
  heading: string;
  links: { name: string; url: string }[];
}

/** The footer as configured (SPEC §2 Footers). */
export interface FooterConfig {
  style?: FooterStyle;
  columns?: FooterColumn[];
  /** Licence and repairer numbers shown in the footer, e.g. "MD 12345". */
  licence_numbers?: { label: string; number: string }[];
  show_staff?: boolean;
  show_opening_hours?: boolean;
  show_map?: boolean;
  scroll_to_top?: boolean;
  /** 'Subscribe For Updates' form (4x4 dealer). */
  subscribe?: boolean;
  /** Owners Group button (4x4 dealer). */
  owners_group_url?: string | null;
  powered_by?: { name: string; url: string };
}

/** Group sub-footer: group logo linking to the group site (SPEC §2 page shell step 8). */
export interface SubFooterConfig {
  logo_url: string;
  url: string;
  name: string;
}

/** Everything a dealer may switch on or off; all optional in the record, defaulted by template. */
export interface Features {
  banner?: boolean;
  /** Force the single 'Locations' link in the banner (SPEC §2 Top banner). */
  banner_force_locations_link?: boolean;
  service_call_bar?: boolean;
  search_bar?: boolean;
  favourites?: boolean;
  compare?: boolean;
  mobile_drawer?: boolean;
  /** Electric or Hybrid tag on search cards (SPEC §4 tag step 1). */
  electric_hybrid_tag?: boolean;
  /** Phone starts shown instead of masked (SPEC §4 Phone reveal). */
  phone_reveal_shown?: boolean;
  /** Offers subscriptions: price display step 1 (SPEC §4). */
  subscriptions?: boolean;
  /** price > 0 filter with price-ascending sort (SPEC §5). */
  price_asc_positive_filter?: boolean;
  /** Alphabetical sort in the brands dropdown. */
  brands_sort_alphabetical?: boolean;
  /** Group opening hours as Mon-Sat and Sunday (SPEC §4). */
  hours_mon_sat?: boolean;
  /** Show special holiday hours (SPEC §4). */
  special_hours?: boolean;
  /** Chat widget (SPEC §2). */
  chat?: boolean;
  /** SPEC §2 "One dealer's car sidebar": actions in its order, the finance form, 'Discover More' overlay. */
  discover_sidebar?: boolean;
}

/** Lead-form settings per dealer (SPEC §5, §9 Form text). */
export interface FormsConfig {
  submit_text?: string;
  message_required?: boolean;
  terms_required?: boolean;
  hear_about_us?: boolean;
  phone_rule?: PhoneRule;
  /** SPEC §5 "One specific test number is always accepted". */
  test_phone_number?: string | null;
  opt_in_text?: string;
  /** API base for leads (SPEC §7); '' means same origin. */
  api_base?: string;
  mock_mode?: boolean;
  /** Send leads to /api/carClarityCustomer instead (SPEC §7). */
  car_clarity?: boolean;
  /** POST /api/miscellaneous with the valuation (SPEC §7). */
  save_valuation_misc?: boolean;
  /** Other websites (origins) whose pages may send leads to this site's lead API. */
  allowed_origins?: string[];
}

/** Switches SPEC expresses as dealer lists (reserve ids, finance exclusions ...). */
export interface RulesConfig {
  /** Reserve allowed without a payment provider for these dealership ids (SPEC §5). */
  reserve_dealership_ids?: number[];
  reserve_dealership_slugs?: string[];
  /** Finance display disabled for these makes (SPEC §5; default ['Suzuki']). */
  finance_disabled_makes?: string[];
  finance_disabled_dealership_ids?: number[];
  finance_disabled_dealership_slugs?: string[];
  /** Minimum review rating shown (SPEC §9). */
  min_review_rating?: number;
  /** Client results cache size (SPEC §4 Search results). */
  search_cache_max?: number;
  /** Search page size for non-instant search (SPEC §9). */
  page_size?: number;
  default_sort?: 'price:asc' | 'price:desc' | 'custom_rank:desc';
}

/** Paths and labels that vary by dealer (SPEC §2). */
export interface PathsConfig {
  /** '/finance' | '/finance-enquiry' | '/apply-for-finance' */
  finance?: string;
  /** 'checkout' | 'buy-online' */
  reserve?: 'checkout' | 'buy-online';
  /** The favourites path, or the brand's garage path. */
  favourites?: string;
  favourites_label?: string;
  /** The configured contact URL (SPEC §2). */
  contact?: string;
  /** '/locations/{slug}' or '/locations/{dealership_slug}' */
  location_by?: 'slug' | 'dealership_slug';
  /** Extra search paths: subscription, rental, rv, motorcycle, truck. */
  extra_search_paths?: string[];
  /** Fixed /contact-us/... path used as Enquire Now for service weekend hours. */
  service_weekend_enquire?: string | null;
}

/** An information page's content (FAQs, terms, instant price, special offers, warranty pages). */
export interface InfoPage {
  path: string;
  title: string;
  intro?: string;
  sections?: { heading: string; body: string }[];
  faqs?: { question: string; answer: string }[];
}

/** Third-party review widget (SPEC §7 GET /api/reviews/{widget}?orgId=). */
export interface ReviewWidget {
  widget: string;
  orgId: string;
}

/** The dealer record as written in YAML (SPEC §1 plus the added, defaulted fields). */
export interface DealerRecord {
  name: string;
  slug: string;
  template: string;
  dealer_id: number;
  manufacturer_id?: number | null;
  manufacturer_name?: string | null;
  url: string;
  logo: { url: string };
  phone: string;
  email: string;
  address: Address;
  locations: Location[];
  navigation: { header: NavigationItem[]; footer?: NavigationItem[] | null };
  dealership_websites?: DealershipWebsite[];
  stock?: { car_types?: { new?: number; demo?: number } };
  search_filters?: string[];
  include_sold_cars_days?: number;
  default_search_path?: string;
  garage_enabled?: boolean;
  facebook_url?: string | null;
  instagram_url?: string | null;
  youtube_url?: string | null;
  tiktok_url?: string | null;
  linkedin_url?: string | null;
  xtime_url?: string | null;
  /** Added social links the banner shows (SPEC §2 Top banner). */
  whatsapp_url?: string | null;
  twitter_url?: string | null;
  linktree_url?: string | null;
  gmb_profiles?: { review_url: string }[];
  google_site_verification?: string | null;
  dealership_group?: string | null;
  dealerships?: Dealership[];
  config?: SiteConfig;
  opening_hours?: OpeningHour[];
  reviews?: ReviewSummary;
  /** Search host and key (SPEC §1); when both are set the Meilisearch backend answers. */
  search_host?: string | null;
  search_key?: string | null;
  search_index?: string | null;

  // ---- added fields (all optional; defaults from templates/<template>.yaml and region) ----
  region?: Region;
  header_style?: HeaderStyle;
  features?: Features;
  forms?: FormsConfig;
  rules?: RulesConfig;
  paths?: PathsConfig;
  footer?: FooterConfig;
  sub_footer?: SubFooterConfig | null;
  models?: Model[];
  review_list?: Review[];
  review_widget?: ReviewWidget | null;
  /** External dealer-rating banner script (SPEC §7), taking the dealer id. */
  dealer_rating_script_url?: string | null;
  /** /subaru-service exists only when set (SPEC §2). */
  service_booking_url?: string | null;
  special_hours?: SpecialHours[];
  pages?: InfoPage[];
  /** Brands dropdown options (SPEC §2 Header). */
  brands_dropdown?: {
    exclude_slugs?: string[];
    make_filter?: string[];
    overrides?: Record<string, Partial<DealershipWebsite>>;
  };
  chat_widget_url?: string | null;
  /** Meta defaults; per-page titles come from templates. */
  meta?: { description?: string; keywords?: string[]; image?: string };
  timezone?: string;
  /** Brand colours and font, applied as CSS custom properties. */
  theme?: { primary?: string; accent?: string; font?: string };
}

/** Region defaults resolved into the Site (SPEC §9 Distance, currency and locale). */
export interface RegionSettings {
  region: Region;
  locale: 'en-AU' | 'en-NZ' | 'en-US';
  currency: 'AUD' | 'NZD' | 'USD';
  distance_unit: 'kilometer' | 'mile';
  phone_rule: PhoneRule;
  us_spelling: boolean;
}

/**
 * The resolved site: the record with every default applied (template, then region), plus the
 * data the pages need. Produced once per dealer by the `resolve` stage; read-only after that.
 */
export interface Site extends Omit<DealerRecord, 'features' | 'forms' | 'rules' | 'paths' | 'footer' | 'theme'> {
  theme: Required<NonNullable<DealerRecord['theme']>>;
  header_style: HeaderStyle;
  region: Region;
  regionSettings: RegionSettings;
  features: Required<Features>;
  forms: Required<FormsConfig>;
  rules: Required<RulesConfig>;
  paths: Required<PathsConfig>;
  footer: Required<FooterConfig>;
  default_search_path: string;
  include_sold_cars_days: number;
  search_filters: string[];
  models: Model[];
  pages: InfoPage[];
  special_hours: SpecialHours[];
  manufacturers: Manufacturer[];
  /** Base URL the site is deployed at, no trailing slash (from --base-url or `url`). */
  baseUrl: string;
  /** Build time as an ISO string; all "now"-relative rules use it so a build is reproducible. */
  now: string;
}

/** The stock a site shows, after the feed's bad rows were dropped. */
export interface SiteStock {
  cars: Car[];
}
