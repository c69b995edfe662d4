/**
 * The per-dealer settings the lead server needs, read from `out/<slug>/site-config.json` that
 * `forecourt generate` writes beside the site. The server may not import the renderer (DESIGN.md
 * import directions), so this small file is the contract between the two.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isEntityId } from '../domain/leadApi.ts';
import { isRegion, regionSettings } from '../domain/region.ts';
import { DEFAULT_REGION } from '../domain/regionTable.ts';
import type { DeliveryDestination } from '../domain/leadDelivery.ts';
import type { FormsConfig, Region } from '../domain/site.ts';
import type { SmtpServer } from '../schema/resolved.generated.ts';
import type { AppointmentLocation } from '../domain/appointment.ts';
import type { OpeningHour, SpecialHours } from '../domain/types.ts';

/** Name of the file the renderer writes at the root of every generated site. */
export const SITE_CONFIG_FILE = 'site-config.json';

/**
 * Shape of `out/<slug>/site-config.json`. Only `slug` is required in the file; the rest default
 * as documented per field, so an older build still serves.
 */
export interface ServedSiteConfig {
  /** The website's slug (the directory name under out/). */
  slug: string;
  /** Dealer display name; default: the slug. */
  name: string;
  /** The record's dealer_id; default null. */
  dealer_id: number | null;
  /** The website id (record `config.id`), matched against phone-reveal `website_id`; default null. */
  website_id: number | null;
  /** Region; drives the default phone rule and the postcode rule. Default the schema's (AU). */
  region: Region;
  /**
   * The resolved lead-form settings (`Site.forms`): message_required, terms_required,
   * phone_rule, test_phone_number ... Default {}; a missing phone_rule is the region's
   * (domain/region.ts regionSettings), and `region` is the site's (postcode rule, wording).
   */
  forms: FormsConfig & { region: Region };
  /**
   * Every dealership a lead on this website may name in `dealership_slug` (or a phone reveal in
   * `dealership_id`): the record's `dealerships`, `config.dealerships` and the dealerships of the
   * stock feed. The website's own slug / dealer_id is always accepted. Default [].
   */
  dealerships: { id: number | null; slug: string }[];
  /** Location ids a lead's `location_id` may name; empty = not checked. Default []. */
  /** Each location's id, type and hours (appointment times are checked against them; hours default to none). */
  locations: AppointmentLocation[];
  /** The dealer's IANA time zone; default null (the server's own). */
  timezone: string | null;
  /** SPEC §3 autograb flag (trade-in valuations offered). Default false. */
  autograb: boolean;
  /**
   * The deposit of every car the site offers to reserve (domain/reserve.ts reserveDeposit); a
   * reservation must be for one of these cars and charge exactly its amount. Default [].
   */
  deposits: { car_id: number; amount: number; currency: string }[];
  /**
   * Ids of the cars the site shows: a lead's, valuation's, phone reveal's or reservation's
   * car_id must be one of them. Default null (an older build: any positive id is accepted).
   */
  car_ids: number[] | null;
  /**
   * Origins (https://dealer.example) whose pages may post to the API, besides the origin the
   * server is reached at: the record's url and forms.allowed_origins. Default [].
   */
  origins: string[];
  /** The site's public base URL, no trailing slash (links in delivered leads). Default ''. */
  base_url: string;
  /**
   * Where leads go (the record's lead_delivery: names of environment variables, never secrets).
   * Default: no destination.
   */
  lead_delivery: { smtp: SmtpServer; from: string; destinations: DeliveryDestination[]; retry_hours: number; retention_days: number | null };
  /** What a delivered lead says about each car (site-config.json `cars`). Default []. */
  cars: DeliveryCar[];
}

/** A car as a delivered lead describes it. */
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

/** Thrown when a generated site has no site-config.json (built by an older renderer). */
export class SiteConfigMissingError extends Error {
  override name = 'SiteConfigMissingError';
}

