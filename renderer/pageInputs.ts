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
 * `pageInputs` covers what one page reads beyond that, as its kind declares it in the route
 * registry (renderer/routes.ts `reads`, found by the same functions the page renders from): the
 * cars it shows, the numbers and text it derives from the stock, and site-wide values it lists.
 * What a page shows of a car (card, facts, search document, scope keys) is made from the car and
 * shared inputs, but for its tag banner, which the exact time decides: a car counts as itself and
 * its tag. A kind that declares no `reads` is rendered in every build. This file only hashes.
 */
import { createHash, hash as cryptoHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { PageProps, SiteData } from '../ui/pageProps.ts';
import { REPO_ROOT } from './emit.ts';
import { serialise, type CarMemo } from './carMemo.ts';

/** Route kinds rendered once per car: the shared hash leaves their routes out (their own inputs hold their cars). */
const PER_CAR_KINDS: ReadonlySet<Route['kind']> = new Set(['car', 'reserve']);

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
 * One thing a page reads (its kind's `reads` in renderer/routes.ts): a car (standing for its card,
 * facts, search document and tag banner), a number or text it derives from the stock, or a value
 * of the whole site's data (SiteData.makes, SiteData.spellings) that many pages read, hashed once
 * per build by the object's identity.
 */
export type PageRead = Car | number | string | { readonly siteWide: object };

/**
 * What one build's page hashes share: each car's hash (the car and its tag banner), the site-wide
 * values pages read, and the session's per-car memo. Made once per build by `pageInputsCache` and
 * passed to every `pageInputs` call.
 */
export interface PageInputsCache {
  data: SiteData;
  memo: CarMemo;
  cars: Map<Car, string>;
  siteWide: Map<object, string>;
}

/** The cache of one build's page hashes (see PageInputsCache). */
export function pageInputsCache({ data, memo }: { data: SiteData; memo: CarMemo }): PageInputsCache {
  return { data, memo, cars: new Map(), siteWide: new Map() };
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
    // The car's content hash is made once per car object (renderer/carMemo.ts), which the disk memo keys on too.
    h = hash([cache.memo.carHash(car), tag]);
    cache.cars.set(car, h);
  }
  return h;
}

/** One read as hash input: its type and value, a car as its own hash, a site-wide value as its JSON (made once per build). */
function readInput({ read, data, cache }: { read: PageRead; data: SiteData; cache: PageInputsCache }): string {
  if (typeof read === 'number') return `number:${read}`;
  if (typeof read === 'string') return `text:${read}`;
  if ('siteWide' in read) {
    let json = cache.siteWide.get(read.siteWide);
    if (json === undefined) {
      json = `site:${serialise(read.siteWide)}`;
      cache.siteWide.set(read.siteWide, json);
    }
    return json;
  }
  return carInputs({ car: read, data, cache });
}

/**
 * The hash of one page's own inputs under the shared ones, from what its kind declares it reads
 * (renderer/routes.ts `reads`), or null for a page rendered in every build (a kind without `reads`).
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
  /** renderer/routes.ts routeReads: what a page reads of the stock (null: rendered in every build). */
  reads?: (props: PageProps) => readonly PageRead[] | null;
}): string | null {
  const read = reads?.({ site, route, data });
  if (!read) return null;
  const inputs = read.map((one) => readInput({ read: one, data, cache }));
  if (!('car' in route)) return hash([serialise(route), ...inputs]);
  // A per-car page: its car is among what it reads, so the route is hashed without it. Kept
  // between builds on the car (renderer/carMemo.ts) under what it is made from: a rebuild where
  // the page's cars hash as before and its route is the same hashes nothing again.
  const made = [plain({ ...route, car: null }), ...inputs];
  return cache.memo.perCar({ car: route.car as Car, name: `page:${route.kind}`, context: made.join('|'), make: () => hash(made) });
}
