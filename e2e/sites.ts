/**
 * What the browser tests know about the generated sites: which dealers were built, each site's
 * page paths (read from out/, so tests are declared without a server), and each dealer's URL
 * once the global setup has started `serve`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const OUT_DIR = 'out';
export const SERVERS_FILE = 'e2e/.servers.json';

/** Dealers with a generated site in out/. */
export function builtSlugs(): string[] {
  if (!existsSync(OUT_DIR)) return [];
  return readdirSync(OUT_DIR)
    .filter((d) => !d.startsWith('.') && existsSync(join(OUT_DIR, d, 'index.html')))
    .sort();
}

/** Base URL (no trailing slash) of a served dealer. */
export function siteUrl(slug: string): string {
  const { servers } = JSON.parse(readFileSync(SERVERS_FILE, 'utf8')) as { servers: Record<string, string> };
  const url = servers[slug];
  if (!url) throw new Error(`dealer ${slug} is not served`);
  return url;
}

/**
 * The old paths a generated site redirects (its `_redirects` file: sold cars past their window),
 * whose index.html is only a refresh page for hosts that ignore the file.
 */
export function redirectedPaths(slug: string): string[] {
  const file = join(OUT_DIR, slug, '_redirects');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((line) => line.split(/\s+/)[0]);
}

/** Every page path of a generated site ('/', '/cars/x', ...), from its index.html files (refresh pages of redirected paths left out). */
export function pagePaths(slug: string): string[] {
  const root = join(OUT_DIR, slug);
  const redirected = new Set(redirectedPaths(slug));
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'assets') walk(full);
      } else if (name === 'index.html') {
        const rel = relative(root, dir).split(sep).join('/');
        const path = rel === '' ? '/' : `/${rel}`;
        if (!redirected.has(path)) paths.push(path);
      }
    }
  };
  walk(root);
  return paths.sort();
}

const KINDS: [RegExp, string][] = [
  [/^\/$/, 'home'],
  [/^\/search\/[^/]+\/[^/]+$/, 'search-make-model'],
  [/^\/search\//, 'search'],
  [/^\/cars\/trade-in$/, 'trade-in'],
  [/^\/cars\/[^/]+\/(checkout|buy-online)$/, 'reserve'],
  [/^\/cars\/[^/]+$/, 'car'],
  [/^\/models$/, 'models'],
  [/^\/models\/[^/]+$/, 'model'],
  [/^\/brands\/[^/]+$/, 'brand'],
  [/^\/contact-us\/[^/]+$/, 'contact-location'],
  [/^\/locations\/[^/]+$/, 'location'],
  [/^\/(privacy-policy|pages\/privacy-statement)$/, 'privacy'],
  [/^\/(faqs|terms-and-conditions|instant-price|special-offers)$/, 'info'],
  [/^\/(finance|finance-enquiry|apply-for-finance)$/, 'finance'],
];

/** The page kind of a path, for picking one page of each kind. */
export function kindOf(path: string): string {
  for (const [re, kind] of KINDS) if (re.test(path)) return kind;
  return path.split('/').filter(Boolean).slice(0, 1).join('/') || 'home';
}

/** One representative path per page kind of a site (the first in sorted order). */
export function onePathPerKind(slug: string): { kind: string; path: string }[] {
  const seen = new Map<string, string>();
  for (const path of pagePaths(slug)) {
    const kind = kindOf(path);
    if (!seen.has(kind)) seen.set(kind, path);
  }
  return [...seen].map(([kind, path]) => ({ kind, path }));
}
