/**
 * The `bundle` stage: the browser runtime (runtime/main.ts and the island chunks it loads) built
 * with esbuild ONCE per generate run and shared by every dealer, the one hashed stylesheet, and
 * the static files copied into each site (shared template assets, the dealer's own assets).
 *
 * Outputs stay in memory as Assets; `emit` is the only writer.
 */
import type { Loader, Metafile, Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Asset } from './stage.ts';
import { REPO_ROOT } from './emit.ts';
import { ASSETS_DIR, assetsFolderIsLink } from './assetLinks.ts';

/** The runtime's output files and how they load each other (for first-load JS sizes). */
export interface JsGraph {
  /** The entry file, e.g. 'assets/runtime-AB12CD34.js'. */
  entry: string;
  /** Gzipped size of each JS output file. */
  gzip: Record<string, number>;
  /** Files each output imports statically (loaded before it runs). */
  staticImports: Record<string, string[]>;
  /** Files each output imports with import() (loaded when that code runs). */
  dynamicImports?: Record<string, string[]>;
  /** Island name -> the output file its registry entry loads. */
  islandChunks: Record<string, string>;
}

/** What the bundle stage produces once per run. */
export interface BundleResult {
  /** JS files, the stylesheet and the shared template assets. */
  assets: Asset[];
  /** URLs pages reference. */
  urls: { css: string; runtime: string };
  /** Names registered in the runtime's island registry. */
  islandNames: string[];
  graph: JsGraph;
}

/** First 8 hex digits of the sha256 of `contents`: a content hash for cache-busting file names. */
export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 8);
}

/** Every file under `dir` (recursively, dot files skipped) as Assets under `prefix`. */
export async function readTree({ dir, prefix }: { dir: string; prefix: string }): Promise<Asset[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !relative(dir, file)
          .split(sep)
          .some((part) => part.startsWith('.')),
    )
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      path: `${prefix.replace(/\/+$/, '')}/${relative(dir, file).split(sep).join('/')}`,
      contents: new Uint8Array(await readFile(file)),
    })),
  );
}

/**
 * The dealer's own files, dealers/<slug>/assets/** -> assets/dealer/** (read once per dealer).
 * A linked assets folder is never followed (loadDealer reports it: renderer/assetLinks.ts), and
 * readTree takes regular files only, so a link inside is not followed either.
 */
export async function dealerAssets({ dealersDir, slug }: { dealersDir: string; slug: string }): Promise<Asset[]> {
  const dir = join(dealersDir, slug, ASSETS_DIR);
  if (await assetsFolderIsLink({ dir })) throw new Error(`${dir} is a symbolic link; the site publishes only files inside the dealer's folder`);
  return readTree({ dir, prefix: 'assets/dealer' });
}

/** esbuild, loaded when something is bundled: a build whose bundle is cached (renderer/bundleCache.ts) never needs it (it takes ~40 ms to load). */
const loadEsbuild = () => import('esbuild');

/**
 * ui/styles/*.css, sorted by file name, concatenated and minified by esbuild (same rules, same
 * order: whitespace and comments go, values are shortened) into one 'assets/site-<hash8>.css'.
 */
export async function bundleStyles({ stylesDir }: { stylesDir: string }): Promise<Asset> {
  const names = existsSync(stylesDir) ? (await readdir(stylesDir)).filter((n) => n.endsWith('.css')).sort() : [];
  const parts = await Promise.all(names.map(async (name) => `/* ${name} */\n${await readFile(join(stylesDir, name), 'utf8')}`));
  const { transform } = await loadEsbuild();
  const { code: css } = await transform(parts.join('\n'), { loader: 'css', minify: true, sourcefile: 'ui/styles' });
  return { path: `assets/site-${contentHash(css)}.css`, contents: css };
}

/**
 * Island names and the modules they load, read from the registry's source:
 * `Name: () => import('../ui/islands/Name.tsx')` (quoted or bare keys, optional `.then(...)`).
 * Read as text because the renderer may not import runtime/ (docs/architecture.md import directions).
 */
export function parseIslandRegistry({ source, registryFile, root }: { source: string; registryFile: string; root: string }): Record<string, string> {
  const islands: Record<string, string> = {};
  const entry = /['"]?([A-Za-z_$][\w$-]*)['"]?\s*:\s*(?:async\s*)?\(\s*\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(entry)) {
    islands[match[1]] = relative(root, resolve(dirname(registryFile), match[2]))
      .split(sep)
      .join('/');
  }
  return islands;
}

/**
 * An esbuild plugin that puts `core` and everything it imports into ONE shared chunk.
 *
 * esbuild splits code by the set of entry points (the entry and every import() target) that reach
 * each file: React would be one chunk (every island reaches it), react-dom another (only the
 * entry reaches it), the services a third, the JSX runtime a fourth... each a gzip stream of its
 * own. Here every import() target is reached through a wrapper that imports `core` first, so
 * every entry point reaches all of core and core's files share one set, hence one chunk. Only
 * for modules a page would load anyway: the runtime entry imports the core.
 */
