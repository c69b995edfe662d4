/**
 * A BuildSession owns every cache a build keeps: what it read of templates/ (the template and
 * region layers, the compiled meta templates, the compiled privacy policies, a hash of the folder),
 * the code version, and what one build hands the next in the same process (the remembered stock
 * feeds, the per-car values, the build manifests read or written).
 *
 * `generateAll` makes one per run when it is given none; `forecourt dev` keeps one across its
 * rebuilds (so a save re-reads only the stock rows it changed) and makes a new one when a file
 * under templates/ changed (currentSession), so the next build reads the edited layers, titles
 * and legal text.
 * No module of renderer/, ui/ or domain/ keeps build state of its own
 * (renderer/moduleState.test.ts holds them to that).
 *
 * The stock memory and the per-car memo belong together: the memo is keyed by Car object identity,
 * which only the stock memory keeps from one build to the next (renderer/carMemo.ts), and the
 * photos stage keeps in turn for a car whose photos are unchanged (renderer/photos/photoCars.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Handlebars from 'handlebars';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import type { CarMemoStore } from './carMemoFile.ts';
import { compileMetaTemplates, metaTemplatesFile, type MetaTemplates } from './meta.ts';
import { readPrivacyTemplate } from './legal.ts';
import { loadTemplates } from './loadDealer.ts';
import type { ManifestMemory } from './buildManifest.ts';
import { codeVersion } from './pageInputs.ts';
import type { TemplateSet } from './resolve.ts';
import { createStockMemory, type StockMemory } from './stockMemo.ts';
import type { PhotoCarMemory } from './photos/photoCars.ts';
import type { StockCache } from './stockCache.ts';
import { DEFAULT_TEMPLATES_DIR } from './templatesDir.ts';

/** The caches of the builds of one session (see the file comment). */
export interface BuildSession {
  /** The templates folder this session reads (template layers, regions, meta.yaml, content/). */
  readonly templatesDir: string;
  /** A hash of every file of the templates folder when the session was made. */
  readonly templatesHash: string;
  /** The template and region layers (renderer/loadDealer.ts loadTemplates), read once. */
  templateSet(): Promise<TemplateSet>;
  /** templates/meta.yaml compiled (renderer/meta.ts), once. */
  metaTemplates(): MetaTemplates;
  /** A privacy policy template of templates/content/ compiled (renderer/legal.ts), once per name. */
  privacyTemplate(name: string): Handlebars.TemplateDelegate;
  /**
   * What the pages' code and text are made from: the code version (renderer/pageInputs.ts
   * codeVersion) and every file of this session's templates folder. A page is reused only while
   * it is unchanged.
   */
  version(): string;
  /** Feeds read without a problem, by file (renderer/stockMemo.ts). */
  readonly stock: StockMemory;
  /** The disk cache that seeds `stock` in a new process (renderer/stockCache.ts), keyed by `version()`; null: none. */
  readonly stockCache: StockCache | null;
  /** Per-car values, by Car object (the objects `stock` hands back) and, for stored values, on disk by content (renderer/carMemo.ts). */
  readonly cars: CarMemo;
  /** The disk store of `cars` (renderer/carMemoFile.ts), keyed by `version()`; null: none. */
  readonly carStore: CarMemoStore | null;
  /** Build manifests read or written (renderer/buildManifest.ts). */
  readonly manifests: ManifestMemory;
  /** Each stock car with its photos as last built (renderer/photos/photoCars.ts): keeps `cars` hitting for cars with photos. */
  readonly photoCars: PhotoCarMemory;
}

/** A hash of every file under `dir`, by path and contents. */
function folderHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else h.update(`${path.slice(dir.length)}\0`).update(readFileSync(path));
    }
  };
  walk(dir);
  return h.digest('base64url');
}

/**
 * A new session over `templatesDir` (default: this repository's templates/), with nothing read
 * yet; with `stockCacheDir` (the CLI's: renderer/stockCache.ts stockCacheDir) its feeds are cached
 * on disk between processes, and with `carMemoDir` (renderer/carMemoFile.ts carMemoDir) its stored
 * per-car values.
 */
export function createBuildSession({
  templatesDir = DEFAULT_TEMPLATES_DIR,
  stockCacheDir,
  carMemoDir,
}: { templatesDir?: string; stockCacheDir?: string; carMemoDir?: string } = {}): BuildSession {
  let templateSet: Promise<TemplateSet> | undefined;
  let meta: MetaTemplates | undefined;
  let version: string | undefined;
  const privacy = new Map<string, Handlebars.TemplateDelegate>();
  const templatesHash = folderHash(templatesDir);
  const sessionVersion = () => (version ??= createHash('sha256').update(codeVersion()).update(templatesHash).digest('base64url'));
  const carStore = carMemoDir ? { dir: carMemoDir, version: sessionVersion } : null;
  // The memo hashes a car with photos from what the photos stage made it of (renderer/photos/photoCars.ts).
  const photoCars: PhotoCarMemory = new WeakMap();
  const cars = createCarMemo({ store: carStore, origins: photoCars });
  return {
    templatesDir,
    templatesHash,
    templateSet() {
      if (!templateSet) {
        templateSet = loadTemplates({ templatesDir });
        // A folder that could not be read is read again by the next build, not remembered as broken.
        templateSet.catch(() => (templateSet = undefined));
      }
      return templateSet;
    },
    metaTemplates: () => (meta ??= compileMetaTemplates(readFileSync(metaTemplatesFile({ templatesDir }), 'utf8'))),
    privacyTemplate(name) {
      let template = privacy.get(name);
      if (!template) privacy.set(name, (template = readPrivacyTemplate({ templatesDir, name })));
      return template;
    },
    version: sessionVersion,
    stock: createStockMemory(),
    stockCache: stockCacheDir ? { dir: stockCacheDir, version: sessionVersion, hashes: cars } : null,
    cars,
    carStore,
    manifests: new Map(),
    photoCars,
  };
}

/**
 * `session` while its templates folder is as it was when the session was made, else a new session
 * over the same folder (`forecourt dev` calls it before each rebuild: the edited layers, meta and
 * legal text are read again, and the stock and per-car memories start over).
 */
export function currentSession(session: BuildSession): BuildSession {
  return folderHash(session.templatesDir) === session.templatesHash
    ? session
    : createBuildSession({ templatesDir: session.templatesDir, stockCacheDir: session.stockCache?.dir, carMemoDir: session.carStore?.dir });
}
