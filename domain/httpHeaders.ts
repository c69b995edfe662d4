/**
 * The HTTP response headers of a dealer's site: caching and security (Content-Security-Policy,
 * nosniff, Referrer-Policy, framing, HSTS). One rule set serves two readers: `generate` writes it
 * as the output's `_headers` file (the Netlify / Cloudflare Pages format static hosts read), and
 * `forecourt serve` reads that file back, so a site behaves the same locally and deployed.
 */

/** Cache-Control for content-hashed files under /assets/. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control for everything else: always revalidate (ETag / Last-Modified). */
export const REVALIDATE_CACHE = 'no-cache';
/** The header a plain-http response must not carry (browsers ignore it there; a proxy may not). */
export const HSTS_HEADER = 'Strict-Transport-Security';

/** Headers for every path matching `path` (`/*` matches everything below the prefix). */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** What of a dealer's record the policy depends on: where its pages may fetch, load scripts from and be framed by. */
export interface PolicySources {
  /** Absolute URLs the pages load scripts from (chat widget, dealer-rating script); relative ones are 'self'. */
  scriptUrls: (string | null | undefined)[];
  /** Absolute URLs the pages send requests to (lead API base, search host). */
  connectUrls: (string | null | undefined)[];
  /** Origins allowed to frame the site; none means the site may not be framed. */
  frameAncestors: string[];
  /** Origins measurement tags send to (connect-src only, never form-action); `*.` wildcards allowed. */
  collectUrls?: string[];
}

/** The origin of an absolute http(s) URL, or null for a relative or unusable one. */
function originOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function sources(urls: (string | null | undefined)[]): string[] {
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))].sort();
}

/**
 * The Content-Security-Policy of a site. Scripts only from the site itself (the islands' bundle;
 * JSON props and JSON-LD are data blocks, never executed) and the record's own script URLs; inline
 * styles stay allowed because the theme's custom properties are written inline in the head.
 */
export function contentSecurityPolicy({ scriptUrls, connectUrls, frameAncestors, collectUrls = [] }: PolicySources): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...sources(scriptUrls)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Car photos and review avatars may live on the dealer's image host.
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...sources([...connectUrls, ...collectUrls])]],
    // Maps and videos are embedded from their providers' https pages.
    ['frame-src', ["'self'", 'https:']],
    ['frame-ancestors', frameAncestors.length > 0 ? [...frameAncestors].sort() : ["'none'"]],
    ['form-action', ["'self'", ...sources(connectUrls)]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * Files whose names carry a hash of their contents (renderer/bundle.ts: esbuild's runtime and
 * chunks, the site stylesheet; search/encodeIndex.ts: the card chunks): a rebuild that changes
 * one writes another name, so browsers may keep them for a year.
 */
export const HASHED_ASSET_PATHS = ['/assets/runtime-*', '/assets/chunks/*', '/assets/site-*', '/assets/search/cards-*'] as const;

/**
 * Files a rebuild rewrites under the same name (the search index the pages fetch by a fixed URL,
 * the dealer's and the shared images): always revalidated, so returning shoppers search today's
 * stock and see a replaced logo.
 */
export const UNHASHED_ASSET_PATHS = ['/assets/search/index.bin', '/assets/dealer/*', '/assets/shared/*'] as const;

/**
 * The caching rules. Static hosts join the values of every rule a path matches, so no path may
 * match two Cache-Control rules (a no-cache on `/*` would spoil the immutable ones): pages get
 * theirs per top-level section (`pageSections`: the first segment of every page path) and `/`.
 */
export function cacheRules({ pageSections = [] }: { pageSections?: readonly string[] }): HeaderRule[] {
  const noCache = { 'Cache-Control': REVALIDATE_CACHE };
  return [
    ...HASHED_ASSET_PATHS.map((path) => ({ path, headers: { 'Cache-Control': IMMUTABLE_CACHE } })),
    ...UNHASHED_ASSET_PATHS.map((path) => ({ path, headers: noCache })),
    { path: '/', headers: noCache },
    ...sectionPrefixes(pageSections).map((section) => ({ path: `/${section}*`, headers: noCache })),
  ];
}

/** The page sections as path prefixes, each once: one that another covers (contact-us by contact) is left out. */
function sectionPrefixes(pageSections: readonly string[]): string[] {
  const sections = [...new Set(pageSections)]
    .filter((section) => section !== '' && !'assets'.startsWith(section) && !section.startsWith('assets') && /^[^*\s/]+$/.test(section))
    .sort();
  return sections.filter((section) => !sections.some((other) => other !== section && section.startsWith(other)));
}

/** The header rules of a site, most general first; `pageSections` as cacheRules. */
export function siteHeaderRules({ pageSections, ...policy }: PolicySources & { pageSections?: readonly string[] }): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        'Content-Security-Policy': contentSecurityPolicy(policy),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        // Older browsers read X-Frame-Options only; it cannot name several origins, so it is sent
        // only when no origin may frame the site.
        ...(policy.frameAncestors.length === 0 ? { 'X-Frame-Options': 'DENY' } : {}),
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
        [HSTS_HEADER]: 'max-age=31536000; includeSubDomains',
      },
    },
    ...cacheRules({ pageSections }),
  ];
}

/**
 * The `_headers` file of the rules. The format merges every matching rule (values of one header
 * joined by commas), which is why cacheRules never lets two Cache-Control rules meet.
 */
export function formatHeadersFile(rules: HeaderRule[]): string {
  const blocks = rules.map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
  return `# Response headers for static hosts that read _headers (Netlify, Cloudflare Pages); forecourt serve reads it too.\n${blocks.join('\n')}\n`;
}

/** Reads a `_headers` file back into rules (comments and blank lines ignored; a header line needs a path above it). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 0) throw new Error(`_headers: "${line.trim()}" is not a "Name: value" line under a path`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Whether `pattern` covers `urlPath`: `/dir/*` the folder and below, `/prefix*` any path starting so, else the exact path. */
export function pathMatches({ pattern, urlPath }: { pattern: string; urlPath: string }): boolean {
  if (pattern.endsWith('/*')) return urlPath.startsWith(pattern.slice(0, -1)) || urlPath === pattern.slice(0, -2);
  if (pattern.endsWith('*')) return urlPath.startsWith(pattern.slice(0, -1));
  return urlPath === pattern;
}

/**
 * The headers for one request path under `rules`, as a static host applies them: every matching
 * rule in order, a later value of the same header replacing an earlier one, and Cache-Control
 * no-cache where no rule sets it.
 */
export function headersFor({ rules, urlPath }: { rules: HeaderRule[]; urlPath: string }): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (pathMatches({ pattern: rule.path, urlPath })) Object.assign(headers, rule.headers);
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control')) headers['Cache-Control'] = REVALIDATE_CACHE;
  return headers;
}