export function sharedCorePlugin({ core }: { core: string }): Plugin {
  const namespace = 'forecourt-lazy';
  return {
    name: 'forecourt-shared-core',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.unwrapped) return undefined;
        const resolved = await plugin.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { unwrapped: true },
        });
        // Packages keep their own shape (export * would drop a CommonJS default).
        if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file' || resolved.path.includes(`${sep}node_modules${sep}`))
          return resolved;
        return { path: resolved.path, namespace };
      });
      plugin.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: `import ${JSON.stringify(core)};\nexport * from ${JSON.stringify(args.path)};\n`,
        resolveDir: dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

/**
 * An esbuild plugin that puts the source files `members` into ONE chunk, whoever imports them.
 * Each of `importers` (the files outside the group that import a member) first imports a module
 * importing every member, so any entry point that reaches one member reaches all of them: one
 * set of entry points, one chunk. (Wrapping the imported members instead would leave an empty
 * chunk per set of importers.)
 */
export function sharedGroupPlugin({ members, importers }: { members: string[]; importers: string[] }): Plugin {
  const namespace = 'forecourt-group';
  const all = 'forecourt-group:all';
  const importing = new Set(importers);
  const loaders: Record<string, Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js', '.mts': 'ts' };
  return {
    name: 'forecourt-shared-group',
    setup(plugin) {
      plugin.onResolve({ filter: /^forecourt-group:all$/ }, () => ({ path: all, namespace }));
      plugin.onLoad({ filter: /.*/, namespace }, () => ({
        contents: members.map((member) => `import ${JSON.stringify(member)};`).join('\n'),
        resolveDir: dirname(members[0]),
        loader: 'js',
      }));
      plugin.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        const loader = loaders[extname(args.path)];
        if (!importing.has(args.path) || !loader) return undefined;
        return { contents: `import ${JSON.stringify(all)};\n${await readFile(args.path, 'utf8')}`, loader };
      });
    },
  };
}

/** The files (repository-relative) outside `members` that import one of them statically, from a metafile. */
export function groupImporters({ metafile, members }: { metafile: Metafile; members: string[] }): string[] {
  const group = new Set(members);
  return Object.entries(metafile.inputs)
    .filter(([file, input]) => !group.has(file) && !file.includes(':') && input.imports.some((i) => i.kind === 'import-statement' && group.has(i.path)))
    .map(([file]) => file)
    .sort();
}

/** 'ns:/abs/root/ui/x.tsx' or '/abs/root/ui/x.tsx' or 'ui/x.tsx' -> 'ui/x.tsx' (a metafile entry point, as the registry names it). */
function entryModule({ entryPoint, root }: { entryPoint: string; root: string }): string {
  const path = entryPoint.replace(/^[a-z][\w-]*:(?=\/|[A-Za-z]:)/, '');
  return (isAbsolute(path) ? relative(root, path) : path).split(sep).join('/');
}

/** Builds the JS graph from esbuild's metafile and outputs. */
function jsGraph({
  metafile,
  contents,
  islandModules,
  root,
}: {
  metafile: Metafile;
  contents: Map<string, Uint8Array>;
  islandModules: Record<string, string>;
  root: string;
}): JsGraph {
  const gzip: Record<string, number> = {};
  const staticImports: Record<string, string[]> = {};
  const dynamicImports: Record<string, string[]> = {};
  let entry = '';
  const byEntryPoint = new Map<string, string>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    gzip[file] = gzipSync(contents.get(file) ?? new Uint8Array()).byteLength;
    staticImports[file] = output.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path);
    dynamicImports[file] = output.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path);
    if (output.entryPoint) byEntryPoint.set(entryModule({ entryPoint: output.entryPoint, root }), file);
    if (/(^|\/)runtime-[^/]+\.js$/.test(file) && output.entryPoint) entry = file;
  }
  const islandChunks: Record<string, string> = {};
  for (const [name, module] of Object.entries(islandModules)) {
    const chunk = byEntryPoint.get(module);
    if (chunk) islandChunks[name] = chunk;
  }
  return { entry, gzip, staticImports, dynamicImports, islandChunks };
}

/** Which island's dependencies are grouped into one chunk (see {@link groupMembers}). */
export interface ChunkGroup {
  /** Registry name of the island whose shared dependencies become one chunk. */
  island: string;
  /** Islands whose dependencies stay out of the group (they are on pages the group need not load on). */
  apartFrom?: string[];
}

/**
 * The header search (on every page of most sites) shares the search contract, URL codec, prices
 * and pictures with the search, car page and compare islands; esbuild would split them into a
 * file per set of users. As one chunk they cost one gzip stream. What the header menu (on every
 * page, even without a header search) also uses stays apart, so the group never reaches a page
 * that has neither the header search nor an island using one of its modules.
 */
export const HEADER_SEARCH_GROUP: ChunkGroup = { island: 'Autocomplete', apartFrom: ['HeaderMenu'] };

/**
 * The source files of `group`: what the island's chunk loads statically besides its own chunk
 * and what the runtime entry already loads (the core), minus what the `apartFrom` islands load.
 * Read from a first build's metafile; repository-relative paths.
 */
