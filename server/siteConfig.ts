/**
 * The per-dealer settings the lead server needs, read from `out/<slug>/site-config.json` that
 * `forecourt generate` writes beside the site. The server may not import the renderer (docs/architecture.md
 * import directions), so this small file is the contract between the two.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isEntityId } from '../domain/leadApi.ts';
import { siteHosts } from '../domain/siteHosts.ts';
import { isRegion, regionSettings } from '../domain/region.ts';
import { DEFAULT_REGION } from '../domain/regionTable.ts';
import type { DeliveryDestination } from '../domain/leadDelivery.ts';
import type { FormsConfig, Region } from '../domain/site.ts';
import type { LeadDelivery, SmtpServer } from '../schema/resolved.generated.ts';
import { SITE_CONFIG_FILE, serverSettingsFileName, type DeliveryCar, type SiteConfigJson } from '../domain/siteConfig.ts';
import type { AppointmentLocation } from '../domain/appointment.ts';
import type { OpeningHour, SpecialHours } from '../domain/types.ts';

/**
 * `out/<slug>/site-config.json` (domain/siteConfig.ts `SiteConfigJson`) as the server uses it.
 * Only `slug` is required in the file; the rest default as documented per field, so an older
 * build still serves. Fields the server reads in another form than written are redeclared here.
 */
export interface ServedSiteConfig extends Omit<SiteConfigJson, 'dealer_id' | 'forms' | 'locations' | 'car_ids' | 'lead_delivery'> {
  /** The record's dealer_id; default null. */
  dealer_id: number | null;
  /**
   * The resolved lead-form settings with the site's region (postcode rule, wording); a missing
   * phone_rule is the region's (domain/region.ts regionSettings).
   */
  forms: FormsConfig & { region: Region };
  /** Each location's id, type and hours (appointment times are checked against them; hours default to none). */
  locations: AppointmentLocation[];
  /** The site's car ids; null for an older build that did not list them (then any positive id is accepted). */
  car_ids: number[] | null;
  /** Where leads go, from `out/.<slug>.server.json` (never published); without that file, no destination. */
  lead_delivery: LeadDelivery & { from: string };
}

/*
 * Defaults for a field missing from the file: name = the slug, website_id/timezone = null,
 * region = the schema's default (AU), payment_provider = null, valuation = lead, valuation_provider = null, dealerships/deposits/origins/cars = [], autograb = false, reviews = null,
 * base_url = '' (no trailing slash otherwise), hosts = the host of base_url. The website's own slug and dealer_id are always
 * accepted as a dealership.
 */

/** Thrown when a generated site has no site-config.json (built by an older renderer). */
export class SiteConfigMissingError extends Error {
  override name = 'SiteConfigMissingError';
}

/** Reads and checks `<outDir>/<slug>/site-config.json` and `<outDir>/.<slug>.server.json`, applying the documented defaults. */
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
  return parseSiteConfig({ raw, slug, source: file, server: await readServerSettings({ outDir, slug }) });
}

/** `<outDir>/.<slug>.server.json` (where leads go, never published), or null when the build wrote none. */
async function readServerSettings({ outDir, slug }: { outDir: string; slug: string }): Promise<unknown> {
  const file = path.join(outDir, serverSettingsFileName({ slug }));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Could not read ${file}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: run forecourt generate ${slug} again`, { cause: error });
  }
}

/**
 * Checks a parsed site config and fills defaults. `slug` is the directory it was found in; a
 * file naming another slug is refused (a copied build would otherwise accept the wrong dealer).
 */
export function parseSiteConfig({
  raw,
  slug,
  source,
  server = null,
}: {
  raw: unknown;
  slug: string;
  source: string;
  /** The server-only settings (`.<slug>.server.json`); a build older than that file kept lead_delivery in site-config.json. */
  server?: unknown;
}): ServedSiteConfig {
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
    valuation: raw.valuation === 'off' || raw.valuation === 'instant' ? raw.valuation : 'lead',
    valuation_provider: isObject(raw.valuation_provider) ? (raw.valuation_provider as unknown as ServedSiteConfig['valuation_provider']) : null,
    payment_provider: typeof raw.payment_provider === 'string' && raw.payment_provider.trim() ? raw.payment_provider : null,
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
    hosts: Array.isArray(raw.hosts)
      ? siteHosts({ url: null, aliases: raw.hosts.filter((h): h is string => typeof h === 'string') })
      : siteHosts({ url: typeof raw.base_url === 'string' ? raw.base_url : null, aliases: [] }),
    lead_delivery: parseLeadDelivery(isObject(server) ? server.lead_delivery : raw.lead_delivery),
    cars: Array.isArray(raw.cars) ? (raw.cars.filter((car) => isObject(car) && isEntityId(car.id)) as unknown as DeliveryCar[]) : [],
    origins: Array.isArray(raw.origins) ? raw.origins.filter((o): o is string => typeof o === 'string' && /^https?:\/\/[^/\s]+$/.test(o)) : [],
    reviews: parseReviews(raw.reviews),
  };
}

/** The record's review set as written by the renderer; null when absent or not a count and a rating. */
function parseReviews(raw: unknown): ServedSiteConfig['reviews'] {
  if (!isObject(raw) || typeof raw.count !== 'number' || typeof raw.average_rating !== 'string') return null;
  const rating = Number(raw.average_rating);
  return Number.isInteger(raw.count) && raw.count >= 0 && rating >= 0 && rating <= 5 ? { count: raw.count, average_rating: raw.average_rating } : null;
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
