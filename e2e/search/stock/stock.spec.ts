/**
 * Stock rules in the browser on four sample dealers built at a fixed time: item-type search
 * paths list only their item type (also after the island hydrates and a facet changes), a car
 * sold by its flag follows the dealer's sold window, and hostile query strings (prototype names,
 * markup, junk) in every search parameter leave the search working and execute nothing.
 */
import type { Page } from '@playwright/test';
import { isShownOnSite } from '../../../domain/visibility.ts';
import { matchesItemType, type ItemType } from '../../../domain/itemTypes.ts';
import { bodyFilterSlug } from '../../../domain/models.ts';
import { expect, feed, NOW, recordModels, ROLES, soldWindow, test } from './stockSites.ts';

const now = new Date(NOW);
const count = (page: Page) => page.locator('.search-count');
const hydrated = (page: Page) => page.locator('[data-island="SearchApp"][data-hydrated]');
const totalText = (n: number) => (n === 1 ? '1 car found' : `${n.toLocaleString('en')} cars found`);

/** Visible cars of a dealer's feed that an item-type path lists. */
function itemTypeCars({ slug, itemType, window }: { slug: string; itemType: ItemType; window: number }) {
  return feed(slug).filter((car) => isShownOnSite({ car, now, soldWindowDays: window }) && matchesItemType({ car, itemType }));
}

for (const { slug, itemType, window } of [
  { slug: ROLES.subscription, itemType: 'subscription', window: soldWindow(ROLES.subscription) },
  { slug: ROLES.rv, itemType: 'rv', window: soldWindow(ROLES.rv) },
] as const) {
  test(`/search/${itemType} on ${slug} lists only ${itemType} stock, before and after hydration`, async ({ page, sites }) => {
    const expected = itemTypeCars({ slug, itemType, window });
    const all = feed(slug).filter((car) => isShownOnSite({ car, now, soldWindowDays: window }));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    await page.goto(`${sites.url(slug)}/search/${itemType}`);
    await expect(hydrated(page)).toHaveCount(1);
    await expect(count(page)).toHaveText(totalText(expected.length));
    const slugs = new Set(expected.map((car) => car.slug));
    for (const href of await page.locator('[data-search-results] .car-card a[href^="/cars/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(slugs.has(href!.split('/')[2])).toBe(true);
    }
    // A sort change asks the engine again: still only this item type.
    await page.goto(`${sites.url(slug)}/search/${itemType}?sortBy=price:desc`);
    await expect(hydrated(page)).toHaveCount(1);
    await expect(count(page)).toHaveText(totalText(expected.length));
  });
}

test('a car sold by its flag (status in_stock) is gone (redirected) on a 0-day dealer and shown inside a 3-day window', async ({ page, sites }) => {
  const flagged = (slug: string) => feed(slug).filter((car) => car.sold === true && car.status === 'in_stock' && car.show_on_dealer_website !== false);
  const hidden = flagged(ROLES.zeroWindow);
  expect(hidden.length).toBeGreaterThan(0);
  // Past its window a sold car's page is gone: its URL redirects to a search (links from outside keep working).
  for (const car of hidden) {
    const gone = await page.request.get(`${sites.url(ROLES.zeroWindow)}/cars/${car.slug}`, { maxRedirects: 0 });
    expect(gone.status()).toBe(301);
    expect(gone.headers()['location']).toMatch(/^\/search\//);
  }
  const shown = flagged(ROLES.defaultWindow).filter((car) => isShownOnSite({ car, now, soldWindowDays: soldWindow(ROLES.defaultWindow) }));
  expect(shown.length).toBeGreaterThan(0);
  const response = await page.goto(`${sites.url(ROLES.defaultWindow)}/cars/${shown[0].slug}`);
  expect(response?.status()).toBe(200);
  await page.goto(`${sites.url(ROLES.zeroWindow)}/search/new-used-and-demo-cars?query=${encodeURIComponent(hidden[0].name)}`);
  await expect(hydrated(page)).toHaveCount(1);
  await expect(page.locator(`[data-search-results] a[href="/cars/${hidden[0].slug}"]`)).toHaveCount(0);
});

test('/models?body= lists only that body group on load, on a filter link and on back; each link ends at its group anchor', async ({ page, sites }) => {
  const slug = ROLES.bodyModels;
  const models = recordModels(slug);
  const bodies = [...new Set(models.map((m) => m.manufacturer_body ?? 'Other'))];
  const [first, second] = bodies.map((b) => bodyFilterSlug(b));
  const sectionsShown = () => page.locator('section[data-body]:visible').evaluateAll((ss) => ss.map((s) => s.getAttribute('data-body')));

  await page.goto(`${sites.url(slug)}/models?body=${first}`);
  await expect(page.locator('[data-island="ModelsBodyFilter"][data-hydrated]')).toHaveCount(1);
  await expect.poll(sectionsShown).toEqual([first]);
  await expect(page.locator(`section[data-body="${first}"] h2`)).toBeVisible();

  const link = page.getByRole('navigation', { name: 'Filter models by body type' }).getByRole('link', { name: bodies[1], exact: true });
  await expect(link).toHaveAttribute('href', `/models?body=${second}#body-${second}`);
  await expect(page.locator(`#body-${second}`)).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`\\?body=${second}#body-${second}$`));
  await expect.poll(sectionsShown).toEqual([second]);
  await expect(link).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect.poll(sectionsShown).toEqual([first]);
  await page.getByRole('navigation', { name: 'Filter models by body type' }).getByRole('link', { name: 'All', exact: true }).click();
  await expect.poll(sectionsShown).toEqual(bodies.map((b) => bodyFilterSlug(b)));
});

