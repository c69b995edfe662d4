/* The record as written: generated from schema/*.schema.json by `npm run schema:types`; do not edit. */

/**
 * An image object (image.url, image.thumb.url), or null.
 */
export type NullableImageRef = {
  url: string;
  thumb?: {
    url: string;
  } | null;
} | null;
/**
 * dealers/<slug>/stock.json: an array of SPEC §3 cars. Rows are validated one by one so one bad car is skipped with a warning, not fatal.
 */
export type StockFeed = Car[];
/**
 * One place leads go. Without dealership_slug / location_id it serves the whole site; with one, only leads for that dealership or location (by the lead's car, chosen location or chosen dealership), and those leads go to the scoped destinations only.
 */
export type DeliveryDestination = DeliveryDestination1;
export type ContentBlock = ContentBlock1 & ContentBlock2;
export type ContentBlock1 =
  | {
      type: 'text';
      heading?: string;
      body: string;
    }
  | {
      type: 'faq';
      heading?: string;
      /**
       * @minItems 1
       */
      items: [
        {
          question: string;
          answer: string;
        },
        ...{
          question: string;
          answer: string;
        }[],
      ];
    }
  | {
      type: 'cta';
      text: string;
      url: string;
      /**
       * A button (the default) or a plain link.
       */
      style?: 'button' | 'link';
    }
  | {
      type: 'lead_form';
      /**
       * The named lead form: instant-price (make, model, budget) or general.
       */
      form: 'instant-price' | 'general';
      heading?: string;
    }
  | {
      type: 'offers';
      heading?: string;
      /**
       * @minItems 1
       */
      offers: [
        {
          title: string;
          body?: string;
          /**
           * Last day of the offer. Default: the last day of the current month (SPEC §4).
           */
          ends_on?: string;
          /**
           * Stock matching this make (and model) is linked.
           */
          make?: string;
          model?: string;
        },
        ...{
          title: string;
          body?: string;
          /**
           * Last day of the offer. Default: the last day of the current month (SPEC §4).
           */
          ends_on?: string;
          /**
           * Stock matching this make (and model) is linked.
           */
          make?: string;
          model?: string;
        }[],
      ];
    };
export type Feed = {
  source: FeedSource;
  /**
   * How the feed is written. Default null: the preset's, else csv.
   */
  format?: 'csv' | 'tsv' | 'xml' | 'json' | null;
  /**
   * The feed's character encoding (DMS exports are often windows-1252). Default utf-8.
   */
  encoding?: 'utf-8' | 'windows-1252' | 'iso-8859-1';
  /**
   * xml and json: the path of the repeated row element or array, e.g. /inventory/vehicle. Default null: the preset's, else the document's root (a JSON array).
   */
  records?: string | null;
  /**
   * A shipped mapping to start from (docs/import.md lists its columns); map adds to it and replaces its fields. Default null.
   */
  preset?: 'google-vehicle-listings' | 'dms-csv' | null;
  /**
   * Each Car field (schema/car.schema.json) from a column (csv, tsv) or a path inside a row (xml, json, e.g. price/amount): a column name, or { column, as, unit, format, values, split, default, template }.
   */
  map?: {
    [k: string]:
      | string
      | {
          /**
           * The column (csv, tsv) or path in the row (xml, json).
           */
          column?: string;
          /**
           * How the text is read: money ('$29,990', '29 990', 'POA' is no price), number, integer, boolean (yes/no, y/n, true/false, 1/0), date (with format, in the dealer's time zone). Default: the field's own type.
           */
          as?: 'text' | 'money' | 'number' | 'integer' | 'boolean' | 'date';
          /**
           * km: the distance's unit in the feed (a unit written in the value wins); stored in km.
           */
          unit?: 'km' | 'mi';
          /**
           * date: the pattern, e.g. MM/dd/yyyy or dd.MM.yyyy HH:mm. Default: ISO 8601.
           */
          format?: string;
          /**
           * A value map, e.g. { N: new, U: used, D: demo } (case-insensitive); a value not listed rejects the row.
           */
          values?: {
            [k: string]: string | number | boolean | null;
          };
          /**
           * A list in one column, split on this text (images: photo URLs).
           */
          split?: string;
          /**
           * The value when the column is empty or missing.
           */
          default?: string | number | boolean | null;
          /**
           * Composed text from other fields of the car, e.g. '{year} {make} {model} {badge}' (an empty field and its space are dropped).
           */
          template?: string;
        };
  };
  /**
   * import refuses the feed when more than this share of its rows is rejected. Default 10.
   */
  max_rejected_percent?: number;
  /**
   * import refuses a feed with this much less stock than the last import (passes with --accept-drop). Default 50.
   */
  max_shrink_percent?: number;
} | null;
/**
 * Exactly one of file (inside the dealer's folder) or url.
 */
