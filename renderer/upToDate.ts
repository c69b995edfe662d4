/**
 * The up-to-date check before a build (as make, Bazel or Gradle do it): a fingerprint of
 * everything the build of one dealer reads, recorded beside the build manifest by the build that
 * made the live site, with the moment until which that build stays true (domain/buildFreshness.ts)
 * and what it reported. A build whose fingerprint equals the record's, at a time inside the
 * record's window, over a live site that is still the record's version, does nothing and reports
 * the recorded result again (docs/pipeline.md lists the inputs).
 *
 * The record is its own small file, `<out>/.<slug>.uptodate.json`: the manifest is megabytes
 * (a 5,000-car dealer's parses in a tenth of a second), the record a few kilobytes. It names the
 * version it describes, as the manifest does, and counts only while `<out>/<slug>` links to that
 * version and the folder exists: a build that died before writing it, a failed build (which never
 * swaps) or a site replaced by hand is never taken as up to date.
 */
import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, readlink, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomically } from './atomicFile.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { FeedSkip } from './inventoryFeeds.ts';
import type { InputLimits } from './inputLimits.ts';
import type { KindJs } from './check.ts';
import type { RouteKind } from '../ui/route.ts';

/** Bumped whenever the record's meaning changes; another format is ignored. */
const FORMAT = 1;

/** The environment variables a build reads (docs/pipeline.md): every FORECOURT_ one, and NODE_ENV. */
function buildsEnv(name: string): boolean {
  return name.startsWith('FORECOURT_') || name === 'NODE_ENV';
}

/** What a build reads besides the dealer's folder: what `buildFingerprint` hashes. */
export interface FingerprintInputs {
  slug: string;
  dealersDir: string;
  outDir: string;
  /** The code and templates the pages are made with (renderer/buildSession.ts version). */
  version: string;
  /** The runtime bundle's identity: its URLs, island names and file paths. */
  bundle: { urls: object; islandNames: readonly string[]; assets: readonly { path: string }[] };
  /** data/manufacturers.json (SPEC §3), read by load. */
  manufacturersFile: string;
  baseUrl?: string;
  strict?: boolean;
  limits?: InputLimits;
  /** Whether the search index is built (generate's buildIndex: null skips it). */
  searchIndex: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/** Every file under `dir` (hidden ones too), by path relative to it and bytes, into `h`; a folder that is not there hashes as such. */
function hashFolder({ h, dir }: { h: Hash; dir: string }): void {
  const walk = (at: string, prefix: string): void => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      h.update(`missing:${prefix}\0`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(at, entry.name);
      const name = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        h.update(`dir:${name}\0`);
        walk(path, name);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        // A dangling link or a file that went away: the build reads it the same way, as missing.
        h.update(`unreadable:${name}\0`);
        continue;
      }
      h.update(`file:${name}\0${bytes.byteLength}\0`).update(bytes);
    }
  };
  walk(dir, '');
}

/**
 * A hash of everything the build of `slug` reads: the code and templates, the runtime bundle, every
 * file of the dealer's folder (record, feed, assets, import history and anything else), the
 * manufacturers file, the options that change output, the folders involved and the environment
 * variables builds read. The build time is not in it: the record's window covers it.
 */
export function buildFingerprint(inputs: FingerprintInputs): string {
  const { slug, dealersDir, outDir, version, bundle, manufacturersFile, baseUrl, strict, limits, searchIndex, env } = inputs;
  const h = createHash('sha256');
  const env_ = Object.keys(env)
    .filter(buildsEnv)
    .sort()
    .map((name) => [name, env[name]]);
  h.update(
    JSON.stringify({
      format: FORMAT,
      slug,
      dealersDir: resolve(dealersDir),
      outDir: resolve(outDir),
      version,
      bundle: { urls: bundle.urls, islandNames: bundle.islandNames, assets: bundle.assets.map((a) => a.path) },
      baseUrl: baseUrl ?? null,
      strict: strict === true,
      limits: limits ?? null,
      searchIndex,
      env: env_,
    }),
  );
  h.update('\0manufacturers\0');
  try {
    h.update(readFileSync(manufacturersFile));
  } catch {
    h.update('missing');
  }
  h.update('\0dealer\0');
  hashFolder({ h, dir: join(dealersDir, slug) });
  return h.digest('base64url');
}

/** What an up-to-date build reports again: the recorded build's result. */
export interface KeptResult {
  pages: number;
  bytes: number;
  files: number;
  dir: string;
  diagnostics: Diagnostic[];
  feedSkips: FeedSkip[];
  jsByKind: Partial<Record<RouteKind, KindJs>>;
  /** ISO, or null. */
  nextSoldWindowEnd: string | null;
}

/** The record a build leaves beside its manifest. */
export interface UpToDateRecord {
  format: number;
  slug: string;
  /** The versioned folder (renderer/swap.ts) the build made live. */
  version: string;
  fingerprint: string;
  /** The build time (ISO): an earlier build time is a real build. */
  builtAt: string;
  /** The first build time (ISO) at which the output may differ (domain/buildFreshness.ts). */
  freshUntil: string;
  result: KeptResult;
}

/** `<out>/.<slug>.uptodate.json`. */
export function upToDateFile({ outDir, slug }: { outDir: string; slug: string }): string {
  return join(outDir, `.${slug}.uptodate.json`);
}

/**
 * The record of the live build of `slug` when a build at `now` with `fingerprint` would make the
 * same site: same fingerprint, `now` inside [builtAt, freshUntil), and `<out>/<slug>` still linking
 * to the record's version, whose folder exists. Null otherwise (or when there is no readable record).
 */
export async function upToDateBuild({
  outDir,
  slug,
  fingerprint,
  now,
}: {
  outDir: string;
  slug: string;
  fingerprint: string;
  now: Date;
}): Promise<UpToDateRecord | null> {
  let record: UpToDateRecord;
  try {
    record = JSON.parse(await readFile(upToDateFile({ outDir, slug }), 'utf8')) as UpToDateRecord;
  } catch {
    // None, or cut short: build.
    return null;
  }
  const at = now.getTime();
  if (
    record?.format !== FORMAT ||
    record.slug !== slug ||
    record.fingerprint !== fingerprint ||
    !(Date.parse(record.builtAt) <= at && at < Date.parse(record.freshUntil)) ||
    typeof record.result !== 'object' ||
    record.result === null
  )
    return null;
  try {
    if ((await readlink(join(outDir, slug))) !== record.version) return null;
    if (!(await stat(join(outDir, record.version))).isDirectory()) return null;
  } catch {
    return null;
  }
  return record;
}

/** Writes the record in one rename (a reader never sees half of it). */
export async function writeUpToDate({ outDir, record }: { outDir: string; record: Omit<UpToDateRecord, 'format'> }): Promise<void> {
  const file = upToDateFile({ outDir, slug: record.slug });
  await writeFileAtomically({ path: file, contents: JSON.stringify({ format: FORMAT, ...record }) });
}