const HOSTILE = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "' OR 1=1 --",
  'make = "x" OR 1 = 1',
  '\u202e\u0000',
  '%00',
  '9'.repeat(400),
  '-1',
  'NaN',
  '1e309',
  '[]',
  '{}',
];

/** Every search parameter of SPEC §2 with one hostile string as a field name or value, as one query string per string. */
function hostileQueries(): string[][] {
  const e = encodeURIComponent;
  return HOSTILE.map((h) => [
    `refinementList[${e(h)}][0]=x`,
    `refinementList[${e(h)}][${e(h)}]=${e(h)}`,
    `refinementList[make][0]=${e(h)}`,
    `refinementList[model][${e(h)}]=${e(h)}`,
    `range[${e(h)}]=1:2`,
    `range[price]=${e(h)}`,
    `range[price][0]=${e(h)}:${e(h)}`,
    `sortBy=${e(h)}`,
    `page=${e(h)}`,
    `query=${e(h)}`,
    `${e(h)}=${e(h)}`,
  ]);
}

test('hostile query strings in every search parameter leave the search working and execute nothing', async ({ page, sites }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const base = `${sites.url(ROLES.defaultWindow)}/search/new-used-and-demo-cars`;
  const queries = hostileQueries();
  for (const params of queries) {
    await page.goto(`${base}?${params.join('&')}`);
    await expect(hydrated(page)).toHaveCount(1);
    await expect(count(page)).toHaveText(/^(\d[\d,]*|1) cars? found$/);
  }
  // After all of them, one more: the facets still filter.
  await page.goto(`${base}?refinementList[constructor][0]=x&refinementList[__proto__][0]=x&refinementList[toString][0]=x`);
  await expect(hydrated(page)).toHaveCount(1);
  const before = await count(page).textContent();
  await page.locator('[data-facet="make"] input[type="checkbox"]').first().check();
  await expect(count(page)).not.toHaveText(before!);
  await expect(page).toHaveURL(/refinementList(\[|%5B)make(\]|%5D)(\[|%5B)0(\]|%5D)=/);
  expect(errors).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(queries.flat().length).toBeGreaterThanOrEqual(150);
});