export type FeedSource = FeedSource1 & FeedSource2;
export type FeedSource1 =
  | {
      file: unknown;
    }
  | {
      url: unknown;
    };

/**
 * SPEC §3 image object: image.url and image.thumb.url.
 */
export interface ImageRef {
  url: string;
  thumb?: {
    url: string;
  } | null;
}
/**
 * A logo: logo.url.
 */
export interface Logo {
  url: string;
}
/**
 * SPEC §3 Location address.
 */
export interface Address {
  street: string;
  city: string;
  state: string;
  /**
   * 4 digits for AU and NZ records, a 5-digit ZIP for US records (checked against `region`).
   */
  postcode: string;
  lat?: number | null;
  long?: number | null;
  place_url?: string | null;
  place_id?: string | null;
  map_key?: string | null;
}
/**
 * SPEC §3 Opening hour entry. weekday 0 = Sunday, 1 = Monday ... 6 = Saturday.
 */
export interface OpeningHour {
  weekday: number;
  status: 'Open' | 'Closed';
  formated_hours?: string | null;
  open?: string | null;
  close?: string | null;
}
/**
 * SPEC §3 Special hours entry (holiday opening hours).
 */
export interface SpecialHours {
  status: 'Open' | 'Closed';
  /**
   * ISO date YYYY-MM-DD.
   */
  date: string;
  start_hour?: string | null;
  end_hour?: string | null;
  department: 'sales' | 'service' | 'parts' | 'all';
  /**
   * Added: a label such as "King's Birthday". Default null.
   */
  name?: string | null;
}
/**
 * SPEC §3 review set summary: count and average_rating (a string with one decimal, e.g. "4.8"). $defs.review is one SPEC §3 Review.
 */
export interface ReviewSet {
  count: number;
  average_rating: string | number;
}
/**
 * SPEC §3 Review.
 */
export interface Review {
  id: number;
  image?: NullableImageRef;
  customer_name: string;
  text?: string | null;
  rating: number;
  created_at_time_ago_in_words?: string;
  review_date?: string;
  review_date_in_words?: string;
}
/**
 * SPEC §3 Location: a dealership site (sales, service or parts).
 */
export interface Location {
  id: number;
  name: string;
  slug: string;
  primary?: boolean;
  position?: number;
  visible?: boolean;
  dealership_id?: number;
  dealership_slug?: string;
  /**
   * sales, service or parts; one variant uses service or dealership.
   */
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
    /**
     * Added: department-specific phone numbers, e.g. { service: '07 ...', parts: '07 ...' }. Default {}.
     */
    department_phones?: {
      [k: string]: string;
    };
  };
  image?: NullableImageRef;
  dealer_license_number?: string | null;
  motor_vehicle_repairer?: string | null;
  average_rating?: number | null;
  review_count?: number | null;
  reviews?: null | ReviewSet;
  /**
   * Added: SPEC §3 special hours for this location. Default [].
   */
  special_hours?: SpecialHours[];
  /**
   * Added: staff contacts for footers and location pages. Default [].
   */
  staff?: {
    name: string;
    department: string;
    phone?: string | null;
    email?: string | null;
  }[];
}
/**
 * SPEC §3 Navigation item: a plain link, a dropdown, or a dynamic dropdown (brands, models, bodies, columns).
 */
export interface NavigationItem {
  _key: string;
  _type: string;
  name: string;
  url?: string | null;
  className?: string | null;
  dynamicDropdown?: 'brands' | 'models' | 'bodies' | 'columns' | null;
  dropdownItems?: NavigationItem[];
  dropdownMenus?: {
    name: string;
    items: NavigationItem[];
  }[];
}
/**
 * SPEC §3 Model, shown in the models dropdown, mega menu and /models pages.
 */
