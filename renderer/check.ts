/**
 * The `check` stage: looks at the built site as a shopper's browser would. Every internal link
 * and source resolves to a page or file of this build, every island a page uses is registered
 * in the runtime, and no page's first-load JavaScript exceeds the budget.
 */
import { detachedText } from './detachedText.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { RouteKind } from '../ui/route.ts';
import type { Asset, Page } from './stage.ts';
import type { JsGraph } from './bundle.ts';

/** First-load JS budget per page, gzipped. */
export const FIRST_LOAD_JS_BUDGET = 90 * 1024;

/** First-load JS of the pages of one kind. */
export interface KindJs {
  pages: number;
  /** Pages of this kind that load the runtime at all (the rest ship no JS). */
  withJs: number;
  /** Largest first-load JS of a page of this kind, gzipped bytes. */
  maxGzip: number;
}

/** What the check found. */
export interface CheckResult {
  diagnostics: Diagnostic[];
  jsByKind: Partial<Record<RouteKind, KindJs>>;
}

const WHEN = /\sdata-when="([^"]*)"/;

/** True when `html` names the runtime script; looked for at the end of the page first, where ui/document.ts puts it. */
function referencesRuntime(html: string, runtimeUrl: string): boolean {
  return html.includes(runtimeUrl, html.length - runtimeUrl.length - 64) || html.includes(runtimeUrl);
}

/** True when a part of a page names the runtime script; the parts are looked at from the end, where ui/document.ts puts it. */
function partsReferenceRuntime(parts: readonly { text: string }[], runtimeUrl: string): boolean {
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i].text.includes(runtimeUrl)) return true;
  return false;
}

/** Whitespace that separates attributes. */
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

/**
 * Each internal link of `html`: the value of an href or src attribute that starts with '/', and
 * the offset of the whitespace before the attribute. Found with indexOf rather than a regular
 * expression: a page is tens of kilobytes and the scan runs on every page of a build.
 */
export function* internalLinks(html: string): Generator<{ href: string; at: number }> {
  for (let at = html.indexOf('="/'); at >= 0; at = html.indexOf('="/', at + 3)) {
    let start: number;
    if (html.startsWith('href', at - 4) && isSpace(html.charCodeAt(at - 5))) start = at - 5;
    else if (html.startsWith('src', at - 3) && isSpace(html.charCodeAt(at - 4))) start = at - 4;
    else continue;
    const end = html.indexOf('"', at + 2);
    if (end < 0) return;
    yield { href: html.slice(at + 2, end), at: start };
    at = end - 2;
  }
}

/**
 * Each island of `html` (ui/Island.tsx): its name, its opening tag (the data-when is read from
 * it, in any attribute order) and the offset of the data-island attribute. React escapes quotes
 * in text and attribute values and JSON escapes them in props, so ` data-island="` is only ever
 * an attribute.
 */
export function* islandTags(html: string): Generator<{ name: string; tag: string; at: number }> {
  const marker = ' data-island="';
  for (let at = html.indexOf(marker); at >= 0; at = html.indexOf(marker, at + marker.length)) {
    const nameStart = at + marker.length;
    const nameEnd = html.indexOf('"', nameStart);
    const tagStart = html.lastIndexOf('<', at);
    const tagEnd = html.indexOf('>', nameEnd);
    if (nameEnd < 0 || tagStart < 0 || tagEnd < 0) return;
    yield { name: html.slice(nameStart, nameEnd), tag: html.slice(tagStart, tagEnd + 1), at };
  }
}

/** The internal links and islands of a part of a page, at their offsets in the part. */
interface PartScan {
  links: { href: string; at: number }[];
  /** True once every link has resolved (a shared part's links need not be looked at again). */
  settled?: true;
  islands: { name: string; load: boolean; at: number }[];
}

/** Distinct shared parts a checker remembers (a build has a handful). */
const MAX_PART_SCANS = 256;

/** Scans `part` for internal links (protocol-relative ones are external) and islands. */
function scanPart(part: string): PartScan {
  const links: PartScan['links'] = [];
  for (const link of internalLinks(part)) if (!link.href.startsWith('//')) links.push(link);
  const islands: PartScan['islands'] = [];
  for (const { name, tag, at } of islandTags(part)) islands.push({ name, load: (WHEN.exec(tag)?.[1] ?? 'load') === 'load', at });
  return { links, islands };
}

/**
 * A page cut where ui/document.ts joins the shell and the page: the head, the body up to
 * `<main id="main">` (shared), the main element, and what follows `</main>` (shared). React escapes
 * `<` in text and inline JSON escapes it too, so the markers are only ever the real tags. A
 * page without them is one part.
 */
function pageParts(html: string): { start: number; end: number; shared: boolean }[] {
  const body = html.indexOf('<body>');
  const main = body < 0 ? -1 : html.indexOf('<main id="main">', body);
  const mainEnd = main < 0 ? -1 : html.lastIndexOf('</main>');
  if (mainEnd < 0) return [{ start: 0, end: html.length, shared: false }];
  return [
    { start: 0, end: body, shared: false },
    { start: body, end: main, shared: true },
    { start: main, end: mainEnd, shared: false },
    { start: mainEnd, end: html.length, shared: true },
  ];
}

