/**
 * The build manifest of a dealer's live site: what the build that made it was made from, so the
 * next build can reuse the pages whose inputs did not change (incremental generate) and `diff`
 * can rebuild with the same build time and base URL as the live site.
 *
 * It lives at `<out>/.<slug>.manifest.json`, beside the site and outside it (never deployed; the
 * hidden `<out>/.<slug>.*` entries are build bookkeeping), and names the versioned folder it
 * describes: a manifest whose version is not the one `<out>/<slug>` links to (a build that died
 * between swap and manifest, a site replaced by hand) is ignored, never trusted.
 */
import { readlink, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from './atomicFile.ts';
import type { SiteFiles } from './emit.ts';

/** Bumped whenever the manifest's meaning changes; another format is ignored. */
const FORMAT = 3;

/** What one build of a dealer was made from. */
export interface BuildManifest {
  format: number;
  slug: string;
  /** The versioned folder (renderer/swap.ts) this manifest describes. */
  version: string;
  /** The build time the date rules used (ISO). */
  now: string;
  /** The --base-url of the build, when one was given. */
  baseUrl?: string;
  /** Hash of what every page reads (code, bundle, resolved record, site-wide data); pages below are valid only under it. */
  shared: string;
  /** Reusable pages: output file -> hash of the page's own inputs. */
  pages: Record<string, string>;
  /** Reusable pages: output file -> its first-load JS as the check stage measured it (gzipped bytes; null: none). */
  firstLoadJs: Record<string, number | null>;
  /** Every file of the version, with its identity and size (renderer/emit.ts FileId). */
  files: SiteFiles;
  /**
   * The version that was live before this one and is kept beside it, with its files: the next
   * build writes its site over that folder, touching only the files that differ
   * (renderer/emit.ts openSiteWriter's `recycle`). Null when there is none.
   */
  standby: { version: string; files: SiteFiles } | null;
}

/** `<out>/.<slug>.manifest.json`. */
export function manifestFile({ outDir, slug }: { outDir: string; slug: string }): string {
  return join(outDir, `.${slug}.manifest.json`);
}

/**
 * The text and value of each manifest file a session last wrote or read (renderer/buildSession.ts
 * holds one): a build that reads back the text the build before it wrote parses it no more (a
 * large dealer's is megabytes).
 */
export type ManifestMemory = Map<string, { text: string; manifest: BuildManifest }>;

/** The manifest `text` of `file` as a value (parsed when it is not the text the session last saw there). */
function parseManifest({ file, text, known }: { file: string; text: string; known?: ManifestMemory }): BuildManifest {
  const kept = known?.get(file);
  if (kept?.text === text) return kept.manifest;
  const manifest = JSON.parse(text) as BuildManifest;
  known?.set(file, { text, manifest });
  return manifest;
}

/** The manifest of the live site of `slug`, or null when there is none that describes it. */
export async function readManifest({ outDir, slug, known }: { outDir: string; slug: string; known?: ManifestMemory }): Promise<BuildManifest | null> {
  let manifest: BuildManifest;
  let live: string;
  try {
    const file = manifestFile({ outDir, slug });
    manifest = parseManifest({ file, text: await readFile(file, 'utf8'), known });
    live = await readlink(join(outDir, slug));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No manifest, no live link (or the old real-folder layout), or a manifest cut short: build in full.
    if (code === 'ENOENT' || code === 'EINVAL' || error instanceof SyntaxError) return null;
    throw new Error(`cannot read the build manifest of ${slug} in ${outDir}`, { cause: error });
  }
  if (
    manifest?.format !== FORMAT ||
    manifest.slug !== slug ||
    manifest.version !== live ||
    typeof manifest.pages !== 'object' ||
    typeof manifest.firstLoadJs !== 'object' ||
    typeof manifest.files !== 'object' ||
    manifest.files === null ||
    typeof manifest.standby !== 'object'
  )
    return null;
  return manifest;
}

/** Writes the manifest in one rename (a reader never sees half of it). */
export async function writeManifest({
  outDir,
  manifest,
  known,
}: {
  outDir: string;
  manifest: Omit<BuildManifest, 'format'>;
  known?: ManifestMemory;
}): Promise<void> {
  const file = manifestFile({ outDir, slug: manifest.slug });
  const value = { format: FORMAT, ...manifest };
  const text = JSON.stringify(value);
  await writeFileAtomically({ path: file, contents: text });
  known?.set(file, { text, manifest: value });
}