export function groupMembers({
  metafile,
  group,
  islandModules,
  root,
}: {
  metafile: Metafile;
  group: ChunkGroup;
  islandModules: Record<string, string>;
  root: string;
}): string[] {
  const outputs = metafile.outputs;
  const byModule = new Map<string, string>();
  let entry = '';
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    byModule.set(entryModule({ entryPoint: output.entryPoint, root }), file);
    if (/(^|\/)runtime-[^/]+\.js$/.test(file)) entry = file;
  }
  const closure = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file) || !outputs[file]) return into;
    into.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) closure(i.path, into);
    return into;
  };
  const preloaded = closure(entry);
  const sources = (island: string): Set<string> => {
    const chunk = byModule.get(islandModules[island] ?? '');
    const files = new Set<string>();
    if (!chunk) return files;
    for (const file of closure(chunk)) {
      if (file === chunk || preloaded.has(file)) continue;
      for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs)) {
        // Virtual modules (the wrappers) and packages are not grouped.
        if (bytesInOutput > 0 && !input.includes(':') && !input.split('/').includes('node_modules')) files.add(input);
      }
    }
    return files;
  };
  const apart = new Set((group.apartFrom ?? []).flatMap((island) => [...sources(island)]));
  return [...sources(group.island)].filter((file) => !apart.has(file)).sort();
}

/**
 * Bundles runtime/main.ts (ESM, code splitting, minified, es2020, content-hashed names, in
 * memory), the stylesheet, and templates/assets/** -> assets/shared/**. Two esbuild runs when a
 * chunk group applies: the first finds the group's files, the second bundles with them grouped.
 */
export async function bundleRuntime({
  root = REPO_ROOT,
  entry = 'runtime/main.ts',
  registry = 'runtime/islandRegistry.ts',
  core = 'runtime/islandCore.ts',
  group = HEADER_SEARCH_GROUP,
  stylesDir = 'ui/styles',
  sharedAssetsDir = 'templates/assets',
}: {
  root?: string;
  entry?: string;
  registry?: string;
  /** What every island needs (React, the services): one shared chunk, see {@link sharedCorePlugin}. Skipped when absent. */
  core?: string;
  /** Dependencies bundled as one chunk, see {@link groupMembers}; null for none. */
  group?: ChunkGroup | null;
  stylesDir?: string;
  sharedAssetsDir?: string;
} = {}): Promise<BundleResult> {
  const entryFile = resolve(root, entry);
  if (!existsSync(entryFile)) throw new Error(`cannot bundle the browser runtime: ${entryFile} does not exist`);
  const outdir = resolve(root, 'assets');
  const coreFile = resolve(root, core);
  const registryFile = resolve(root, registry);
  const islandModules = existsSync(registryFile) ? parseIslandRegistry({ source: await readFile(registryFile, 'utf8'), registryFile, root }) : {};
  const corePlugins = existsSync(coreFile) ? [sharedCorePlugin({ core: coreFile })] : [];

  const { build } = await loadEsbuild();
  const bundle = async (plugins: Plugin[]) => {
    try {
      return await build({
        absWorkingDir: root,
        entryPoints: [entryFile],
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        minify: true,
        target: 'es2020',
        jsx: 'automatic',
        entryNames: 'runtime-[hash]',
        chunkNames: 'chunks/[name]-[hash]',
        outdir,
        write: false,
        metafile: true,
        legalComments: 'none',
        logLevel: 'silent',
        define: { 'process.env.NODE_ENV': '"production"' },
        plugins,
      });
    } catch (error) {
      throw new Error(`esbuild could not bundle ${entry}`, { cause: error });
    }
  };
  let result = await bundle(corePlugins);
  const members = group && islandModules[group.island] ? groupMembers({ metafile: result.metafile, group, islandModules, root }) : [];
  if (members.length > 1) {
    const importers = groupImporters({ metafile: result.metafile, members });
    const absolute = (files: string[]) => files.map((file) => resolve(root, file));
    result = await bundle([...corePlugins, sharedGroupPlugin({ members: absolute(members), importers: absolute(importers) })]);
  }

  const contents = new Map<string, Uint8Array>();
  const assets: Asset[] = [];
  for (const file of result.outputFiles) {
    const key = relative(root, file.path).split(sep).join('/');
    contents.set(key, file.contents);
    assets.push({ path: key, contents: file.contents });
  }

  const graph = jsGraph({ metafile: result.metafile, contents, islandModules, root });
  if (!graph.entry) throw new Error(`esbuild produced no runtime entry for ${entry}`);

  const css = await bundleStyles({ stylesDir: resolve(root, stylesDir) });
  assets.push(css);
  assets.push(...(await readTree({ dir: resolve(root, sharedAssetsDir), prefix: 'assets/shared' })));

  return {
    assets,
    urls: { css: `/${css.path}`, runtime: `/${graph.entry}` },
    islandNames: Object.keys(islandModules),
    graph,
  };
}
