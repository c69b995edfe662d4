/**
 * The `siteData` stage: the per-dealer data every page shares, computed ONCE per dealer so a
 * page's own work stays small (thousands of pages per second).
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { SiteData } from '../ui/pageProps.ts';
import { isShownOnSite } from '../domain/visibility.ts';
import { slugify } from '../domain/slug.ts';

/**
 * Visible stock (SPEC §4 visibility with the dealer's sold window) ordered by custom_rank
 * descending (the default sort key of SPEC §9), with lookups by slug and id and the makes in
 * stock with counts. `assets` are the content-hashed stylesheet and runtime URLs of this build.
 */
export function buildSiteData({ site, cars, assets }: { site: Site; cars: Car[]; assets: SiteData['assets'] }): SiteData {
  const now = new Date(site.now);
  const visible = cars
    .filter((car) => isShownOnSite({ car, now, soldWindowDays: site.include_sold_cars_days }))
    // Stable on ties: equal ranks keep feed order, so the same feed renders the same site.
    .map((car, index) => ({ car, index }))
    .sort((a, b) => (b.car.custom_rank ?? 0) - (a.car.custom_rank ?? 0) || a.index - b.index)
    .map(({ car }) => car);

  const counts = new Map<string, number>();
  for (const car of visible) if (car.make) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
  const makes = [...counts].map(([make, count]) => ({ make, slug: slugify(make), count })).sort((a, b) => a.make.localeCompare(b.make));

  return {
    cars: visible,
    carsBySlug: new Map(visible.map((car) => [car.slug, car])),
    carsById: new Map(visible.map((car) => [car.id, car])),
    makes,
    assets,
  };
}