/** '/a/b/?q#h' -> '/a/b'; '/x/index.html' -> '/x'; '&amp;' decoded first (links are HTML-escaped). */
export function linkTarget(href: string): string {
  let path = href.replace(/&amp;/g, '&').split(/[?#]/)[0];
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape cannot match a page either; keep it as written so it is reported.
  }
  if (path.endsWith('/index.html')) path = path.slice(0, -'/index.html'.length) || '/';
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  return path;
}

/** 1-based line and column of `index` in `text`. */
function position(text: string, index: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, col: index - lineStart + 1 };
}

/** `file` and everything it imports statically (what must load before it runs). */
function closure(graph: JsGraph, file: string, into: Set<string>): Set<string> {
  if (into.has(file) || !(file in graph.gzip)) return into;
  into.add(file);
  for (const dep of graph.staticImports[file] ?? []) closure(graph, dep, into);
  return into;
}

/**
 * Gzipped bytes of JS a page with these islands loads at first: the runtime, what the runtime
 * itself imports lazily on every page with an island (React, react-dom/client) except island
 * chunks, and the static closure of each island the page hydrates at load. Imports an island makes with
 * import() load on interaction (a dialog opened by a click), so they are not first-load.
 */
export function firstLoadJs({ graph, islands }: { graph: JsGraph; islands: Iterable<string> }): number {
  const islandChunks = new Set(Object.values(graph.islandChunks));
  const files = closure(graph, graph.entry, new Set());
  for (const dep of graph.dynamicImports?.[graph.entry] ?? []) if (!islandChunks.has(dep)) closure(graph, dep, files);
  for (const name of islands) {
    const chunk = graph.islandChunks[name];
    if (chunk) closure(graph, chunk, files);
  }
  let bytes = 0;
  for (const file of files) bytes += graph.gzip[file];
  return bytes;
}

/** Where a problem was first seen: the page's file, route path and position. */
interface FirstSeen {
  count: number;
  file: string;
  path: string;
  line: number;
  col: number;
}

/** A checker pages are fed to one at a time, so a build need not keep every page's HTML. */
export interface SiteChecker {
  /** Scans one rendered page (links, islands, first-load JS); returns its first-load JS, gzipped bytes (null: it loads none). */
  add(page: Page): number | null;
  /**
   * Counts a page an incremental build reused from the live build, with the first-load JS that
   * build measured (the same code and bundle, or it would not be reused). Its links are not read
   * again: they were checked when it was rendered, every route but the per-car ones and the
   * dealer's own files are shared inputs of it, and the per-car pages it links are among its own
   * inputs (renderer/pageInputs.ts), so none of its links can have gone.
   */
  reuse(page: { file: string; path: string; kind: RouteKind; js: number | null }): void;
  /** Resolves the links against the pages and `assets`, and returns everything found. */
  finish(args: { assets: Asset[] }): CheckResult;
}

/**
 * A streaming checker: internal links (errors, one per broken target with how many pages use
 * it), island names against the runtime registry (errors), and the first-load JS budget
 * (warnings, one per page kind over budget). `paths` are the site's route paths.
 */
