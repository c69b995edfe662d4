/**
 * Which makes, models and brand pages a site links to, from its stock and record: the plan
 * stage plans these pages and the pages that link them (home, search, car pages) list the same,
 * so no page is reachable only from the sitemap.
 */
import type { Car } from './types.ts';

/** The models of each make among `cars` (case as in the feed, each once), sorted: one pass over the stock, not one per make. */
export function stockModelsByMake({ cars }: { cars: readonly Pick<Car, 'make' | 'model'>[] }): Map<string, string[]> {
  const models = new Map<string, Set<string>>();
  for (const car of cars) {
    if (!car.model) continue;
    let ofMake = models.get(car.make);
    if (!ofMake) models.set(car.make, (ofMake = new Set()));
    ofMake.add(car.model);
  }
  return new Map([...models].map(([make, names]) => [make, [...names].sort((a, b) => a.localeCompare(b))]));
}

/** The makes with a brand page: the group's dealership websites' makes, else the makes in stock. */
export function brandMakes({
  dealershipWebsites,
  makesInStock,
}: {
  dealershipWebsites: readonly { make: string }[] | null | undefined;
  makesInStock: readonly string[];
}): string[] {
  const makes = dealershipWebsites?.length ? dealershipWebsites.map((w) => w.make) : [...makesInStock];
  return makes.filter(Boolean);
}

/** The key of a car's make and model, as SiteData.carsOfModel groups cars. */
export function modelKey(car: Pick<Car, 'make' | 'model'>): string {
  return `${car.make}\0${car.model}`;
}

/**
 * Up to `limit` other cars of `car`'s make and model that follow it in `group` (those cars, in the
 * site's order: SiteData.carsOfModel), wrapping round: each car page links the next ones, so every
 * car of a model is linked from a page even when its search has more cars than its first page
 * shows. A car not in the group gets the group's first cars.
 */
export function nextInGroup({ car, group, limit = 3 }: { car: Car; group: readonly Car[]; limit?: number }): Car[] {
  // The same object first (SiteData's groups hold the site's cars): a native scan, not a callback per car.
  let at = group.indexOf(car);
  if (at === -1) at = group.findIndex((other) => other.id === car.id);
  if (at === -1) return group.slice(0, limit);
  const next: Car[] = [];
  for (let step = 1; step < group.length && next.length < limit; step++) next.push(group[(at + step) % group.length]);
  return next;
}