export interface Model {
  manufacturer_name: string;
  manufacturer_body?: string | null;
  slug: string;
  image?: {
    url: string;
  } | null;
  position?: number;
  override_url?: string | null;
  name: string;
  /**
   * 'new' marks an ALL-NEW model.
   */
  status?: string | null;
  fuel?: string | null;
  short_description?: string | null;
  /**
   * Added: long description shown on /models/{slug}. Default null.
   */
  description?: string | null;
  /**
   * Added: drive-away price from, shown on model pages. Default null.
   */
  price_from?: number | null;
}
/**
 * SPEC §3 Car, one row of a dealer's stock feed. Unknown fields are reported (to catch typos) and ignored.
 */
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
  car_type: 'new' | 'used' | 'demo';
  /**
   * Added (SPEC §3 Vehicle search document item_type): which item-type search path (/search/rv, /search/subscription ...) lists the vehicle. Default car.
   */
  item_type?: 'car' | 'rv' | 'motorcycle' | 'truck' | 'rental' | 'subscription';
  status: 'in_stock' | 'coming_soon' | 'sold';
  sold?: boolean;
  /**
   * Added: ISO date the car was sold; the sold window (include_sold_cars_days) counts from it. A sold car without it is hidden (its window cannot be known) and validate warns. Default null.
   */
  sold_date?: string | null;
  reserved?: boolean;
  reservable?: boolean | null;
  certified?: boolean;
  tag?: string | null;
  created_at: string;
  preorder?: boolean;
  /**
   * SPEC §4 visibility. Default true when the feed omits it.
   */
  show_on_dealer_website?: boolean;
  price: number;
  before_price?: number | null;
  subscription_price?: number | null;
  price_type?: string | null;
  simple_fuel?: string | null;
  simple_body?: string | null;
  simple_transmission?: string | null;
  /**
   * Added (the search document has it): 2WD, AWD, 4WD ... Default null.
   */
  simple_drive?: string | null;
  fuel?: string | null;
  file?: string | null;
  primary_image_url?: string | null;
  thumbnails?: string[];
  images?: {
    image: ImageRef;
  }[];
  dealership_slug: string;
  dealership_id: number;
  location?: {
    id: number;
    name: string;
    slug?: string;
    phone?: string | null;
    city?: string | null;
    state?: string | null;
    distribution_locations?: unknown;
  } | null;
  payment_processors?: {
    authorization_type?: string | null;
    authorization_key?: string | null;
    deposit_amount?: number | null;
  }[];
  has_checkout_payment_processor?: boolean;
  /**
   * Finance quotes keyed by provider name.
   */
  finance_lenders?: {
    [k: string]: {
      interestRate: number | null;
      comparisonRate: number | null;
      paymentWeek?: number | null;
      paymentMonth?: number | null;
      termMonths?: number | null;
      termYears?: number | null;
      deposit?: number | null;
      balloon?: number | null;
      disclaimer?: string | null;
    };
  };
  autograb_data?: {
    state_average_market_price?: number | null;
    average_market_price?: number | null;
  } | null;
  /**
   * Added: ranking key for sort custom_rank:desc. Default 0.
   */
  custom_rank?: number;
  /**
   * Added: free-text feature list for the search document's filtered_features. Default [].
   */
  features?: string[];
}
/**
 * SPEC §3 Site config, kept under `config` in the dealer record. $defs.dealership is one dealership of a group.
 */
export interface SiteConfig {
  slug?: string;
  name?: string;
  phone?: string;
  id?: number;
  dealership_id?: number;
  dealership_group?: string | null;
  payment_provider?: 'Stripe' | 'Till' | 'St George' | null;
  finance_provider?: 'Taurus' | 'Car Clarity' | 'Manual' | '360 Finance' | 'Angle' | 'Powertorque' | 'Nissan Finance' | 'AusLoans' | null;
  autograb?: boolean;
  autobot?: boolean;
  locations?: number[];
  dealerships?: Dealership[];
}
/**
 * One dealership of a group (SPEC §1 dealerships).
 */
