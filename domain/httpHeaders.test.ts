import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  formatHeadersFile,
  headersFor,
  IMMUTABLE_CACHE,
  parseHeadersFile,
  pathMatches,
  REVALIDATE_CACHE,
  siteHeaderRules,
  type PolicySources,
} from './httpHeaders.ts';

const NONE: PolicySources = { scriptUrls: [], connectUrls: [], frameAncestors: [] };

/** The CSP as a map of directive to its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
}

describe('contentSecurityPolicy', () => {
  it('allows scripts and requests only to the site itself by default, and no framing', () => {
    const csp = directives(contentSecurityPolicy(NONE));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // No inline or eval'd script is ever allowed.
    expect(csp['script-src'].join(' ')).not.toMatch(/unsafe/);
  });

  it("adds the origins of the record's absolute script and API URLs, not their paths; relative URLs are 'self'", () => {
    const csp = directives(
      contentSecurityPolicy({
        scriptUrls: ['https://chat.example/widget.js?x=1', '/assets/dealer/chat.js', null, undefined],
        connectUrls: ['https://leads.example/api', '', 'https://search.example:7700', 'javascript:alert(1)', 'not a url'],
        frameAncestors: [],
      }),
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://chat.example']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://leads.example', 'https://search.example:7700']);
    expect(csp['form-action']).toEqual(["'self'", 'https://leads.example', 'https://search.example:7700']);
  });

  it('names the origins the record allows to frame the site', () => {
    const csp = directives(contentSecurityPolicy({ ...NONE, frameAncestors: ['https://group.example', 'https://a.example'] }));
    expect(csp['frame-ancestors']).toEqual(['https://a.example', 'https://group.example']);
  });
});

describe('siteHeaderRules', () => {
  it('sends X-Frame-Options DENY only when no origin may frame the site', () => {
    expect(siteHeaderRules(NONE)[0].headers['X-Frame-Options']).toBe('DENY');
    expect(siteHeaderRules({ ...NONE, frameAncestors: ['https://group.example'] })[0].headers['X-Frame-Options']).toBeUndefined();
  });
});

describe('headersFor', () => {
  const rules = siteHeaderRules(NONE);

  it.each([
    ['/assets/runtime-AB12CD34.js', IMMUTABLE_CACHE],
    ['/assets/chunks/LeadForm-IQQQ3I4V.js', IMMUTABLE_CACHE],
    ['/assets/site-da6cd462.css', IMMUTABLE_CACHE],
    ['/assets/search/cards-5b3a89c7-0.json', IMMUTABLE_CACHE],
    // Rewritten under the same name by a rebuild: revalidated.
    ['/assets/search/index.bin', REVALIDATE_CACHE],
    ['/assets/dealer/logo.svg', REVALIDATE_CACHE],
    ['/assets/shared/makes/toyota.svg', REVALIDATE_CACHE],
    ['/assets/site.css', REVALIDATE_CACHE],
    ['/assets', REVALIDATE_CACHE],
    ['/cars/x/index.html', REVALIDATE_CACHE],
    ['/', REVALIDATE_CACHE],
    ['/assetsx/a.js', REVALIDATE_CACHE],
  ])('caches %s as %s', (urlPath, expected) => {
    expect(headersFor({ rules, urlPath })['Cache-Control']).toBe(expected);
  });

  it('puts the security headers on every path', () => {
    for (const urlPath of ['/index.html', '/assets/site.css', '/site-config.json']) {
      const headers = headersFor({ rules, urlPath });
      expect(headers['Content-Security-Policy'], urlPath).toContain("script-src 'self'");
      expect(headers['X-Content-Type-Options'], urlPath).toBe('nosniff');
      expect(headers['Referrer-Policy'], urlPath).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('cacheRules', () => {
  const rules = siteHeaderRules({ ...NONE, pageSections: ['', 'cars', 'cars', 'search', 'assets', 'contact-us', 'contact', 'asset'] });
  const cacheRulesOf = (urlPath: string) => rules.filter((rule) => 'Cache-Control' in rule.headers && pathMatches({ pattern: rule.path, urlPath }));

  it.each(['/', '/cars/x/', '/cars', '/search/', '/search/index.html', '/contact-us/', '/contact/'])('gives the page %s an explicit no-cache', (urlPath) => {
    expect(cacheRulesOf(urlPath).map((rule) => rule.headers['Cache-Control'])).toEqual([REVALIDATE_CACHE]);
  });

  it.each([
    '/',
    '/cars/x/',
    '/assets/runtime-AB12CD34.js',
    '/assets/chunks/a-B.js',
    '/assets/search/index.bin',
    '/assets/search/cards-1-0.json',
    '/assets/dealer/logo.svg',
  ])('never lets two Cache-Control rules meet on %s (static hosts join their values)', (urlPath) => {
    expect(cacheRulesOf(urlPath).length).toBeLessThanOrEqual(1);
  });

  it('names no page section twice and never assets', () => {
    expect(rules.filter((rule) => rule.headers['Cache-Control'] === REVALIDATE_CACHE).map((rule) => rule.path)).toEqual([
      '/assets/search/index.bin',
      '/assets/dealer/*',
      '/assets/shared/*',
      '/',
      '/cars*',
      '/contact*',
      '/search*',
    ]);
  });
});

describe('the _headers file', () => {
  it('reads back exactly the rules it was written from', () => {
    const rules = siteHeaderRules({ scriptUrls: ['https://chat.example/w.js'], connectUrls: [], frameAncestors: ['https://group.example'] });
    const text = formatHeadersFile(rules);
    expect(text).toMatch(/^# /);
    expect(text).toContain('/assets/chunks/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it('refuses a header line with no path above it', () => {
    expect(() => parseHeadersFile('  X-Test: 1\n')).toThrow(/not a "Name: value" line under a path/);
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow(/no colon here/);
  });
});
