/**
 * `site-config.json`: the per-dealer settings the local lead server needs, written at the root
 * of every generated site. Its name and shape are domain/siteConfig.ts, the contract the
 * server reads (server/siteConfig.ts); cli/siteConfigContract.test.ts round-trips the two.
 * The published folder may be deployed anywhere, so what only the server may know (where leads
 * go) is written outside it: `out/.<slug>.server.json` (serverSettingsJson, writeServerSettings).
 */
import { join } from 'node:path';
import { siteDealerships } from '../domain/dealerships.ts';
import { siteHosts } from '../domain/siteHosts.ts';
import { reserveDeposit } from '../domain/reserve.ts';
import type { Site } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import { SITE_CONFIG_FILE, serverSettingsFileName, type DeliveryCar, type ServerSettingsJson, type SiteConfigJson } from '../domain/siteConfig.ts';
import type { Route } from '../ui/route.ts';
import type { Asset } from './stage.ts';
import { writeFileAtomically } from './atomicFile.ts';

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
    locations: (site.locations ?? []).map((l) => ({
      id: l.id,
      location_type: l.location_type,
      opening_hours: l.contact_detail?.opening_hours ?? [],
      special_hours: l.special_hours ?? [],
    })),
    timezone: site.timezone ?? null,
    autograb: site.config?.autograb === true,
    payment_provider: site.config?.payment_provider ?? null,
    valuation: site.valuation ?? 'lead',
    valuation_provider: site.valuation_provider ?? null,
    deposits,
    car_ids: cars.map((car) => car.id),
    base_url: site.baseUrl,
    hosts: siteHosts({ url: site.url, aliases: site.host_aliases }),
    cars: deliveryCars({ cars, routes }),
    reviews: site.reviews ? { count: site.reviews.count, average_rating: String(site.reviews.average_rating) } : null,
    origins: [...new Set([originOf(site.url), ...(site.forms.allowed_origins ?? [])].filter((origin): origin is string => origin !== null))],
  };
}

function deliveryCars({ cars, routes }: { cars: Car[]; routes: Route[] }): DeliveryCar[] {
  const paths = new Map<number, string>();
  for (const route of routes) if (route.kind === 'car' && route.car) paths.set(route.car.id, route.path);
  return cars.map((car) => ({
    id: car.id,
    path: paths.get(car.id) ?? null,
    name: car.name ?? '',
    year: car.year ?? null,
    make: car.make ?? null,
    model: car.model ?? null,
    badge: car.badge ?? null,
    vin: car.vin ?? null,
    stocknum: car.stocknum ?? null,
    price: car.price ?? null,
    km: car.km ?? null,
    car_type: car.car_type ?? null,
    dealership_slug: car.dealership_slug ?? null,
    location_id: car.location?.id ?? null,
  }));
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

/** The server-only settings of a site version (never published). */
export function serverSettingsJson({ site, version }: { site: Site; version: string }): ServerSettingsJson {
  return { version, lead_delivery: { ...site.lead_delivery, from: site.lead_delivery.smtp.from ?? site.email } };
}

/**
 * Writes `<out>/.<slug>.server.json` in one rename (a reader never sees half of it), readable by
 * its owner only: it names no secret, but says where every lead goes.
 */
export async function writeServerSettings({ outDir, slug, settings }: { outDir: string; slug: string; settings: ServerSettingsJson }): Promise<void> {
  const file = join(outDir, serverSettingsFileName({ slug }));
  await writeFileAtomically({ path: file, contents: `${JSON.stringify(settings, null, 2)}\n`, mode: 0o600 });
}
