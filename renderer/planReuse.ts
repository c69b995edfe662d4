/**
 * Incremental builds: which pages of this build can be taken from the live one instead of
 * rendered, the identity each reusable page is written under, and the manifest the next build
 * decides from (renderer/buildManifest.ts).
 *
 * How it decides. Every page reads the shared inputs (code and templates, the resolved site at the
 * build day, the site-wide data, every route but the per-car ones: renderer/pageInputs.ts
 * sharedInputs). A page of a kind that declares what it reads (renderer/routes.ts `reads`) also
 * has its own inputs hash. A page is reused when the shared hash equals the live manifest's, its
 * own hash equals the one the manifest recorded for its file, and the manifest knows the page's
 * first-load JS and file identity; it is then linked from the live version and counted by the
 * checker with that JS. Anything else is rendered. A --full build, or stand-in renderers (tests,
 * which have no code version), reuse nothing.
 */
import { resolve } from 'node:path';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import type { BuildManifest } from './buildManifest.ts';
import type { CarMemo } from './carMemo.ts';
import type { SiteChecker } from './check.ts';
import { inputsId, type EmitResult, type SiteWriter } from './emit.ts';
import { pageInputs, pageInputsCache, sharedInputs } from './pageInputs.ts';
import type { PageRenderers } from './render.ts';
import { pageFile } from './stage.ts';

/** What this build may reuse of the live one, and what it records for the next. */
export interface ReusePlan {
  /** Pages taken from the live version so far. */
  readonly reused: number;
  /** The identity a page file is written under when it is reusable (its inputs), else undefined (its contents decide). */
  idOf(file: string): string | undefined;
  /** Links `route`'s page from the live version and counts it with the checker when its inputs are unchanged; true when it did. */
  reuse(route: Route): boolean;
  /** Records the first-load JS of a page that was rendered (for a reusable page, the next build's manifest keeps it). */
  rendered(args: { file: string; js: number | null }): void;
  /** The manifest of the version `emitted` made live. */
  manifest(args: { slug: string; now: string; baseUrl?: string; emitted: EmitResult }): Omit<BuildManifest, 'format'>;
}

/**
 * Hashes every page's inputs and compares them with the `live` build's manifest (read under the
 * build lock when the writer opened); `writer` and `checker` receive the reused pages.
 */
export function planReuse({
  site,
  data,
  routes,
  renderers,
  ownAssets,
  outDir,
  live,
  full,
  memo,
  writer,
  checker,
}: {
  site: Site;
  data: SiteData;
  routes: readonly Route[];
  renderers: PageRenderers;
  /** The paths of the dealer's own files (a reused page links them unchecked). */
  ownAssets: readonly string[];
  /** The output folder the live version is in. */
  outDir: string;
  live: BuildManifest | null;
  full: boolean | undefined;
  memo: CarMemo;
  writer: Pick<SiteWriter, 'link'>;
  checker: Pick<SiteChecker, 'reuse'>;
}): ReusePlan {
  // Stand-in renderers (tests) carry no code version: nothing is reused under them.
  const shared = renderers.version ? sharedInputs({ site, data, routes, code: renderers.version, ownAssets, memo }) : '';
  const keys = new Map<string, string>();
  const cache = pageInputsCache({ data, memo });
  for (const route of routes) {
    const key = pageInputs({ site, route, data, reads: renderers.reads, cache });
    if (key) keys.set(pageFile(route), key);
  }
  const previous = !full && shared && live?.shared === shared ? live : null;
  const liveDir = previous ? resolve(outDir, previous.version) : '';
  // First-load JS of each reusable page, rendered or reused, for the next build's manifest.
  const firstLoadJs: Record<string, number | null> = {};
  let reused = 0;
  return {
    get reused() {
      return reused;
    },
    idOf(file) {
      const inputs = keys.get(file);
      return shared && inputs !== undefined ? inputsId({ shared, inputs }) : undefined;
    },
    reuse(route) {
      const file = pageFile(route);
      const key = keys.get(file);
      const js = previous?.firstLoadJs[file];
      const was = previous?.files[file];
      if (!previous || key === undefined || previous.pages[file] !== key || js === undefined || !was) return false;
      // liveDir is absolute and a page file a relative path the planner accepted: no join needed.
      writer.link({ path: file, from: `${liveDir}/${file}`, id: was });
      checker.reuse({ file, path: route.path, kind: route.kind, js });
      firstLoadJs[file] = js;
      reused += 1;
      return true;
    },
    rendered({ file, js }) {
      if (keys.has(file)) firstLoadJs[file] = js;
    },
    manifest: ({ slug, now, baseUrl, emitted }) => ({
      slug,
      version: emitted.version,
      now,
      baseUrl,
      shared,
      pages: Object.fromEntries(keys),
      firstLoadJs,
      files: emitted.ids,
      // The version live until now stays beside the new one, for the next build to write over.
      standby: live ? { version: live.version, files: live.files } : null,
    }),
  };
}