export interface Dealership {
  id: number;
  name: string;
  slug: string;
  /**
   * Publishable payment key.
   */
  publishable_key?: string | null;
  phone?: string | null;
  dealer_license_number?: string | null;
}
/**
 * dealers/<slug>/dealer.yaml: SPEC §1's dealer record plus added, optional fields. Every added field has its `default` here; `resolve` merges templates/<template>.yaml, then templates/regions.yaml for the record's region, then the record itself, and fills every field still unset with its default.
 */
export interface DealerRecord {
  name: string;
  slug: string;
  /**
   * Name of a file templates/<template>.yaml: 'franchise' (new-car dealer), 'used' (used-car dealer) or 'group' (dealer group).
   */
  template: string;
  dealer_id: number;
  manufacturer_id?: number | null;
  manufacturer_name?: string | null;
  url: string;
  logo: Logo;
  phone: string;
  email: string;
  address: Address;
  locations: Location[];
  navigation: {
    header: NavigationItem[];
    footer?: NavigationItem[] | null;
  };
  dealership_websites?: DealershipWebsite[];
  stock?: {
    car_types?: {
      new?: number;
      demo?: number;
    };
  };
  /**
   * Facets offered on the search page. Default car_type, make, model, simple_body, simple_fuel, simple_transmission, year, price (templates change it).
   */
  search_filters?: string[];
  /**
   * Sold-vehicle window in days (SPEC §4). Default 3.
   */
  include_sold_cars_days?: number;
  /**
   * Where the search box submits. Default /search/new-used-and-demo-cars; by template: franchise /search/new-cars, used /search/used-cars.
   */
  default_search_path?: string;
  garage_enabled?: boolean;
  facebook_url?: string | null;
  instagram_url?: string | null;
  youtube_url?: string | null;
  tiktok_url?: string | null;
  linkedin_url?: string | null;
  xtime_url?: string | null;
  /**
   * Added banner social link. Default null.
   */
  whatsapp_url?: string | null;
  /**
   * Added banner social link. Default null.
   */
  twitter_url?: string | null;
  /**
   * Added banner social link. Default null.
   */
  linktree_url?: string | null;
  gmb_profiles?: {
    review_url: string;
  }[];
  google_site_verification?: string | null;
  dealership_group?: string | null;
  dealerships?: Dealership[];
  config?: SiteConfig;
  opening_hours?: OpeningHour[];
  reviews?: ReviewSet;
  /**
   * Search host; with search_key set, the Meilisearch backend answers.
   */
  search_host?: string | null;
  search_key?: string | null;
  /**
   * Added: Meilisearch index uid. Default null (the dealer slug).
   */
  search_index?: string | null;
  /**
   * Added: drives locale, currency, distance unit, phone rule and spelling (templates/regions.yaml). Default AU.
   */
  region?: 'AU' | 'NZ' | 'US';
  /**
   * Added: what the dealer's prices say beside and under them (README: Advertising). Each key has its default.
   */
  advertising?: {
    /**
     * The dealer's own text shown after the region's price disclaimer under prices and in the footer. Default null (the region's alone).
     */
    price_disclaimer?: string | null;
    /**
     * US: the qualifier beside every price, e.g. 'Plus tax, title, license and dealer fees'. Default null (advert/no-fee-disclosure warns).
     */
    fee_disclosure?: string | null;
    /**
     * US: the documentation fee, stated after the fee disclosure. Default null (not stated).
     */
    doc_fee?: number | null;
    /**
     * The tag of a car listed in the last 8 days (SPEC §4 new tag). Default 'Just arrived'.
     */
    new_listing_label?: string;
  };
  /**
   * Added. Default standard; by template: franchise large, group square-logo-large.
   */
  header_style?: 'standard' | 'large' | 'square-logo-large';
  features?: Features;
  lead_delivery?: LeadDelivery;
  /**
   * Added: trade-in valuations. off: no /valuations or /cars/trade-in page and no link to them; lead: the shopper describes the car and a valuation lead is filed for the dealer to price (no number shown); instant: valuation_provider prices it. serve --demo answers lead and instant with invented figures. Default lead.
   */
  valuation?: 'off' | 'lead' | 'instant';
  valuation_provider?: ValuationProvider;
  images?: Images;
  forms?: Forms;
  /**
   * Added: further host names (such as www.example.com.au) this site answers on when forecourt serve answers many dealers on one port by the Host header; the host of url always is. Default [].
   */
  host_aliases?: string[];
  /**
   * Added: how browsers may use the site (served as Content-Security-Policy and the output's _headers file). Default {}.
   */
  security?: {
    /**
     * Added: origins (such as https://group.example) whose pages may show this site in a frame; none may by default. Default [].
     */
    frame_ancestors?: string[];
  };
  rules?: Rules;
  paths?: Paths;
  footer?: Footer;
  /**
   * Added: group sub-footer (group logo linking to the group site). Default null (none).
   */
  sub_footer?: {
    logo_url: string;
    url: string;
    name: string;
  } | null;
  /**
   * Added: models for the nav and /models pages. Default [].
   */
  models?: Model[];
  /**
   * Added: individual reviews. Default [].
   */
  review_list?: Review[];
  /**
   * Added: the home page's hero band, in the brand colour. heading (default: the dealer's name), text (default: meta.description), image (a wide photo of the yard or a model, beside the text on wide screens and above it on phones; default: none), image_alt (default: empty, a decorative image), actions (up to 3 calls to action, the first the primary button; default: Browse Our Stock, Finance Pre-Approval, Sell Your Car). Default {}.
   */
  hero?: {
    heading?: string;
    text?: string;
    image?: string;
    image_alt?: string;
    /**
     * @maxItems 3
     */
    actions?:
      | []
      | [
          {
            label: string;
            url: string;
          },
        ]
      | [
          {
            label: string;
            url: string;
          },
          {
            label: string;
            url: string;
          },
        ]
      | [
          {
            label: string;
            url: string;
          },
          {
            label: string;
            url: string;
          },
          {
            label: string;
            url: string;
          },
        ];
  };
  /**
   * Added: third-party review widget (GET /api/reviews/{widget}?orgId=). Default null.
   */
  review_widget?: {
    widget: string;
    orgId: string;
  } | null;
  /**
   * Added: external dealer-rating banner script. Default null.
   */
  dealer_rating_script_url?: string | null;
  /**
   * Added: /subaru-service exists only when set. Default null.
   */
  service_booking_url?: string | null;
  /**
   * Added: site-wide special (holiday) hours. Default [].
   */
  special_hours?: SpecialHours[];
  /**
   * Added: information pages (FAQs, terms, special offers, warranty pages). Default [].
   */
  pages?: InfoPage[];
  /**
   * Added: brands dropdown options. Default {} (all dealership_websites, unsorted unless features.brands_sort_alphabetical).
   */
  brands_dropdown?: {
    exclude_slugs?: string[];
    make_filter?: string[];
    overrides?: {
      [k: string]: DealershipWebsitePatch;
    };
  };
  /**
   * Added: measurement tags, each loaded only after the shopper's consent (the consent banner appears only when one is set; the Content-Security-Policy allows only the hosts of those set). Default {}.
   */
  measurement?: {
    /**
     * Added: Google Analytics 4 measurement id (G-XXXXXXX), loaded with gtag.js. Default null.
     */
    ga4_measurement_id?: string | null;
    /**
     * Added: Google Tag Manager container id (GTM-XXXXXX). Default null.
     */
    gtm_container_id?: string | null;
    /**
     * Added: Meta (Facebook) Pixel id, digits only. Default null.
     */
    meta_pixel_id?: string | null;
    /**
     * Added: the call-tracking provider's script (https only), loaded like the tags after consent. Default null.
     */
    call_tracking_script_url?: string | null;
  };
  /**
   * Added: chat widget script. Default null.
   */
  chat_widget_url?: string | null;
  /**
   * Added: meta defaults. Default {}.
   */
  meta?: {
    description?: string;
    keywords?: string[];
    image?: string;
  };
  /**
   * Added: IANA time zone. Default by region (templates/regions.yaml).
   */
  timezone?: string;
  feed?: Feed;
  /**
   * Added: brand colours and font as CSS custom properties.
   */
  theme?: {
    /**
     * Default #0b3d91.
     */
    primary?: string;
    /**
     * Default #e4002b.
     */
    accent?: string;
    /**
     * Default system-ui, -apple-system, "Segoe UI", Roboto, sans-serif.
     */
    font?: string;
  };
}
/**
 * One website of the dealer's group (SPEC §1 dealership_websites).
 */
