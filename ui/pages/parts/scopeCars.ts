/**
 * Which stock cars a server-rendered search page lists for its route scope (SPEC §2 search
 * routes: car types, make, make and model, body style, item type). The search page's first page
 * (ui/search/firstPage.ts) and the page meta count both use this one rule; the engine's scope
 * (ui/search/searchScope.ts) names the same cars.
 */
import type { Car } from '../../../domain/types.ts';
import type { SearchScope } from '../../route.ts';
import { slugify } from '../../../domain/slug.ts';
import { isItemType, matchesItemType } from '../../../domain/itemTypes.ts';
import { INSTANT_SEARCH_PAGE_SIZE } from '../../../domain/searchInputs.ts';

/** SPEC §9: page size of instant search. */
export const FIRST_PAGE_SIZE = INSTANT_SEARCH_PAGE_SIZE;

const same = (a: string | null | undefined, b: string) => a != null && slugify(a) === slugify(b);

/** True when `car` is inside `scope`. */
export function inScope({ car, scope }: { car: Car; scope: SearchScope }): boolean {
  if (scope.car_types && scope.car_types.length > 0 && !scope.car_types.includes(car.car_type)) return false;
  if (scope.make && !same(car.make, scope.make)) return false;
  if (scope.model && !same(car.model, scope.model)) return false;
  if (scope.simple_body && !same(car.simple_body, scope.simple_body)) return false;
  if (scope.item_type && isItemType(scope.item_type) && !matchesItemType({ car, itemType: scope.item_type })) return false;
  return true;
}

/** The cars of `scope`, in stock order, and how many there are in all. */
export function scopeCars({ cars, scope, limit = FIRST_PAGE_SIZE }: { cars: Car[]; scope: SearchScope | undefined; limit?: number }): {
  cars: Car[];
  total: number;
} {
  const matching = scope ? cars.filter((car) => inScope({ car, scope })) : cars;
  return { cars: matching.slice(0, limit), total: matching.length };
}
