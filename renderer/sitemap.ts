/**
 * sitemap.xml and robots.txt for a dealer's site. Only indexable routes are listed, as absolute
 * URLs on the site's base URL; robots.txt allows everything and points at the sitemap.
 */
import { escapeMarkup } from '../domain/escapeMarkup.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { Asset } from './stage.ts';

/**
 * Absolute URL of a site path as links write it: characters a URL may not hold are
 * percent-encoded, escapes the path builders already made are kept (not encoded twice).
 */
export function absoluteUrl({ baseUrl, path }: { baseUrl: string; path: string }): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${encodeURI(path).replace(/%25([0-9A-Fa-f]{2})/g, '%$1')}`;
}

/** sitemap.xml listing every indexable route. */
export function sitemapXml({ site, routes }: { site: Pick<Site, 'baseUrl'>; routes: Route[] }): string {
  const urls = routes
    .filter((route) => route.indexable && !route.canonicalPath)
    .map((route) => `  <url><loc>${escapeMarkup(absoluteUrl({ baseUrl: site.baseUrl, path: route.path }))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** robots.txt: allow all crawlers, and name the sitemap. */
export function robotsTxt({ site }: { site: Pick<Site, 'baseUrl'> }): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl({ baseUrl: site.baseUrl, path: '/sitemap.xml' })}\n`;
}

/** The `sitemap` stage: sitemap.xml and robots.txt as assets (404.html is a rendered page). */
export function buildSitemapAssets({ site, routes }: { site: Pick<Site, 'baseUrl'>; routes: Route[] }): Asset[] {
  return [
    { path: 'sitemap.xml', contents: sitemapXml({ site, routes }) },
    { path: 'robots.txt', contents: robotsTxt({ site }) },
  ];
}
