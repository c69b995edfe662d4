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

/** The fields a search route scopes by a stock spelling. */
type SpelledField = 'make' | 'model' | 'simple_body';

/** The distinct spellings in stock of each field a route scopes, sorted (SiteData.spellings). */
export type ScopeSpellings = Record<SpelledField, readonly string[]>;

/** The distinct spellings of `cars` (once per build: a stock of thousands holds a few dozen). */
export function scopeSpellings(cars: readonly Car[]): ScopeSpellings {
  const of = (field: SpelledField) => [...new Set(cars.map((car) => car[field]).filter((v): v is string => typeof v === 'string'))].sort();
  return { make: of('make'), model: of('model'), simple_body: of('simple_body') };
}

/**
 * The exact stock values of a route value: the route says 'SUV' or 'toyota', documents hold the
 * feed's spelling, so the scope lists every spelling in stock that slugifies the same way (the
 * value itself when none does). Brand and model pages find their stock by it too.
 */
export function spelledAs({ spellings, value }: { spellings: readonly string[]; value: string }): string[] {
  const want = slugify(value);
  const found = spellings.filter((v) => slugify(v) === want);
  return found.length > 0 ? found : [value];
}

/**
 * The engine scope of a route, given the stock's spellings (scopeSpellings). An item-type route
 * (/search/rv, /search/subscription ...) scopes item_type (domain/itemTypes.ts; the engines add
 * subscription's price condition themselves); a search path whose last segment is no item type
 * lists the whole stock, as ui/pages/parts/scopeCars.ts does for the server-rendered page.
 */
export function engineScope({ scope, spellings }: { scope: SearchScope | undefined; spellings: ScopeSpellings }): EngineScope {
  const out: EngineScope = {};
  if (!scope) return out;
  if (scope.car_types && scope.car_types.length > 0) out.car_type = [...scope.car_types];
  if (scope.make) out.make = spelledAs({ spellings: spellings.make, value: scope.make });
  if (scope.model) out.model = spelledAs({ spellings: spellings.model, value: scope.model });
  if (scope.simple_body) out.simple_body = spelledAs({ spellings: spellings.simple_body, value: scope.simple_body });
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
