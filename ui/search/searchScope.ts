/**
 * A search route's scope (ui/route.ts SearchScope, decided by the plan) as the engine's hard
 * filter (search/contract.ts SearchQuery.scope): applied to hits and every facet count, never
 * shown as a selection and never written into the URL.
 */
import type { Car } from '../../domain/types.ts';
import type { SearchScope } from '../route.ts';
import { slugify } from '../../domain/slug.ts';
import { isItemType, itemTypeFilter } from '../../domain/itemTypes.ts';

/** Engine scope: field -> values (OR within a field, AND across fields). */
export type EngineScope = Record<string, string[]>;

/**
 * The exact stock values of a route value: the route says 'SUV' or 'toyota', documents hold the
 * feed's spelling, so the scope lists every spelling in stock that slugifies the same way.
 */
function spellings({ cars, field, value }: { cars: Car[]; field: 'make' | 'model' | 'simple_body'; value: string }): string[] {
  const want = slugify(value);
  const found = new Set<string>();
  for (const car of cars) {
    const v = car[field];
    if (typeof v === 'string' && slugify(v) === want) found.add(v);
  }
  return found.size > 0 ? [...found].sort() : [value];
}

/**
 * The engine scope of a route. An item-type route (/search/rv, /search/subscription ...) scopes
 * item_type (domain/itemTypes.ts; the engines add subscription's price condition themselves);
 * a search path whose last segment is no item type lists the whole stock, as
 * ui/pages/parts/scopeCars.ts does for the server-rendered page.
 */
export function engineScope({ scope, cars }: { scope: SearchScope | undefined; cars: Car[] }): EngineScope {
  const out: EngineScope = {};
  if (!scope) return out;
  if (scope.car_types && scope.car_types.length > 0) out.car_type = [...scope.car_types];
  if (scope.make) out.make = spellings({ cars, field: 'make', value: scope.make });
  if (scope.model) out.model = spellings({ cars, field: 'model', value: scope.model });
  if (scope.simple_body) out.simple_body = spellings({ cars, field: 'simple_body', value: scope.simple_body });
  if (scope.item_type && isItemType(scope.item_type)) Object.assign(out, itemTypeFilter(scope.item_type).scope);
  return out;
}

const CAR_TYPES = new Set(['new', 'used', 'demo']);

/**
 * The car types a stock search path names, read from the path itself ('/search/new-and-demo-cars'
 * -> ['new', 'demo']); null for any other search path (a make, a body style, an item type).
 */
export function carTypesForPath(path: string): ('new' | 'used' | 'demo')[] | null {
  const m = /^\/search\/([a-z-]+)-cars\/?$/.exec(path.split(/[?#]/)[0]);
  if (!m) return null;
  const words = m[1].split(/-and-|-/);
  if (words.length === 0 || !words.every((w) => CAR_TYPES.has(w))) return null;
  return words as ('new' | 'used' | 'demo')[];
}