export interface DealershipWebsite {
  url: string;
  make: string;
  name: string;
  slug: string;
  logo?: {
    url: string;
  } | null;
}
/**
 * Added: switches, each with its default here (templates change some).
 */
export interface Features {
  /**
   * Top banner. Default true.
   */
  banner?: boolean;
  /**
   * Force the single Locations link. Default false.
   */
  banner_force_locations_link?: boolean;
  /**
   * Mobile service-and-call bar. Default false.
   */
  service_call_bar?: boolean;
  /**
   * Header search bar. Default true.
   */
  search_bar?: boolean;
  /**
   * Favourites storage and link. Default true.
   */
  favourites?: boolean;
  /**
   * Compare strip. Default true.
   */
  compare?: boolean;
  /**
   * Mobile menu as a drawer. Default false.
   */
  mobile_drawer?: boolean;
  /**
   * Electric or Hybrid tag on search cards. Default false.
   */
  electric_hybrid_tag?: boolean;
  /**
   * Phone numbers start shown instead of masked. Default false.
   */
  phone_reveal_shown?: boolean;
  /**
   * Offers subscriptions (price display step 1). Default false.
   */
  subscriptions?: boolean;
  /**
   * Add price > 0 with a price-ascending sort. Default false.
   */
  price_asc_positive_filter?: boolean;
  /**
   * Alphabetical brands dropdown. Default false.
   */
  brands_sort_alphabetical?: boolean;
  /**
   * Group opening hours as Mon-Sat and Sunday. Default false.
   */
  hours_mon_sat?: boolean;
  /**
   * Show special holiday hours. Default false.
   */
  special_hours?: boolean;
  /**
   * Chat widget. Default false.
   */
  chat?: boolean;
  /**
   * Added: the one-dealer car sidebar variant (action buttons in SPEC order, the finance form, the 'Discover More' slider overlay). Default false.
   */
  discover_sidebar?: boolean;
}
/**
 * Added: where stored leads, valuations, reservations and service bookings are sent (server/delivery). Secrets are never written here: only the NAMES of environment variables that hold them. Default: no destination (leads stay in the database).
 */
