import { describe, expect, it } from 'vitest';
import { ROUTES, SITE } from '../../../fixtures/sites/harbourside.ts';
import { linkedPaths, morePages } from './morePages.ts';

const routes = Object.values(ROUTES);

describe('morePages', () => {
  it('lists the site pages no navigation links, by name, and never per-item or flow pages', () => {
    const links = morePages({ site: SITE, routes, linked: new Set(['/models', '/finance']) });
    const paths = links.map((l) => l.path);
    expect(links).toEqual(
      expect.arrayContaining([
        { name: 'Electric Cars', path: '/electric-cars' },
        { name: 'Toyota RAV4', path: '/rav4' },
      ]),
    );
    expect(paths).toEqual(expect.arrayContaining(['/dealerships', '/faqs', '/privacy-policy', '/cars/trade-in', '/compare']));
    expect(paths).not.toContain('/models');
    expect(paths).not.toContain('/finance');
    for (const kind of ['car', 'search', 'brand', 'model', 'location', 'success', 'not-found', 'home'] as const)
      expect(paths, kind).not.toContain(ROUTES[kind].path);
  });

  it('reads the paths an HTML fragment links, without query, fragment or trailing slash', () => {
    expect([...linkedPaths('<a href="/faqs/">F</a><a href="/cars/trade-in?car_id=1">T</a><a href="/#top">x</a><a href="https://x.example/y">e</a>')]).toEqual([
      '/faqs',
      '/cars/trade-in',
      '/',
    ]);
  });
});
