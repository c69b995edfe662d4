/**
 * Which stock cars a server-rendered search page lists for its route scope (SPEC §2 search
 * routes: car types, make, make and model, body style, item type). The search page's first page
 * (ui/search/firstPage.ts) and the page meta count both use this one rule; the engine's scope
 * (ui/search/searchScope.ts) names the same cars.
 */
import type { Car } from '../../../domain/types.ts';
import type { SearchScope } from '../../route.ts';
import type { SearchEntry, SiteData } from '../../pageProps.ts';
import { slugify } from '../../../domain/slug.ts';
import { isItemType, itemTypeOf, matchesItemType, type ItemType } from '../../../domain/itemTypes.ts';

/** The slugs a car is matched to a search scope by (computed once per car by the siteData stage). */
export interface ScopeKeys {
  car_type: Car['car_type'];
  make: string | null;
  model: string | null;
  simple_body: string | null;
  item_type: ItemType;
  subscription_price: number | null;
}

const slugOrNull = (value: string | null | undefined) => (value == null ? null : slugify(value));

/** The scope keys of a car. */
export function scopeKeys(car: Car): ScopeKeys {
  return {
    car_type: car.car_type,
    make: slugOrNull(car.make),
    model: slugOrNull(car.model),
    simple_body: slugOrNull(car.simple_body),
    item_type: itemTypeOf(car),
    subscription_price: car.subscription_price ?? null,
  };
}

/** A test of scope keys against `scope` (its values slugified once, not once per car). */
export function scopeMatcher(scope: SearchScope): (keys: ScopeKeys) => boolean {
  const make = scope.make ? slugify(scope.make) : null;
  const model = scope.model ? slugify(scope.model) : null;
  const body = scope.simple_body ? slugify(scope.simple_body) : null;
  const itemType = scope.item_type && isItemType(scope.item_type) ? scope.item_type : null;
  const types = scope.car_types && scope.car_types.length > 0 ? scope.car_types : null;
  return (keys) =>
    (!types || types.includes(keys.car_type)) &&
    (make === null || keys.make === make) &&
    (model === null || keys.model === model) &&
    (body === null || keys.simple_body === body) &&
    (itemType === null || matchesItemType({ car: keys, itemType }));
}

/**
 * The entries of each scope already found, per `searchRanked` list: the siteData stage makes that
 * list once per build and nothing changes it after, and the entries in a scope are a function of
 * the list (and its groups by make) and the scope alone.
 */
const inScopeOf = new WeakMap<readonly SearchEntry[], Map<string, SearchEntry[]>>();

/**
 * The search entries in `scope`, in the engine's order (every entry without a scope): a make's
 * scope looks only at that make's entries, since the matcher compares the scope keys with the
 * slug of the scope's make. What a search page lists (its inputs, renderer/routes.ts), counts
 * (renderer/meta.ts) and shows first (ui/search/searchAppProps.ts): found once per scope and
 * build. The list returned is shared: callers do not change it.
 */
export function entriesInScope({
  scope,
  data,
}: {
  scope: SearchScope | undefined;
  data: Pick<SiteData, 'searchRanked' | 'searchRankedByMake'>;
}): readonly SearchEntry[] {
  if (!scope) return data.searchRanked;
  let found = inScopeOf.get(data.searchRanked);
  if (!found) inScopeOf.set(data.searchRanked, (found = new Map()));
  // What scopeMatcher reads of a scope (not its heading): a field it comes to read belongs in this key too.
  const key = JSON.stringify([scope.car_types ?? null, scope.make ?? null, scope.model ?? null, scope.simple_body ?? null, scope.item_type ?? null]);
  let entries = found.get(key);
  if (!entries) {
    const inScope = scopeMatcher(scope);
    const candidates = scope.make ? (data.searchRankedByMake.get(slugify(scope.make)) ?? []) : data.searchRanked;
    found.set(key, (entries = candidates.filter((entry) => inScope(entry.keys))));
  }
  return entries;
}
