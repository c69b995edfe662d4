/**
 * Every page of a sample dealer is linked from at least one other page of its site (no page
 * reachable only from the sitemap): each site's pages rendered with the real renderers, their
 * links collected, and every planned path checked for a link from another page. The success page
 * is the one exception: a shopper reaches it by sending a form, never by a link.
 *
 * Rendering every page of all thirteen sample dealers takes about a minute in a test (development
 * React), so this renders the group with the most dealerships, picked by its record: the largest
 * site, with models of more cars than a search page shows (cars linked only from each other),
 * brand pages, several dealerships' pages and site pages (the footer's list, tested on its own in
 * ui/shell/footer/morePages.test.ts).
 * The same crawl over the generated output of all thirteen found no orphan but the success pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteKind } from '../ui/route.ts';
import { loadSampleSites } from '../fixtures/sites/sampleSites.ts';
import { linkedPaths } from '../ui/shell/footer/morePages.ts';
import { loadPageRenderers, renderPages } from './render.ts';

/** Kinds reached by a flow rather than a link: the page after a sent form, and the 404 page. */
const REACHED_BY_FLOW: ReadonlySet<RouteKind> = new Set(['success', 'not-found']);

/** The sample group with the most dealerships (picked by its record, see above). */
const SITES = readdirSync('dealers', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({ slug: entry.name, record: parse(readFileSync(`dealers/${entry.name}/dealer.yaml`, 'utf8')) as { dealerships?: unknown[] } }))
  .sort((a, b) => (b.record.dealerships?.length ?? 0) - (a.record.dealerships?.length ?? 0) || a.slug.localeCompare(b.slug))
  .slice(0, 1)
  .map(({ slug }) => slug);

let orphans: Map<string, string[]>;
let pageCount = 0;
beforeAll(async () => {
  const renderers = await loadPageRenderers();
  orphans = new Map();
  for (const { slug, site, data, routes } of await loadSampleSites({ slugs: SITES })) {
    const inbound = new Map(routes.map((route) => [route.path, 0]));
    const { pages, errors } = renderPages({ site, routes, data, renderers });
    if (errors.length) throw new Error(`${slug}: ${errors[0].path} failed`, { cause: errors[0].error });
    for (const page of pages) {
      // Links as written, decoded to the planned paths they name.
      for (const href of linkedPaths(page.html)) {
        let path = href;
        try {
          path = decodeURI(href);
        } catch {
          // A malformed escape names no planned page.
        }
        const target = inbound.has(path) ? path : href;
        if (target !== page.route.path && inbound.has(target)) inbound.set(target, inbound.get(target)! + 1);
      }
    }
    pageCount += pages.length;
    orphans.set(
      slug,
      routes.filter((route) => !REACHED_BY_FLOW.has(route.kind) && inbound.get(route.path) === 0).map((route) => route.path),
    );
  }
}, 120_000);

describe('every page of a sample dealer', () => {
  it('is linked from another page of its site', () => {
    expect(pageCount).toBeGreaterThan(300);
    expect(Object.fromEntries([...orphans].filter(([, paths]) => paths.length > 0))).toEqual({});
  });
});
