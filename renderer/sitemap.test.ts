import { describe, expect, it } from 'vitest';
import type { Route } from '../ui/route.ts';
import { buildSitemapAssets, robotsTxt, sitemapXml } from './sitemap.ts';

const routes = [
  { path: '/', kind: 'home', indexable: true },
  { path: '/cars/2024-toyota-corolla-1', kind: 'car', indexable: true },
  { path: '/cars/2024-toyota-corolla-1/checkout', kind: 'reserve', indexable: false },
  { path: '/search/a&b', kind: 'search', indexable: true },
  { path: '/success', kind: 'success', indexable: false },
  { path: '/404', kind: 'not-found', indexable: false },
] as Route[];

describe('sitemap.xml', () => {
  const xml = sitemapXml({ site: { baseUrl: 'https://dealer.example/' }, routes });
  it('lists only indexable routes as absolute URLs on the base URL', () => {
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['https://dealer.example/', 'https://dealer.example/cars/2024-toyota-corolla-1', 'https://dealer.example/search/a&amp;b']);
  });
  it('is a sitemaps.org urlset', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain('</urlset>');
  });
});

describe('robots.txt', () => {
  it('allows all and names the sitemap', () => {
    expect(robotsTxt({ site: { baseUrl: 'https://dealer.example' } })).toBe('User-agent: *\nAllow: /\n\nSitemap: https://dealer.example/sitemap.xml\n');
  });
  it('both files are emitted at the site root', () => {
    expect(buildSitemapAssets({ site: { baseUrl: 'https://d.example' }, routes }).map((a) => a.path)).toEqual(['sitemap.xml', 'robots.txt']);
  });
});
