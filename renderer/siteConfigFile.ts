/**
 * `site-config.json`: the per-dealer settings the local lead server needs, written at the root
 * of every generated site. The server may not import the renderer (DESIGN.md), so this file is
 * the contract between them; its shape is `ServedSiteConfig` in server/siteConfig.ts, which
 * cli/siteConfigContract.test.ts checks against what is written here.
 */
import { siteDealerships } from '../domain/dealerships.ts';
import { reserveDeposit } from '../domain/reserve.ts';
import type { Site } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import type { Route } from '../ui/route.ts';
import type { Asset } from './stage.ts';

/** File name at the site root (the server reads the same name). */
export const SITE_CONFIG_FILE = 'site-config.json';

/** The JSON the server reads. */
export interface SiteConfigJson {
  slug: string;
  name: string;
  dealer_id: number;
  website_id: number | null;
  region: Site['region'];
  forms: Site['forms'];
  dealerships: { id: number | null; slug: string }[];
  locations: { id: number }[];
  autograb: boolean;
  /** Deposit of every car this site offers to reserve: the server charges exactly this. */
  deposits: { car_id: number; amount: number; currency: string }[];
  /** Ids of the cars this site shows: a lead, valuation, reveal or reservation may name only these. */
  car_ids: number[];
  /** Origins whose pages may post to the lead API besides the one it is served on: the site's url and forms.allowed_origins. */
  origins: string[];
}

/** The site's config for the server, from the resolved site, its stock and its planned routes. */
export function siteConfigJson({ site, cars, routes }: { site: Site; cars: Car[]; routes: Route[] }): SiteConfigJson {
  const dealerships = new Map<string, number | null>();
  for (const d of siteDealerships({ site })) dealerships.set(d.slug, d.id);
  for (const car of cars) if (!dealerships.has(car.dealership_slug)) dealerships.set(car.dealership_slug, car.dealership_id);
  const deposits: SiteConfigJson['deposits'] = [];
  for (const route of routes) {
    if (route.kind !== 'reserve' || !route.car) continue;
    const amount = reserveDeposit({ car: route.car });
    if (amount != null) deposits.push({ car_id: route.car.id, amount, currency: site.regionSettings.currency });
  }
  return {
    slug: site.slug,
    name: site.name,
    dealer_id: site.dealer_id,
    website_id: site.config?.id ?? null,
    region: site.region,
    forms: site.forms,
    dealerships: [...dealerships].map(([slug, id]) => ({ slug, id })),
    locations: (site.locations ?? []).map((l) => ({ id: l.id })),
    autograb: site.config?.autograb === true,
    deposits,
    car_ids: cars.map((car) => car.id),
    origins: [...new Set([originOf(site.url), ...(site.forms.allowed_origins ?? [])].filter((origin): origin is string => origin !== null))],
  };
}

/** The origin (scheme, host, port) of an http(s) URL; null for anything else. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** `site-config.json` as an asset for the emit stage. */
export function siteConfigAsset(input: { site: Site; cars: Car[]; routes: Route[] }): Asset {
  return { path: SITE_CONFIG_FILE, contents: `${JSON.stringify(siteConfigJson(input), null, 2)}\n` };
}