export interface LeadDelivery {
  smtp?: SmtpServer;
  destinations?: DeliveryDestination[];
  /**
   * How long a failing delivery is retried (exponential backoff, capped at one hour between tries) before it is marked failed. Default 48, at least 24.
   */
  retry_hours?: number;
  /**
   * forecourt serve deletes the leads, service bookings, valuations, reservations and events older than this many days, with their deliveries and uploads, at start and hourly. Default null (kept).
   */
  retention_days?: number | null;
}
/**
 * The SMTP server email destinations send through. url_env names a variable holding smtp(s)://user:password@host:port, which wins when set; otherwise host/port with the user and password read from user_env / password_env.
 */
export interface SmtpServer {
  url_env?: string;
  host?: string;
  port?: number;
  /**
   * TLS from the first byte (port 465); otherwise STARTTLS when the server offers it.
   */
  secure?: boolean;
  user_env?: string;
  password_env?: string;
  /**
   * Sender address. Default: the record's email.
   */
  from?: string;
}
export interface DeliveryDestination1 {
  name: string;
  /**
   * email: a summary for a salesperson; adf_email / adf_http: ADF/XML for the dealer's CRM by email or HTTP POST; webhook: signed JSON POST.
   */
  type: 'email' | 'adf_email' | 'adf_http' | 'webhook';
  /**
   * email and adf_email: the recipient (a CRM's lead address).
   */
  to?: string;
  /**
   * email and adf_email: a variable holding the recipient, when the address is itself a secret.
   */
  to_env?: string;
  /**
   * adf_http and webhook: the https URL to POST to.
   */
  url?: string;
  /**
   * adf_http and webhook: a variable holding the URL, when it carries a token.
   */
  url_env?: string;
  /**
   * webhook (required) and adf_http (optional): the variable holding the HMAC-SHA256 signing secret.
   */
  secret_env?: string;
  dealership_slug?: string;
  location_id?: number;
  /**
   * @minItems 1
   */
  kinds?: ['lead' | 'valuation' | 'reservation' | 'service_booking', ...('lead' | 'valuation' | 'reservation' | 'service_booking')[]];
}
/**
 * Added: the HTTP valuation service of valuation: instant. serve POSTs a JSON body (request maps each of its field names to one of ours) with the credential in a header, through the operator's outbound-address policy, and reads the offer from the answer (response). The credential itself is never written here, only the NAME of the variable holding it.
 */
