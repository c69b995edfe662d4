import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  formatHeadersFile,
  headersFor,
  IMMUTABLE_CACHE,
  parseHeadersFile,
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

  it('gives hashed assets a year of immutable caching and everything else revalidation', () => {
    expect(headersFor({ rules, urlPath: '/assets/runtime-AB12.js' })['Cache-Control']).toBe(IMMUTABLE_CACHE);
    expect(headersFor({ rules, urlPath: '/cars/x/index.html' })['Cache-Control']).toBe(REVALIDATE_CACHE);
    expect(headersFor({ rules, urlPath: '/assets' })['Cache-Control']).toBe(IMMUTABLE_CACHE);
    expect(headersFor({ rules, urlPath: '/assetsx/a.js' })['Cache-Control']).toBe(REVALIDATE_CACHE);
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

describe('the _headers file', () => {
  it('reads back exactly the rules it was written from', () => {
    const rules = siteHeaderRules({ scriptUrls: ['https://chat.example/w.js'], connectUrls: [], frameAncestors: ['https://group.example'] });
    const text = formatHeadersFile(rules);
    expect(text).toMatch(/^# /);
    expect(text).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it('refuses a header line with no path above it', () => {
    expect(() => parseHeadersFile('  X-Test: 1\n')).toThrow(/not a "Name: value" line under a path/);
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow(/no colon here/);
  });
});
