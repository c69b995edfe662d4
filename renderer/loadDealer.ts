/**
 * read -> parse -> validate -> resolve for one dealer: what `generate` and `validate` call.
 * Record errors are errors (no site); bad stock rows are warnings and are skipped.
 */
import { photoFeedWarnings } from './photos/photoFeedWarnings.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYamlValue } from 'yaml';
import type { Site } from '../domain/site.ts';
import type { Car, Manufacturer } from '../domain/types.ts';
import type { Diagnostic } from './diagnostic.ts';
import { assetLinkProblems } from './assetLinks.ts';
import { parseJson, parseYaml } from './parse.ts';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from './inputLimits.ts';
import { readOptionalText, readSource, RECORD_FILE, type SourceFile } from './readSource.ts';
import { feedFromRows, type RememberedFeed, type StockMemory } from './stockMemo.ts';
import { readCachedRows, rewriteStockCache, writeCachedFeed, type StockCache } from './stockCache.ts';
import { resolve, resolveCars, type DefaultsLayer, type TemplateSet } from './resolve.ts';
import { validateRecord, validateStock } from './validate.ts';
import { DEFAULT_TEMPLATES_DIR } from './templatesDir.ts';
import { advertisingChecks } from './advertisingChecks.ts';
import type { CarMemo } from './carMemo.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** data/manufacturers.json of this repository. */
export const DEFAULT_MANUFACTURERS_FILE = path.join(REPO, 'data', 'manufacturers.json');

async function readYamlFile(file: string): Promise<unknown> {
  try {
    return parseYamlValue(await readFile(file, 'utf8'), { version: '1.2', uniqueKeys: true, merge: true });
  } catch (cause) {
    throw new Error(`cannot read ${file}`, { cause });
  }
}

/**
 * Reads the layers of templates/: every `kind: dealer-template` file (its name is the template
 * name) and regions.yaml. Read on every call: a BuildSession (renderer/buildSession.ts) keeps
 * what it read for the builds of the session.
 */
export async function loadTemplates({ templatesDir = DEFAULT_TEMPLATES_DIR }: { templatesDir?: string } = {}): Promise<TemplateSet> {
  const files = (await readdir(templatesDir)).filter((f) => f.endsWith('.yaml')).sort();
  const set: TemplateSet = { templates: {}, regions: {} };
  for (const name of files) {
    const doc = (await readYamlFile(path.join(templatesDir, name))) as Record<string, unknown> | null;
    if (doc?.kind === 'dealer-template') set.templates[name.replace(/\.yaml$/, '')] = (doc.defaults ?? {}) as DefaultsLayer;
    else if (doc?.kind === 'region-defaults') set.regions = (doc.regions ?? {}) as Record<string, DefaultsLayer>;
  }
  if (!Object.keys(set.templates).length) throw new Error(`no dealer templates (kind: dealer-template) in ${templatesDir}`);
  return set;
}

/** data/manufacturers.json when present (SPEC §3 static list), else []. */
export async function loadManufacturers({ file = DEFAULT_MANUFACTURERS_FILE }: { file?: string } = {}): Promise<Manufacturer[]> {
  const text = await readOptionalText(file);
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) throw new Error('expected an array of manufacturers');
    return value as Manufacturer[];
  } catch (cause) {
    throw new Error(`cannot read ${file}`, { cause });
  }
}

/** What loading one dealer produced. */
export interface LoadedDealer {
  /** The resolved site, or null when the record has errors. */
  site: Site | null;
  /** Valid stock rows with defaults applied ([] without a feed). */
  cars: Car[];
  /** Record errors, stock warnings (and stock errors when the feed is unusable). */
  diagnostics: Diagnostic[];
}

/**
 * Loads dealers/<slug>/: reads dealer.yaml and stock.json, parses and validates both (reporting
 * every problem of both files), and resolves the site when the record is valid.
 */