export interface ValuationProvider {
  /**
   * The https URL to POST to.
   */
  url: string;
  credential_env: string;
  /**
   * Header carrying the credential. Default Authorization.
   */
  credential_header?: string;
  /**
   * Written before the credential. Default 'Bearer '.
   */
  credential_prefix?: string;
  /**
   * Longest wait for an answer; a slower one files the valuation for the dealer to price. Default 8000.
   */
  timeout_ms?: number;
  /**
   * Provider field name -> our field (rego, regoState, vin, make, model, year, km). Default: the same names.
   */
  request?: {
    [k: string]: 'rego' | 'regoState' | 'vin' | 'make' | 'model' | 'year' | 'km';
  };
  response: {
    /**
     * Dot path of the offer in whole currency units, e.g. valuation.trade_price.
     */
    offer_price: string;
  };
}
/**
 * Added: how car photos are delivered (renderer/photos, README 'Car photos'). Every car picture gets srcset, sizes, width and height. Signing keys come from the operator's environment (FORECOURT_SECRET_IMGPROXY_KEY and FORECOURT_SECRET_IMGPROXY_SALT, FORECOURT_SECRET_THUMBOR_KEY), never from the record. Default {} (imgix).
 */
export interface Images {
  /**
   * imgix: ?w=&auto=format&q= on the photo URL; cloudinary: fetch delivery through base_url; cloudflare: /cdn-cgi/image/ on base_url's zone; imgproxy and thumbor: the server at base_url; none: the URLs as they are; local: fetched at generate and resized to AVIF, WebP and JPEG under /assets/photos/. Default imgix.
   */
  service?: 'imgix' | 'cloudinary' | 'cloudflare' | 'imgproxy' | 'thumbor' | 'none' | 'local';
  /**
   * The service's public address: https://res.cloudinary.com/<cloud name> for cloudinary, the site's Cloudflare zone (https://www.example.com) for cloudflare, the imgproxy or thumbor server. Needed by those four. Default null.
   */
  base_url?: string | null;
  /**
   * Encoding quality (SPEC §9: 75). Default 75.
   */
  quality?: number;
}
/**
 * Added: lead-form settings (SPEC §5, §9 Form text).
 */
export interface Forms {
  /**
   * Default 'Enquire Now'.
   */
  submit_text?: string;
  /**
   * Default true.
   */
  message_required?: boolean;
  /**
   * Default false.
   */
  terms_required?: boolean;
  /**
   * 'Where did you hear about us?' select. Default false.
   */
  hear_about_us?: boolean;
  /**
   * Default the region's rule (domain/region.ts): AU au, NZ nz, US us.
   */
  phone_rule?: 'au' | 'au-mobile' | 'nz' | 'nz-length' | 'us' | 'uk';
  /**
   * Phone number always accepted. Default null.
   */
  test_phone_number?: string | null;
  /**
   * Default 'Yes, I would like to subscribe to receive latest offers & product updates.'
   */
  opt_in_text?: string;
  /**
   * API base for leads; '' means same origin. Default ''.
   */
  api_base?: string;
  /**
   * The /api prefix becomes /mock. Default false.
   */
  mock_mode?: boolean;
  /**
   * Send leads to /api/carClarityCustomer. Default false.
   */
  car_clarity?: boolean;
  /**
   * POST /api/miscellaneous with the valuation. Default false.
   */
  save_valuation_misc?: boolean;
  /**
   * Added: other websites (origins such as https://group.example) whose pages may send leads to this site's lead API. The site's own origin (its url) is always allowed. Default [].
   */
  allowed_origins?: string[];
}
/**
 * Added: switches the spec expresses as dealer lists.
 */
