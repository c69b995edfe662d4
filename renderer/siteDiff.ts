/**
 * `forecourt diff <slug>`: what generating the dealer now would change on its live site. The site
 * is built into a temporary folder (never `<out>/<slug>/`) with the live build's build time and
 * base URL (from its manifest) unless told otherwise, so only record and feed changes show, then
 * compared file by file with `<out>/<slug>/`: pages added, removed and changed (with what a
 * shopper sees change, renderer/pageText.ts) and the other files (search index, feeds, data).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAll, type GenerateOptions, type SiteResult } from './generate.ts';
import type { BundleResult } from './bundle.ts';
import { readManifest } from './buildManifest.ts';
import { summarisePageChange } from './pageText.ts';

/** What a build would change. Pages by URL path; other files by path in the site folder. */
export interface SiteDiff {
  slug: string;
  /** False when there is no live site yet (everything is added). */
  live: boolean;
  /** The build time and base URL the comparison build used. */
  now: string;
  baseUrl?: string;
  pages: { added: string[]; removed: string[]; changed: { path: string; summary: string[] }[] };
  files: { added: string[]; removed: string[]; changed: string[] };
}

/** True when the diff holds any change. */
export function hasChanges(diff: SiteDiff): boolean {
  const { pages, files } = diff;
  return [pages.added, pages.removed, pages.changed, files.added, files.removed, files.changed].some((list) => list.length > 0);
}

/** The URL path of an HTML file of a site: 'index.html' -> '/', 'cars/x/index.html' -> '/cars/x'. */
export function pagePath(file: string): string {
  if (file === 'index.html') return '/';
  return `/${file.replace(/\/index\.html$/, '')}`;
}

/** Every file under `dir` (relative, sorted); none when it does not exist. */
async function listFiles(dir: string | null): Promise<string[]> {
  if (!dir) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** Compares a built site folder with the live one, file by file. */
export async function compareSites({ live, next }: { live: string | null; next: string }): Promise<Pick<SiteDiff, 'pages' | 'files'>> {
  const [before, after] = await Promise.all([listFiles(live), listFiles(next)]);
  const had = new Set(before);
  const has = new Set(after);
  const isPage = (file: string) => file.endsWith('.html');
  const diff: Pick<SiteDiff, 'pages' | 'files'> = { pages: { added: [], removed: [], changed: [] }, files: { added: [], removed: [], changed: [] } };
  for (const file of after)
    if (!had.has(file)) {
      if (isPage(file)) diff.pages.added.push(pagePath(file));
      else diff.files.added.push(file);
    }
  for (const file of before)
    if (!has.has(file)) {
      if (isPage(file)) diff.pages.removed.push(pagePath(file));
      else diff.files.removed.push(file);
    }
  for (const file of after) {
    if (!had.has(file)) continue;
    const [old, now] = await Promise.all([readFile(join(live!, file)), readFile(join(next, file))]);
    if (old.equals(now)) continue;
    if (isPage(file))
      diff.pages.changed.push({ path: pagePath(file), summary: summarisePageChange({ before: old.toString('utf8'), after: now.toString('utf8') }) });
    else diff.files.changed.push(file);
  }
  // Pages in URL order ('/' first), as a reader scans a site; files stay in path order.
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  diff.pages.added.sort(byPath);
  diff.pages.removed.sort(byPath);
  diff.pages.changed.sort((a, b) => byPath(a.path, b.path));
  return diff;
}

/**
 * Builds `slug` into a temporary folder and compares it with `<outDir>/<slug>/`. Returns the
 * build's result and, when it built, the diff. The temporary folder is always removed.
 */
export async function diffSite({
  slug,
  dealersDir,
  outDir,
  now,
  baseUrl,
  limits,
  bundle,
  renderers,
}: Pick<GenerateOptions, 'dealersDir' | 'outDir' | 'baseUrl' | 'limits' | 'renderers'> & {
  slug: string;
  /** Build time; default: the live build's (from its manifest), else the current time. */
  now?: Date;
  bundle?: BundleResult;
}): Promise<{ site: SiteResult; diff: SiteDiff | null }> {
  const manifest = existsSync(outDir) ? await readManifest({ outDir, slug }) : null;
  const buildNow = now ?? (manifest ? new Date(manifest.now) : new Date());
  const buildBaseUrl = baseUrl ?? manifest?.baseUrl;
  const temp = await mkdtemp(join(tmpdir(), `forecourt-diff-${slug}-`));
  try {
    const run = await generateAll({ slugs: [slug], dealersDir, outDir: temp, now: buildNow, baseUrl: buildBaseUrl, limits, bundle, renderers, full: true });
    const site = run.sites[0];
    if (!site.ok) return { site, diff: null };
    const liveDir = join(outDir, slug);
    const live = existsSync(liveDir) ? await realpath(liveDir) : null;
    const compared = await compareSites({ live, next: await realpath(join(temp, slug)) });
    return { site, diff: { slug, live: live !== null, now: buildNow.toISOString(), baseUrl: buildBaseUrl, ...compared } };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