export async function loadDealer({
  dealersDir,
  slug,
  now,
  baseUrl,
  templatesDir,
  manufacturersFile,
  limits = DEFAULT_INPUT_LIMITS,
  fresh = false,
  templateSet,
  stock,
  stockCache = null,
  memo,
}: {
  dealersDir: string;
  slug: string;
  now: Date;
  baseUrl?: string;
  templatesDir?: string;
  manufacturersFile?: string;
  /** Bounds on the record and feed (sizes, cars, aliases); default: DEFAULT_INPUT_LIMITS. */
  limits?: InputLimits;
  /** Read the whole feed even when this session read it before (a --full build); see renderer/stockMemo.ts. */
  fresh?: boolean;
  /** The session's template layers (renderer/buildSession.ts); default: read `templatesDir` now. */
  templateSet?: () => Promise<TemplateSet>;
  /** The session's stock memory (renderer/stockMemo.ts); without one the feed is read whole. */
  stock?: StockMemory;
  /** The session's disk cache of feeds (renderer/stockCache.ts): seeds `stock` in a new process. */
  stockCache?: StockCache | null;
  /** The session's per-car memo (renderer/carMemo.ts): keeps each car's advertising findings between builds. */
  memo?: CarMemo;
}): Promise<LoadedDealer> {
  const [source, templates, manufacturers] = await Promise.all([
    readSource({ dealersDir, slug, limits }),
    templateSet ? templateSet() : loadTemplates({ templatesDir }),
    loadManufacturers({ file: manufacturersFile }),
  ]);
  if (source.record === null) {
    const recordFile = path.join(dealersDir, slug, RECORD_FILE);
    return {
      site: null,
      cars: [],
      diagnostics: [
        {
          file: recordFile,
          line: 0,
          col: 0,
          pointer: '',
          severity: 'error',
          code: 'missing-file',
          message: 'dealer record not found',
          hint: `Create ${recordFile}.`,
        },
      ],
    };
  }
  const record = source.record;
  const recordParsed = parseYaml({ ...record, maxAliases: limits.yamlAliases });
  const checked = validateRecord({ parsed: recordParsed, templates: Object.keys(templates.templates) });
  const diagnostics = [...checked.diagnostics];
  diagnostics.push(...folderSlugProblem({ parsedValue: recordParsed.value, slug, locate: recordParsed.locate, file: record.file }));
  const linkProblems = await assetLinkProblems({ dealersDir, slug });
  diagnostics.push(...linkProblems);

  const cars = source.stock ? await loadCachedStock({ source: source.stock, maxCars: limits.cars, fresh, diagnostics, memory: stock, cache: stockCache }) : [];

  const recordOk = checked.record !== null && linkProblems.length === 0 && !diagnostics.some((d) => d.file === record.file && d.severity === 'error');
  const site = recordOk ? resolve({ record: checked.record!, templates, manufacturers, now, baseUrl }) : null;
  if (site && source.stock) diagnostics.push(...photoFeedWarnings({ cars, settings: site.images, file: source.stock.file }));
  // The region's advertising rules over the stock (renderer/advertisingChecks.ts): warnings, errors under --strict.
  if (site && source.stock) diagnostics.push(...(await advertisingChecks({ site, cars, stock: source.stock, memo })));
  return { site, cars, diagnostics };
}

/**
 * loadStock with the session's memory seeded from the disk cache first (a new process remembers
 * nothing: the rows found in the cache by their bytes are taken from it, the others read now),
 * and the cache written when the memory's feed changed.
 */
async function loadCachedStock({
  cache,
  ...args
}: {
  source: SourceFile;
  maxCars: number;
  fresh: boolean;
  diagnostics: Diagnostic[];
  memory?: StockMemory;
  cache: StockCache | null;
}): Promise<Car[]> {
  const { memory, source, fresh } = args;
  if (!cache || !memory) return loadStock(args);
  const file = source.file;
  // A feed seeded with enough rows the cache did not hold is written back with them.
  let seededNew: RememberedFeed | undefined;
  if (!fresh && !memory.feed({ file })) {
    const rows = await readCachedRows({ cache, file });
    const feed = rows && feedFromRows({ rows, source, maxCars: args.maxCars });
    if (feed) {
      memory.seed({ file, feed });
      if (rewriteStockCache({ missed: countMissed({ rows, cars: feed.cars }), rows: feed.cars.length })) seededNew = feed;
    }
  }
  const before = memory.feed({ file });
  const cars = loadStock(args);
  const after = memory.feed({ file });
  if (after && (after !== before || after === seededNew)) await writeCachedFeed({ cache, file, feed: after });
  return cars;
}

/** How many of `cars` are not among the cached cars `rows`. */
function countMissed({ rows, cars }: { rows: ReadonlyMap<string, Car>; cars: readonly Car[] }): number {
  const cached = new Set(rows.values());
  return cars.reduce((missed, car) => (cached.has(car) ? missed : missed + 1), 0);
}

/**
 * The cars of a stock feed, its problems added to `diagnostics`. A feed the session's `memory` read
 * before without a problem is read again only where its text changed (renderer/stockMemo.ts).
 */
function loadStock({
  source,
  maxCars,
  fresh,
  diagnostics,
  memory,
}: {
  source: SourceFile;
  maxCars: number;
  fresh: boolean;
  diagnostics: Diagnostic[];
  memory?: StockMemory;
}): Car[] {
  if (fresh) memory?.forget({ file: source.file });
  else {
    const remembered = memory?.remembered({ source, maxCars });
    if (remembered) return remembered;
  }
  const stock = validateStock({ parsed: parseJson(source), maxCars });
  diagnostics.push(...stock.diagnostics);
  const cars = resolveCars({ cars: stock.cars });
  if (stock.diagnostics.length === 0) memory?.remember({ source, cars });
  else memory?.forget({ file: source.file });
  return cars;
}

/** The record's slug must be its folder's name: both name the output folder and URLs. */
function folderSlugProblem({
  parsedValue,
  slug,
  locate,
  file,
}: {
  parsedValue: unknown;
  slug: string;
  locate: ReturnType<typeof parseYaml>['locate'];
  file: string;
}): Diagnostic[] {
  const recordSlug = (parsedValue as { slug?: unknown } | null)?.slug;
  if (typeof recordSlug !== 'string' || recordSlug === slug) return [];
  return [
    {
      file,
      ...locate({ pointer: '/slug' }),
      pointer: '/slug',
      severity: 'error',
      code: 'slug-mismatch',
      message: `must match its folder name "${slug}"`,
      hint: `Rename the folder to dealers/${recordSlug}/ or set slug: ${slug}.`,
    },
  ];
}