export interface Rules {
  /**
   * Reserve allowed without a payment provider for these dealership ids. Default [].
   */
  reserve_dealership_ids?: number[];
  /**
   * Same, by dealership slug. Default [].
   */
  reserve_dealership_slugs?: string[];
  /**
   * Default ['Suzuki'].
   */
  finance_disabled_makes?: string[];
  /**
   * Default [].
   */
  finance_disabled_dealership_ids?: number[];
  /**
   * Default [].
   */
  finance_disabled_dealership_slugs?: string[];
  /**
   * Minimum rating for showing stars. Default 0.
   */
  min_review_rating?: number;
  /**
   * Client results cache size. Default 20.
   */
  search_cache_max?: number;
  /**
   * Search page size. Default 21.
   */
  page_size?: number;
  /**
   * Default 'custom_rank:desc'.
   */
  default_sort?: 'price:asc' | 'price:desc' | 'custom_rank:desc';
}
/**
 * Added: paths and labels that vary by dealer.
 */
export interface Paths {
  /**
   * Default '/finance'.
   */
  finance?: '/finance' | '/finance-enquiry' | '/apply-for-finance';
  /**
   * Default 'checkout'.
   */
  reserve?: 'checkout' | 'buy-online';
  /**
   * Default '/favourites'.
   */
  favourites?: string;
  /**
   * Default 'Favourites'.
   */
  favourites_label?: string;
  /**
   * Default '/contact'.
   */
  contact?: string;
  /**
   * Default 'slug'.
   */
  location_by?: 'slug' | 'dealership_slug';
  /**
   * Subscription, rental, rv, motorcycle or truck search paths. Default [].
   */
  extra_search_paths?: string[];
  /**
   * Enquire Now link for service weekend hours. Default null.
   */
  service_weekend_enquire?: string | null;
}
/**
 * Added: footer settings (SPEC §2 Footers).
 */
export interface Footer {
  /**
   * Default standard (group for the group template).
   */
  style?: 'standard' | 'group' | 'perth' | 'accessories';
  /**
   * Default [].
   */
  columns?: {
    heading: string;
    links: {
      name: string;
      url: string;
    }[];
  }[];
  /**
   * Licence and repairer numbers. Default [].
   */
  licence_numbers?: {
    label: string;
    number: string;
  }[];
  /**
   * Default false.
   */
  show_staff?: boolean;
  /**
   * Default true.
   */
  show_opening_hours?: boolean;
  /**
   * Default false.
   */
  show_map?: boolean;
  /**
   * Default false.
   */
  scroll_to_top?: boolean;
  /**
   * 'Subscribe For Updates' form. Default false.
   */
  subscribe?: boolean;
  /**
   * Default null.
   */
  owners_group_url?: string | null;
  /**
   * Default {name: 'Forecourt', url: 'https://forecourt.example'}.
   */
  powered_by?: {
    name: string;
    url: string;
  };
}
export interface InfoPage {
  path: string;
  title: string;
  intro?: string;
  sections?: {
    heading: string;
    body: string;
  }[];
  faqs?: {
    question: string;
    answer: string;
  }[];
  /**
   * Added: content blocks shown after the intro, in order: text, FAQ, call to action, an embedded lead form, special offers. Default [].
   */
  blocks?: ContentBlock[];
}
export interface ContentBlock2 {
  type: 'text' | 'faq' | 'cta' | 'lead_form' | 'offers';
}
/**
 * Fields overriding one entry of the brands dropdown.
 */
export interface DealershipWebsitePatch {
  url?: string;
  make?: string;
  name?: string;
  slug?: string;
  logo?: {
    url: string;
  } | null;
}
export interface FeedSource2 {
  file?: string;
  url?: string;
  /**
   * url: request headers, each the NAME of an environment variable holding its value (never the value itself). Default {}.
   */
  headers?: {
    [k: string]: string;
  };
  /**
   * url: each attempt's time limit. Default 30.
   */
  timeout_seconds?: number;
  /**
   * url: the largest body read (a longer one is refused). Default 67108864 (64 MiB).
   */
  max_bytes?: number;
  /**
   * url: further attempts after a network error, timeout or 5xx answer, 1 s, 2 s, 4 s ... apart. Default 3.
   */
  retries?: number;
}