export function createSiteChecker({
  paths,
  islandNames,
  graph,
  runtimeUrl,
  budget = FIRST_LOAD_JS_BUDGET,
}: {
  paths: Iterable<string>;
  /** Names registered in runtime/islandRegistry.ts. */
  islandNames: string[];
  /** The runtime bundle's output graph, for first-load JS sizes; omitted when nothing was bundled. */
  graph?: JsGraph;
  /** URL of the runtime entry, e.g. '/assets/runtime-AB12.js': a page referencing it loads JS. */
  runtimeUrl?: string;
  budget?: number;
}): SiteChecker {
  const known = new Set<string>(['/']);
  for (const path of paths) known.add(path);
  const registered = new Set(islandNames);
  // Links not (yet) known: assets are only known at the end. Keyed by href as written.
  const pending = new Map<string, FirstSeen>();
  const unknownIslands = new Map<string, FirstSeen>();
  const jsByKind: Partial<Record<RouteKind, KindJs>> = {};
  const overBudget = new Map<RouteKind, { count: number; max: number; file: string; path: string }>();
  const jsCache = new Map<string, number>();
  const resolved = new Set<string>();

  const countJs = ({ file, path, kind, js }: { file: string; path: string; kind: RouteKind; js: number | null }): void => {
    const entry = (jsByKind[kind] ??= { pages: 0, withJs: 0, maxGzip: 0 });
    entry.pages += 1;
    if (js === null) return;
    entry.withJs += 1;
    entry.maxGzip = Math.max(entry.maxGzip, js);
    if (js > budget) {
      const over = overBudget.get(kind);
      if (over) {
        over.count += 1;
        over.max = Math.max(over.max, js);
      } else overBudget.set(kind, { count: 1, max: js, file, path });
    }
  };

  const note = (map: Map<string, FirstSeen>, key: string, page: Page, index: number): void => {
    const seen = map.get(key);
    if (seen) seen.count += 1;
    // Kept to the end of the build: a copy, not a view of the page's HTML (renderer/detachedText.ts).
    else map.set(detachedText({ text: key }), { count: 1, file: page.file, path: page.route.path, ...position(page.html, index) });
  };

  /**
   * The links and islands of a part of a page. The body before <main> (banner, header, service
   * bar, compare strip) and everything after it (footer, sub-footer, shared props, the runtime
   * script) are the same strings on most pages of a build: each distinct one is scanned once and
   * its findings replayed on every page that has it, at their offsets there.
   */
  // Keyed by the part's text: a shell part is the same string object on every page, so its hash is
  // computed once and the lookup is a pointer comparison.
  const partScans = new Map<string, PartScan>();
  const scanOf = (part: string, { cut = false }: { cut?: boolean } = {}): PartScan => {
    let scan = partScans.get(part);
    if (scan) return scan;
    // A bound, not an expected case: a build has a few shell variants (masked phone numbers, shared props).
    if (partScans.size >= MAX_PART_SCANS) return scanPart(part);
    // A part cut from a page's HTML is a view of that page: remembered as a copy, so the page is not
    // kept to the end of the build (renderer/detachedText.ts). A piece the document was joined from is its own string.
    const own = cut ? detachedText({ text: part }) : part;
    scan = scanPart(own);
    partScans.set(own, scan);
    return scan;
  };

  return {
    add(page) {
      known.add(linkTarget(`/${page.file}`));
      // Islands that hydrate at load: those that wait for idle or for view load after the page.
      const islands = new Set<string>();
      const replay = (scan: PartScan, offset: number): void => {
        let settled = true;
        for (const { href, at } of scan.settled ? [] : scan.links) {
          // Most hrefs (header, footer) repeat on every page: resolve each distinct one once.
          if (resolved.has(href)) continue;
          settled = false;
          if (!pending.has(href) && known.has(linkTarget(href))) {
            resolved.add(detachedText({ text: href }));
            continue;
          }
          note(pending, href, page, offset + at + 1);
        }
        // A shared part whose links had all resolved before this page need not be looked at again (resolving is for good).
        if (settled) scan.settled = true;
        for (const { name, load, at } of scan.islands) {
          if (load) islands.add(name);
          if (!registered.has(name)) note(unknownIslands, name, page, offset + at + 1);
        }
      };
      if (page.parts) {
        // The pieces the document was joined from: each shared one (a shell part) is scanned once per build.
        let offset = 0;
        for (const { text, shared } of page.parts) {
          if (text) replay(shared ? scanOf(text) : scanPart(text), offset);
          offset += text.length;
        }
      } else {
        const { html } = page;
        for (const { start, end, shared } of pageParts(html))
          replay(shared ? scanOf(html.slice(start, end), { cut: true }) : scanPart(html.slice(start, end)), start);
      }

      let bytes: number | null = null;
      if (graph && runtimeUrl && (page.parts ? partsReferenceRuntime(page.parts, runtimeUrl) : referencesRuntime(page.html, runtimeUrl))) {
        const key = [...islands].sort().join(',');
        bytes = jsCache.get(key) ?? null;
        if (bytes === null) jsCache.set(key, (bytes = firstLoadJs({ graph, islands })));
      }
      countJs({ file: page.file, path: page.route.path, kind: page.route.kind, js: bytes });
      return bytes;
    },

    reuse(page) {
      known.add(linkTarget(`/${page.file}`));
      countJs(page);
    },

    finish({ assets }) {
      for (const asset of assets) known.add(linkTarget(`/${asset.path.replace(/^\/+/, '')}`));
      const diagnostics: Diagnostic[] = [];
      const pages = (count: number) => `${count} page${count === 1 ? '' : 's'}`;
      for (const [href, seen] of pending) {
        if (known.has(linkTarget(href))) continue;
        diagnostics.push({
          file: seen.file,
          line: seen.line,
          col: seen.col,
          pointer: seen.path,
          message: `broken internal link ${href.replace(/&amp;/g, '&')} (on ${pages(seen.count)}, first on ${seen.path})`,
          hint: 'no page or file of this build has that path: fix the link, or the record field it comes from',
          severity: 'error',
        });
      }
      for (const [name, seen] of unknownIslands) {
        diagnostics.push({
          file: seen.file,
          line: seen.line,
          col: seen.col,
          pointer: seen.path,
          message: `island '${name}' is not in runtime/islandRegistry.ts (on ${pages(seen.count)})`,
          hint: 'register the island in runtime/islandRegistry.ts or fix its name in the page',
          severity: 'error',
        });
      }
      for (const [kind, { count, max, file, path }] of overBudget) {
        diagnostics.push({
          file,
          line: 1,
          col: 1,
          pointer: path,
          message: `first-load JS of ${pages(count)} of kind '${kind}' exceeds the budget: ${max} bytes gzipped (${(max / 1024).toFixed(1)} KB) > ${budget} bytes (${(budget / 1024).toFixed(0)} KB)`,
          hint: 'load the island later (data-when idle/visible) or split what it imports',
          severity: 'warning',
        });
      }
      return { diagnostics, jsByKind };
    },
  };
}
