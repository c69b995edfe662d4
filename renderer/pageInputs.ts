/**
 * What a page is made from, as hashes, for incremental builds (renderer/buildManifest.ts): a page
 * whose hashes equal those of the live build is reused from it instead of rendered again.
 *
 * Two levels. `sharedInputs` covers what any page may read: the code (ui, domain, renderer,
 * search, schema, runtime, templates and the locked dependencies), the bundle's URLs, the whole
 * resolved Site (record, template and region defaults), the build day, the paths of the dealer's
 * own files, the site-wide data (the makes in stock, the site JSON-LD) and every planned route but
 * the per-car ones. Any change there re-renders every page.
 *
 * The build time itself is not a shared input, or a build without --now (the current time) would
 * reuse nothing. What a page shows of it is: the build day (UTC), which the day rules read (the
 * footer's year, upcoming special hours, offer end dates, finance offer wording), and each car's
 * tag banner, which is in the car's own facts (carFacts). The search page's island decides tags in
 * the browser, at the tag clock (SiteData.tagClock) rather than the build time, which changes only
 * when a car's new-tag window closes: its own inputs include that clock.
 *
 * `pageInputs` covers what one per-car page (a car's page, its reserve page) reads beyond that:
 * its car and the other cars it shows (the next cars of its model; a sold car's similar cars),
 * found by the same domain rules the page calls. What a page shows of a car (card, facts, search
 * document, scope keys) is made from the car and shared inputs, but for its tag banner, which the
 * exact time decides: a car counts as itself and its tag. A search page's own inputs are the cars
 * in its scope (in the engine's order), the tag clock, the makes with their counts and models (SiteData.makes, which
 * ui/pages/SearchPage.tsx lists) and the stock's spellings the engine scope is made from.
 * A page of another kind is reused while what it reads of the stock (its kind's `reads` in
 * renderer/routes.ts: the cars it shows and numbers it counts) and the stock's size (the meta
 * templates' count) are unchanged; a kind that declares no `reads` is rendered in every build.
 */
import { createHash, hash as cryptoHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route, RouteOf } from '../ui/route.ts';
import { slugify } from '../domain/slug.ts';
import type { PageProps, SearchEntry, SiteData } from '../ui/pageProps.ts';
import { carPageCars } from '../ui/pages/parts/carPageCars.ts';
import { scopeMatcher } from '../ui/pages/parts/scopeCars.ts';
import { REPO_ROOT } from './emit.ts';
import { serialise, type CarMemo } from './carMemo.ts';

/** Route kinds rendered once per car from that car's inputs (see pageInputs). */
const PER_CAR_KINDS: ReadonlySet<Route['kind']> = new Set(['car', 'reserve']);

/** Route kinds whose inputs are found here (the other kinds declare what they read in renderer/routes.ts). */
const OWN_INPUT_KINDS: ReadonlySet<Route['kind']> = new Set([...PER_CAR_KINDS, 'search']);

/** The source folders a page's HTML can depend on. */
const CODE_DIRS = ['ui', 'domain', 'renderer', 'search', 'schema', 'runtime', 'templates'];

/**
 * Plain JSON, for the per-car values (the feed's cars and the cards, facts and search documents
 * built from them hold no Map or Set): several times faster than `serialise` with its replacer.
 */
const plain = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** sha256 of `parts`, each length-prefixed so no two lists hash alike (one update: many small ones cost more). */
function hash(parts: string[]): string {
  // crypto.hash: one call, no Hash object (thousands of pages hash a few hundred bytes each).
  return cryptoHash('sha256', parts.map((part) => `${part.length}:${part}`).join(''), 'base64url');
}

/** A hash of every source file a build runs (tests excluded) and the dependency lock (a BuildSession keeps it for its builds). */
export function codeVersion({ root = REPO_ROOT }: { root?: string } = {}): string {
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/\.test\.tsx?$/.test(entry.name)) h.update(`${path.slice(root.length)}\0`).update(readFileSync(path));
    }
  };
  for (const dir of CODE_DIRS) walk(join(root, dir));
  h.update(readFileSync(join(root, 'package-lock.json')));
  return h.digest('base64url');
}

/**
 * The hash of what every page of the site reads; pages are reusable only while it is unchanged.
 * `code` is the renderers' version (loadPageRenderers sets it to codeVersion()); generate reuses
 * nothing under stand-in renderers, which have none.
 */
export function sharedInputs({
  site,
  data,
  routes,
  code,
  ownAssets,
  memo,
}: {
  site: Site;
  data: SiteData;
  routes: readonly Route[];
  code: string;
  /** The session's per-car memo, whose site context hashes the site once per build. */
  memo: CarMemo;
  /** The paths of the dealer's own files (assets/dealer/...): a page reused from the live build links them unchecked. */
  ownAssets: readonly string[];
}): string {
  return hash([
    code,
    serialise(ownAssets),
    // The whole resolved site at the build day, as the per-car values' context hashes it (once per build).
    memo.siteContext(site),
    serialise(data.assets),
    // The makes in stock by name (car pages link a make's search when it has one); their counts
    // are on search pages only, which hash them as their own inputs.
    serialise(data.makes.map(({ make, slug }) => [make, slug])),
    serialise(data.structuredData),
    // Every route but the per-car ones, whole: the shell lists pages of several kinds
    // (ui/shell/footer/morePages.ts). A per-car page reads no other car's route, and the cars a
    // page does show (with their paths) are in its own hash, so adding or selling a car
    // re-renders only the pages that show it.
    serialise(routes.filter((route) => !PER_CAR_KINDS.has(route.kind))),
  ]);
}