/** Reads and checks `<outDir>/<slug>/site-config.json`, applying the documented defaults. */
export async function loadSiteConfig({ outDir, slug }: { outDir: string; slug: string }): Promise<ServedSiteConfig> {
  const file = path.join(outDir, slug, SITE_CONFIG_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SiteConfigMissingError(`${file} is missing: run forecourt generate ${slug} again`, { cause: error });
    }
    throw new Error(`Could not read ${file}`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: run forecourt generate ${slug} again`, { cause: error });
  }
  return parseSiteConfig({ raw, slug, source: file });
}

/**
 * Checks a parsed site config and fills defaults. `slug` is the directory it was found in; a
 * file naming another slug is refused (a copied build would otherwise accept the wrong dealer).
 */
export function parseSiteConfig({ raw, slug, source }: { raw: unknown; slug: string; source: string }): ServedSiteConfig {
  if (!isObject(raw)) throw new Error(`${source} must hold a JSON object`);
  if (raw.slug !== slug) throw new Error(`${source} has slug ${JSON.stringify(raw.slug)}, expected "${slug}"`);
  const region: Region = isRegion(raw.region) ? raw.region : DEFAULT_REGION;
  const written = isObject(raw.forms) ? (raw.forms as FormsConfig) : {};
  const forms: ServedSiteConfig['forms'] = { ...written, phone_rule: written.phone_rule ?? regionSettings(region).phone_rule, region };
  const dealerships = Array.isArray(raw.dealerships)
    ? raw.dealerships.filter(isObject).flatMap((d) => (typeof d.slug === 'string' ? [{ slug: d.slug, id: typeof d.id === 'number' ? d.id : null }] : []))
    : [];
  const locations = Array.isArray(raw.locations)
    ? raw.locations.filter(isObject).flatMap((l) =>
        typeof l.id === 'number'
          ? [
              {
                id: l.id,
                location_type: typeof l.location_type === 'string' ? l.location_type : 'sales',
                hours: Array.isArray(l.opening_hours) ? (l.opening_hours.filter(isObject) as unknown as OpeningHour[]) : [],
                special: Array.isArray(l.special_hours) ? (l.special_hours.filter(isObject) as unknown as SpecialHours[]) : [],
              },
            ]
          : [],
      )
    : [];
  const timezone = typeof raw.timezone === 'string' && isTimeZone(raw.timezone) ? raw.timezone : null;
  return {
    slug,
    name: typeof raw.name === 'string' ? raw.name : slug,
    dealer_id: typeof raw.dealer_id === 'number' ? raw.dealer_id : null,
    website_id: typeof raw.website_id === 'number' ? raw.website_id : null,
    region,
    forms,
    dealerships,
    locations,
    timezone,
    autograb: raw.autograb === true,
    deposits: Array.isArray(raw.deposits)
      ? raw.deposits
          .filter(isObject)
          .flatMap((d) =>
            typeof d.car_id === 'number' && typeof d.amount === 'number' && d.amount > 0
              ? [{ car_id: d.car_id, amount: d.amount, currency: typeof d.currency === 'string' ? d.currency : 'AUD' }]
              : [],
          )
      : [],
    car_ids: Array.isArray(raw.car_ids) ? raw.car_ids.filter(isEntityId) : null,
    base_url: typeof raw.base_url === 'string' ? raw.base_url.replace(/\/+$/, '') : '',
    lead_delivery: parseLeadDelivery(raw.lead_delivery),
    cars: Array.isArray(raw.cars) ? (raw.cars.filter((car) => isObject(car) && isEntityId(car.id)) as unknown as DeliveryCar[]) : [],
    origins: Array.isArray(raw.origins) ? raw.origins.filter((o): o is string => typeof o === 'string' && /^https?:\/\/[^/\s]+$/.test(o)) : [],
  };
}

/** The config used when a site was built without site-config.json: everything defaulted. */
export function defaultSiteConfig({ slug }: { slug: string }): ServedSiteConfig {
  return parseSiteConfig({ raw: { slug }, slug, source: 'defaults' });
}

/** True when `dealershipSlug` names this website or one of its dealerships. */
export function isKnownDealerSlug({ site, dealershipSlug }: { site: ServedSiteConfig; dealershipSlug: string }): boolean {
  return dealershipSlug === site.slug || site.dealerships.some((d) => d.slug === dealershipSlug);
}

/** True when `carId` is a car this site shows (any positive id when the build did not list them). */
export function isKnownCarId({ site, carId }: { site: ServedSiteConfig; carId: unknown }): boolean {
  return isEntityId(carId) && (site.car_ids === null || site.car_ids.includes(carId));
}

/** True when `dealershipId` is this website's dealer_id or one of its dealerships' ids. */
export function isKnownDealerId({ site, dealershipId }: { site: ServedSiteConfig; dealershipId: number }): boolean {
  return dealershipId === site.dealer_id || site.dealerships.some((d) => d.id === dealershipId);
}

/** The delivery settings as the renderer wrote them (already schema-checked), defaulted for an older build. */
function parseLeadDelivery(raw: unknown): ServedSiteConfig['lead_delivery'] {
  const value = isObject(raw) ? raw : {};
  return {
    smtp: isObject(value.smtp) ? (value.smtp as unknown as SmtpServer) : { port: 587, secure: false },
    from: typeof value.from === 'string' ? value.from : '',
    destinations: Array.isArray(value.destinations) ? (value.destinations.filter(isObject) as unknown as DeliveryDestination[]) : [],
    retry_hours: typeof value.retry_hours === 'number' && value.retry_hours >= 24 ? value.retry_hours : 48,
    retention_days: typeof value.retention_days === 'number' && value.retention_days >= 1 ? value.retention_days : null,
  };
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
