/**
 * The Meilisearch dealer in the browser. No Meilisearch server exists here: the search host's
 * requests are intercepted and answered from a recorded SPEC §7 response
 * (fixtures/searchui/meiliResponse.json), and each request body is checked against SPEC §7.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Route } from '@playwright/test';
import { siteUrl } from '../sites.ts';
import { meiliSite } from './searchSites.ts';

// Undefined only while Playwright lists the tests (before the global setup generates the fixtures).
const site = meiliSite();

interface Recorded {
  main: Record<string, unknown>;
  facets: Record<string, Record<string, unknown>>;
}
const RECORDED = JSON.parse(readFileSync(new URL('../../fixtures/searchui/meiliResponse.json', import.meta.url), 'utf8')) as Recorded;

const MAIN_KEYS = ['attributesToHighlight', 'facets', 'filter', 'highlightPostTag', 'highlightPreTag', 'indexUid', 'limit', 'offset', 'q', 'sort'];

test('the search page asks Meilisearch with SPEC §7 multi-search bodies and shows its answer', async ({ page }) => {
  const bodies: { queries: Record<string, unknown>[] }[] = [];
  const headers: Record<string, string>[] = [];
  await page.route(/\/multi-search$/, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors() });
    const body = request.postDataJSON() as { queries: Record<string, unknown>[] };
    bodies.push(body);
    headers.push(request.headers());
    const results = body.queries.map((q, i) =>
      i === 0
        ? RECORDED.main
        : {
            indexUid: q.indexUid,
            hits: [],
            estimatedTotalHits: 2,
            processingTimeMs: 0,
            limit: 1,
            offset: 0,
            ...(RECORDED.facets[(q.facets as string[])[0]] ?? {}),
          },
    );
    await route.fulfill({ status: 200, contentType: 'application/json', headers: cors(), body: JSON.stringify({ results }) });
  });

  await page.goto(`${siteUrl(site!.slug)}/${site!.path}?refinementList[make][0]=Toyota`);
  await expect(page.locator('.search-count')).toHaveText('2 cars found');
  await expect(page.locator('[data-search-results] .car-card')).toHaveCount(2);
  await expect(page.locator('[data-search-results]')).toContainText('$48,990');
  await expect(page.locator('[data-facet="make"] label', { hasText: 'Mazda (3)' })).toBeVisible();

  const body = bodies.at(-1)!;
  const [main, ...perFacet] = body.queries;
  expect(Object.keys(main).sort()).toEqual(MAIN_KEYS);
  expect(main).toMatchObject({
    limit: 21,
    offset: 0,
    q: '',
    sort: [site!.defaultSort],
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
  });
  expect(main.filter).toContainEqual(['make = "Toyota"']);
  expect(perFacet.length).toBe((main.facets as string[]).length);
  for (const [i, q] of perFacet.entries()) {
    expect(q).toMatchObject({ indexUid: main.indexUid, limit: 1, offset: 0, facets: [(main.facets as string[])[i]] });
    expect(Array.isArray(q.filter)).toBe(true);
  }
  // The make facet's own query leaves out the make selection (disjunctive counts).
  const makeQuery = perFacet.find((q) => (q.facets as string[])[0] === 'make')!;
  expect(makeQuery.filter).not.toContainEqual(['make = "Toyota"']);
  expect(headers.at(-1)!.authorization).toMatch(/^Bearer \S+/);
  expect(headers.at(-1)!['content-type']).toContain('application/json');

  // A second make joins the same OR group.
  await page.locator('[data-facet="make"] label', { hasText: 'Mazda (3)' }).click();
  await expect.poll(() => bodies.at(-1)!.queries[0].filter).toContainEqual(['make = "Toyota"', 'make = "Mazda"']);
});

function cors(): Record<string, string> {
  return { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, GET, OPTIONS' };
}

test('with the search host unreachable, the page answers from the static index built beside it', async ({ page }) => {
  // No route: the search host does not resolve here, so every request to it fails.
  const indexRequests: string[] = [];
  page.on('request', (r) => r.url().includes('/assets/search/') && indexRequests.push(r.url()));
  const [make, n] = Object.entries(site!.facets.make).sort((a, b) => b[1] - a[1])[0];
  await page.goto(`${siteUrl(site!.slug)}/${site!.path}?refinementList[make][0]=${encodeURIComponent(make)}`);
  await expect(page.locator('.search-count')).toHaveText(n === 1 ? '1 car found' : `${n} cars found`);
  await expect(page.locator('[data-search-results] .car-card').first()).toBeVisible();
  for (const title of await page.locator('[data-search-results] .car-card__title').allTextContents()) expect(title).toContain(make);
  expect(indexRequests.some((url) => url.endsWith('/assets/search/index.bin'))).toBe(true);
});
