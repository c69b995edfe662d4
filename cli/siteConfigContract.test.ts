/**
 * The renderer writes site-config.json and the server reads it; neither may import the other
 * (docs/architecture.md), so this test — in cli/, which may import both — holds them to one contract.
 */
import { describe, expect, it } from 'vitest';
import { planRoutes } from '../renderer/plan.ts';
import { serverSettingsJson, siteConfigAsset } from '../renderer/siteConfigFile.ts';
import { parseSiteConfig } from '../server/siteConfig.ts';
import { SITE_CONFIG_FILE } from '../domain/siteConfig.ts';
import { CARS, DATA, SITE } from '../fixtures/sites/harbourside.ts';

describe('site-config.json contract', () => {
  const routes = planRoutes({ site: SITE, data: DATA });
  const asset = siteConfigAsset({ site: SITE, cars: CARS, routes });
  const server = JSON.parse(JSON.stringify(serverSettingsJson({ site: SITE, version: '.harbourside-motors.site-1' })));
  const served = parseSiteConfig({ raw: JSON.parse(String(asset.contents)), slug: SITE.slug, source: asset.path, server });

  it('is written where the server reads it', () => {
    expect(asset.path).toBe(SITE_CONFIG_FILE);
  });

  it('carries what the server checks leads and reservations with', () => {
    expect(served).toMatchObject({
      slug: SITE.slug,
      name: SITE.name,
      dealer_id: SITE.dealer_id,
      region: SITE.region,
      forms: { ...SITE.forms },
      locations: (SITE.locations ?? []).map((l) => ({ id: l.id })),
    });
    for (const car of CARS) expect(served.dealerships).toContainEqual({ slug: car.dealership_slug, id: car.dealership_id });
    // Leads, reveals and reservations may name only the site's cars; its own url may post from the browser.
    expect(served.car_ids).toEqual(CARS.map((car) => car.id));
    expect(served.origins).toContain(new URL(SITE.url).origin);
  });

  it('lists a deposit for every reserve page the build made, and only for those', () => {
    const reservable = routes
      .filter((r) => r.kind === 'reserve')
      .map((r) => r.car!.id)
      .sort();
    expect(reservable.length).toBeGreaterThan(0);
    expect(served.deposits.map((d) => d.car_id).sort()).toEqual(reservable);
    for (const d of served.deposits) expect(d).toMatchObject({ currency: SITE.regionSettings.currency });
  });

  it('never publishes where leads go: no lead_delivery, recipient or variable name in site-config.json', () => {
    const published = String(asset.contents);
    expect(published).not.toContain('lead_delivery');
    expect(published).not.toMatch(/_env|FORECOURT_SECRET_|crm|hook/);
    // An inline recipient of the record's destinations.
    expect(published).not.toContain('service@harbourside.example.com');
    expect(SITE.lead_delivery.destinations.length).toBeGreaterThan(0);
  });

  it('carries the delivery destinations (variable names, never a secret) in the server settings, and what a delivered lead says about each car', () => {
    expect(served.lead_delivery.destinations).toEqual(SITE.lead_delivery.destinations);
    expect(served.lead_delivery.from).toBe('leads@harbourside.example.com');
    expect(served.lead_delivery.smtp.url_env).toBe('FORECOURT_SECRET_TEST_SMTP_URL');
    expect(served.base_url).toBe(SITE.baseUrl);
    const car = CARS[0];
    const carRoute = routes.find((r) => r.kind === 'car' && r.car?.id === car.id);
    expect(served.cars.find((c) => c.id === car.id)).toMatchObject({
      path: carRoute?.path,
      stocknum: car.stocknum,
      make: car.make,
      dealership_slug: car.dealership_slug,
      location_id: car.location?.id ?? null,
    });
  });
});
