/**
 * `site-config.json`: the contract between the renderer, which writes it at the root of every
 * generated site, and the lead server, which reads it. Neither may import the other (docs/architecture.md),
 * so the file's name and shape live here, below both: renderer/siteConfigFile.ts builds a
 * `SiteConfigJson`, server/siteConfig.ts parses one (defaulting what an older build left out).
 */
import type { LeadDelivery, ValuationProvider } from '../schema/resolved.generated.ts';
import type { Site } from './site.ts';
import type { OpeningHour, SpecialHours } from './types.ts';

/** File name at the site root. */
export const SITE_CONFIG_FILE = 'site-config.json';

/** The JSON written at `out/<slug>/site-config.json`. */
export interface SiteConfigJson {
  /** The website's slug (the directory name under out/). */
  slug: string;
  /** Dealer display name. */
  name: string;
  /** The record's dealer_id. */
  dealer_id: number;
  /** The website id (record `config.id`), matched against a phone reveal's `website_id`. */
  website_id: number | null;
  /** Region: the default phone rule, the postcode rule and the wording. */
  region: Site['region'];
  /** The resolved lead-form settings (message_required, terms_required, phone_rule ...). */
  forms: Site['forms'];
  /**
   * Every dealership a lead on this website may name in `dealership_slug` (or a phone reveal in
   * `dealership_id`): the record's dealerships and those of the stock feed.
   */
  dealerships: { id: number | null; slug: string }[];
  /** Each location's type and hours: the server checks appointment times (test drive, service booking) against them. */
  locations: { id: number; location_type: string; opening_hours: OpeningHour[]; special_hours: SpecialHours[] }[];
  /** The dealer's IANA time zone: appointment times are its local times. */
  timezone: string | null;
  /** SPEC §3 autograb flag (trade-in valuations offered). */
  autograb: boolean;
  /** SPEC §3 Site config payment_provider (Stripe, Till, St George) or null: which provider takes the deposits. */
  payment_provider: string | null;
  /** The record's valuation setting: off (no valuation API), lead (filed for the dealer to price) or instant (valuation_provider prices it). */
  valuation: 'off' | 'lead' | 'instant';
  /** The record's valuation_provider (the NAME of its credential variable, never the credential), or null. */
  valuation_provider: ValuationProvider | null;
  /** Deposit of every car this site offers to reserve (domain/reserve.ts): the server charges exactly this. */
  deposits: { car_id: number; amount: number; currency: string }[];
  /** Ids of the cars this site shows: a lead, valuation, reveal or reservation may name only these. */
  car_ids: number[];
  /** Origins whose pages may post to the lead API besides the one it is served on: the site's url and forms.allowed_origins. */
  origins: string[];
  /** Host names the site answers on when one port serves many dealers (domain/siteHosts.ts): the url's host and the record's host_aliases. */
  hosts: string[];
  /** The site's public base URL (links to cars in delivered leads). */
  base_url: string;
  /** What a delivered lead says about each car it may name, and where the car belongs (routing). */
  cars: DeliveryCar[];
  /**
   * The record's own review set (SPEC §3 reviews), or null. The local stand-in of the review
   * widget answers with it, so a previewed page shows the dealer's one rating, not a made-up one.
   */
  reviews: { count: number; average_rating: string } | null;
}

/**
 * The server-only settings of a site, written OUTSIDE the published folder (`out/.<slug>.server.json`,
 * beside the build manifest) so that deploying `out/<slug>/` to any static host never publishes
 * where leads go: destinations, recipients and the names of the variables holding secrets.
 */
export interface ServerSettingsJson {
  /** The site version (`out/.<slug>.site-...`) built with these settings. */
  version: string;
  /** Where leads are delivered: the record's lead_delivery (environment variable names, never secrets) and the sender. */
  lead_delivery: LeadDelivery & { from: string };
}

/** The server settings file's name in the output folder, beside `<slug>` (never inside it). */
export function serverSettingsFileName({ slug }: { slug: string }): string {
  return `.${slug}.server.json`;
}

/** A car as lead delivery describes it (ADF vehicle, salesperson email). */
export interface DeliveryCar {
  id: number;
  path: string | null;
  name: string;
  year: number | null;
  make: string | null;
  model: string | null;
  badge: string | null;
  vin: string | null;
  stocknum: string | null;
  price: number | null;
  km: number | null;
  car_type: string | null;
  dealership_slug: string | null;
  location_id: number | null;
}
