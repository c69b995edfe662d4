import { describe, expect, it } from 'vitest';
import { formatRedirectsFile, parseRedirectsFile, redirectFor } from './redirects.ts';

const rules = [
  { from: '/cars/2015-mazda-cx-5-u1', to: '/search/mazda/cx-5', status: 301 as const },
  { from: '/cars/2012-ford-ka-u2', to: '/search/new-used-and-demo-cars', status: 301 as const },
];

describe('_redirects', () => {
  it('writes one Netlify/Cloudflare rule a line and reads it back', () => {
    const text = formatRedirectsFile(rules);
    expect(text).toContain('\n/cars/2015-mazda-cx-5-u1 /search/mazda/cx-5 301\n');
    expect(parseRedirectsFile(text)).toEqual(rules);
    expect(parseRedirectsFile('# none\n\n/a /b\r\n/c /d 301 # why\n')).toEqual([
      { from: '/a', to: '/b', status: 301 },
      { from: '/c', to: '/d', status: 301 },
    ]);
  });

  it.each(['/a /b 302', '/a', 'a /b 301', '/a/* /b 301', '/a/:x /b 301', '/a /b 301 extra'])('refuses a rule it does not write: %s', (line) => {
    expect(() => parseRedirectsFile(`${line}\n`)).toThrow(/_redirects line 1/);
  });

  it('matches a request path with or without its trailing slash, and nothing else', () => {
    expect(redirectFor({ rules, urlPath: '/cars/2015-mazda-cx-5-u1' })?.to).toBe('/search/mazda/cx-5');
    expect(redirectFor({ rules, urlPath: '/cars/2015-mazda-cx-5-u1/' })?.to).toBe('/search/mazda/cx-5');
    expect(redirectFor({ rules, urlPath: '/cars/2015-mazda-cx-5' })).toBeUndefined();
    expect(redirectFor({ rules, urlPath: '/' })).toBeUndefined();
  });
});