/**
 * What one build's page hashes share: each car's hash (the car and its tag banner), the stock's
 * spellings and the makes as search pages list them, the search entries by make, and the session's
 * per-car memo. Made once per build by `pageInputsCache` and passed to every `pageInputs` call.
 */
export interface PageInputsCache {
  data: SiteData;
  memo: CarMemo;
  cars: Map<Car, string>;
  spellings: string;
  makes: string;
  /** SiteData.searchRanked by scope key `make`, each in the engine's order. */
  byMake: Map<string | null, SearchEntry[]>;
}

/** The cache of one build's page hashes (see PageInputsCache). */
export function pageInputsCache({ data, memo }: { data: SiteData; memo: CarMemo }): PageInputsCache {
  const byMake = new Map<string | null, SearchEntry[]>();
  for (const entry of data.searchRanked) {
    const group = byMake.get(entry.keys.make);
    if (group) group.push(entry);
    else byMake.set(entry.keys.make, [entry]);
  }
  // ui/search/searchScope.ts engineScope reads, of the cars, only their spellings (SiteData.spellings).
  return { data, memo, cars: new Map(), spellings: plain(data.spellings), makes: serialise(data.makes), byMake };
}

/** The search entries in a search route's scope, in the engine's order: a make's scope looks only at that make's entries. */
function entriesInScope({ route, data, cache }: { route: RouteOf<'search'>; data: SiteData; cache: PageInputsCache }): SearchEntry[] {
  if (!route.search) return data.searchRanked;
  const inScope = scopeMatcher(route.search);
  // The matcher compares scope keys with the slug of the scope's make: the entries of another make never match.
  const candidates = route.search.make ? (cache.byMake.get(slugify(route.search.make)) ?? []) : data.searchRanked;
  return candidates.filter((entry) => inScope(entry.keys));
}

/**
 * A car's hash as a page that shows it reads it. A car's card, facts, search document and scope
 * keys are made from the car and the site (a shared input) at the build day, but for its tag
 * banner, which the exact time decides (domain/carTag.ts): the car and its tag stand for all of them.
 */
function carInputs({ car, data, cache }: { car: Car; data: SiteData; cache: PageInputsCache }): string {
  let h = cache.cars.get(car);
  if (h === undefined) {
    const tag = plain(data.facts.get(car.id)?.tag ?? null);
    // The same car object as in the last build is the same feed row (renderer/carMemo.ts).
    h = cache.memo.perCar({ car, name: 'inputs', context: tag, make: () => hash([plain(car), tag]) });
    cache.cars.set(car, h);
  }
  return h;
}

/**
 * The hash of one page's own inputs under the shared ones, or null for a page that is always
 * rendered. A car page's other cars are the ones ui/pages/parts/carPageCars.ts gives the page.
 */
export function pageInputs({
  site,
  route,
  data,
  reads,
  cache,
}: {
  site: Site;
  route: Route;
  data: SiteData;
  /** This build's pageInputsCache (made from the same `data`). */
  cache: PageInputsCache;
  /** renderer/routes.ts routeReads: what a page of another kind reads of the stock (null: rendered in every build). */
  reads?: (props: PageProps) => readonly (Car | number | string)[] | null;
}): string | null {
  const own = OWN_INPUT_KINDS.has(route.kind);
  const read = own ? null : reads?.({ site, route, data });
  if (!own && !read) return null;
  const carHash = (one: Car): string => carInputs({ car: one, data, cache });
  if (route.kind === 'search') {
    // ui/search/searchAppProps.ts and firstPage.ts: the entries in scope (in the engine's order), what
    // the engine scope is made from (the stock's spellings), the makes with their models.
    const entries = entriesInScope({ route, data, cache });
    return hash([
      serialise(route),
      // The time the island's cards decide the new tag at (ui/search/searchAppProps.ts).
      data.tagClock,
      // The make list with counts beside the results, and each make's models (ui/pages/SearchPage.tsx).
      cache.makes,
      cache.spellings,
      ...entries.map((entry) => carHash(entry.car)),
    ]);
  }
  if (read) {
    // A page of another kind: what it reads of the stock, and the stock's size (the meta templates' count).
    return hash([
      serialise(route),
      `count:${data.cars.length}`,
      ...read.map((one) => (typeof one === 'number' ? `number:${one}` : typeof one === 'string' ? `text:${one}` : carHash(one))),
    ]);
  }
  if (!('car' in route)) return null;
  const car = route.car as Car;
  const { more, similar } = carPageCars({ car, data });
  const cars = [car, ...more, ...similar].map(carHash);
  // Kept between builds on the car (renderer/carMemo.ts) under what it is made from: a rebuild
  // where the page's cars hash as before and its route is the same hashes nothing again.
  const path = plain({ ...route, car: null });
  const made = [path, `more:${more.length}`, ...cars];
  return cache.memo.perCar({ car, name: `page:${route.kind}`, context: made.join('|'), make: () => hash(made) });
}
