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
 * Every other kind of page is always rendered.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import { carPageCars } from '../ui/pages/parts/carPageCars.ts';
import { scopeMatcher } from '../ui/pages/parts/scopeCars.ts';
import { REPO_ROOT } from './emit.ts';
import { buildDay, perCar, serialise } from './carMemo.ts';

/** Route kinds rendered once per car from that car's inputs (see pageInputs). */
const PER_CAR_KINDS = new Set<Route['kind']>(['car', 'reserve']);

/** Route kinds whose pages are reused when their own inputs are unchanged. */
const REUSABLE_KINDS = new Set<Route['kind']>([...PER_CAR_KINDS, 'search']);

/** The source folders a page's HTML can depend on. */
const CODE_DIRS = ['ui', 'domain', 'renderer', 'search', 'schema', 'runtime', 'templates'];

/**
 * Plain JSON, for the per-car values (the feed's cars and the cards, facts and search documents
 * built from them hold no Map or Set): several times faster than `serialise` with its replacer.
 */
const plain = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** sha256 of `parts`, each length-prefixed so no two lists hash alike (one update: many small ones cost more). */
function hash(parts: string[]): string {
  return createHash('sha256')
    .update(parts.map((part) => `${part.length}:${part}`).join(''))
    .digest('base64url');
}

let codeHash: string | undefined;

/** A hash of every source file a build runs (tests excluded) and the dependency lock: once per process. */
export function codeVersion({ root = REPO_ROOT }: { root?: string } = {}): string {
  if (codeHash && root === REPO_ROOT) return codeHash;
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
  const version = h.digest('base64url');
  if (root === REPO_ROOT) codeHash = version;
  return version;
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
}: {
  site: Site;
  data: SiteData;
  routes: readonly Route[];
  code: string;
  /** The paths of the dealer's own files (assets/dealer/...): a page reused from the live build links them unchecked. */
  ownAssets: readonly string[];
}): string {
  return hash([
    code,
    serialise(ownAssets),
    serialise({ ...site, now: buildDay(site) }),
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

/** Per build: each car's hash (the car and its tag banner), the stock's spellings and the makes as search pages list them. */
const perBuild = new WeakMap<SiteData, { cars: Map<Car, string>; spellings: string; makes: string }>();

function buildCache(data: SiteData) {
  let cache = perBuild.get(data);
  if (!cache) {
    // ui/search/searchScope.ts engineScope reads, of the cars, only their spellings (SiteData.spellings).
    cache = { cars: new Map(), spellings: plain(data.spellings), makes: serialise(data.makes) };
    perBuild.set(data, cache);
  }
  return cache;
}

/**
 * The hash of one page's own inputs under the shared ones, or null for a page that is always
 * rendered. A car page's other cars are the ones ui/pages/parts/carPageCars.ts gives the page.
 */
export function pageInputs({ route, data }: { route: Route; data: SiteData }): string | null {
  if (!REUSABLE_KINDS.has(route.kind)) return null;
  const cache = buildCache(data);
  // A car's card, facts, search document and scope keys are made from the car and the site (a
  // shared input) at the build day, but for its tag banner, which the exact time decides
  // (domain/carTag.ts): the car and its tag stand for all of them.
  const carHash = (one: Car): string => {
    let h = cache.cars.get(one);
    if (h === undefined) {
      const tag = plain(data.facts.get(one.id)?.tag ?? null);
      // The same car object as in the last build is the same feed row (renderer/carMemo.ts).
      h = perCar({ car: one, name: 'inputs', context: tag, make: () => hash([plain(one), tag]) });
      cache.cars.set(one, h);
    }
    return h;
  };
  if (route.kind === 'search') {
    // ui/search/searchAppProps.ts and firstPage.ts: the entries in scope (in the engine's order), what
    // the engine scope is made from (the stock's spellings), the makes with their models.
    const inScope = route.search ? scopeMatcher(route.search) : () => true;
    const entries = data.searchRanked.filter((entry) => inScope(entry.keys));
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
  if (!('car' in route)) return null;
  const car = route.car as Car;
  const { more, similar } = carPageCars({ car, data });
  return hash([plain({ ...route, car: null }), carHash(car), ...more.map(carHash), ...similar.map(carHash)]);
}
