/**
 * The search page in the browser on a static-engine dealer: facets, slider by keyboard, sort,
 * page 2, text query, autocomplete by keyboard, a shared URL, back and forward, and that
 * hydration moves nothing. Each state change is checked in the URL and in the results.
 */
import type { Page, Request } from '@playwright/test';
import { siteUrl } from '../sites.ts';
// The tests only read the site (search state lives in the URL): they share one page per worker.
import { expect, test } from '../visitor.ts';
import { staticSite } from './searchSites.ts';

// Undefined only while Playwright lists the tests (before the global setup generates the fixtures).
const site = staticSite();

const count = (page: Page) => page.locator('.search-count');
const cards = (page: Page) => page.locator('[data-search-results] .car-card');
const hydrated = (page: Page) => page.locator('[data-island="SearchApp"][data-hydrated]');
const totalText = (n: number) => (n === 1 ? '1 car found' : `${n.toLocaleString('en')} cars found`);

/** The card prices shown, as numbers (cards without a price are left out). */
async function prices(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-search-results] .car-price__value').allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, ''))).filter((n) => Number.isFinite(n) && n > 0);
}

/** The make with the most cars among the first 8 the facet lists by name. */
function topMake(): [string, number] {
  const shown = Object.entries(site!.facets.make)
    .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
    .slice(0, 8);
  return shown.sort((a, b) => b[1] - a[1])[0];
}

async function open(page: Page, query = '') {
  await page.goto(`${siteUrl(site!.slug)}/${site!.path}${query}`);
  await expect(hydrated(page)).toHaveCount(1);
}

test('prerendered results before any script, and hydration moves nothing', async ({ browser }) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(`${siteUrl(site!.slug)}/${site!.path}`);
  await expect(cards(plain)).toHaveCount(21);
  await expect(count(plain)).toHaveText(totalText(site!.total));
  const before = await plain.locator('[data-search-results]').boundingBox();
  await noJs.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const console_: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console_.push(m.text()));
  await open(page);
  await page.waitForLoadState('networkidle');
  const after = await page.locator('[data-search-results]').boundingBox();
  expect(after).toEqual(before);
  await expect(cards(page)).toHaveCount(21);
  // The island's first render equals the server HTML: React reports no mismatch.
  expect(console_.filter((t) => /hydrat|did not match|mismatch/i.test(t))).toEqual([]);
  await context.close();
});

test('a facet filters, its counts update and the URL says so', async ({ page }) => {
  await open(page);
  const [make, n] = topMake();
  const option = page.locator('[data-facet="make"] label', { hasText: new RegExp(`^${make} \\(`) });
  await option.click();
  await expect(page).toHaveURL(
    new RegExp(`refinementList%5Bmake%5D%5B0%5D=${encodeURIComponent(make)}|refinementList\\[make\\]\\[0\\]=${encodeURIComponent(make)}`),
  );
  await expect(count(page)).toHaveText(totalText(n));
  // Disjunctive: the make facet still offers the other makes with their counts; other facets count this make only.
  const other = Object.keys(site!.facets.make)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .find((m) => m !== make)!;
  await expect(page.locator('[data-facet="make"] label', { hasText: `${other} (${site!.facets.make[other]})` })).toBeVisible();
  const modelCounts = await page.locator('[data-facet="model"] .facet__count').allTextContents();
  const sum = modelCounts.map((t) => Number(t.replace(/\D/g, ''))).reduce((a, b) => a + b, 0);
  expect(sum).toBe(n);
  const titles = await page.locator('[data-search-results] .car-card__title').allTextContents();
  for (const title of titles) expect(title).toContain(make);
});

test('the price slider works by keyboard and constrains the results', async ({ page }) => {
  await open(page);
  const min = page.getByLabel('Minimum price');
  await min.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/range(%5B|\[)price(%5D|\])=25000(%3A|:)/);
  await expect(min).toHaveValue('25000');
  await expect.poll(async () => Math.min(...(await prices(page)))).toBeGreaterThanOrEqual(25000);
  const max = page.getByLabel('Maximum price');
  await max.focus();
  await page.keyboard.press('Home');
  // The upper thumb stays above the lower one (domain clamp): it cannot go below 25,000.
  await expect.poll(async () => Number(await max.inputValue())).toBeGreaterThanOrEqual(25000);
});

test('sort by price ascending orders the cards and is in the URL', async ({ page }) => {
  await open(page);
  await page.getByLabel('Sort by').selectOption('price:asc');
  await expect(page).toHaveURL(/sortBy=price(%3A|:)asc/);
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.every((v, i) => i === 0 || p[i - 1] <= v) && p.length > 1;
    })
    .toBe(true);
});

test('sort by year puts the newest cars first', async ({ page }) => {
  await open(page);
  await page.getByLabel('Sort by').selectOption({ label: 'Year: Newest First' });
  await expect(page).toHaveURL(/sortBy=year(%3A|:)desc/);
  await expect
    .poll(async () => {
      const years = (await page.locator('[data-search-results] .car-card__title').allTextContents()).map((t) => Number(/\b(19|20)\d\d\b/.exec(t)?.[0]));
      return years.length > 1 && years.every((y, i) => i === 0 || years[i - 1] >= y);
    })
    .toBe(true);
});

test('a long make list filters as the shopper types, so every make is reachable', async ({ page }) => {
  await open(page);
  const makes = Object.keys(site!.facets.make).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  expect(makes.length).toBeGreaterThan(8);
  const facet = page.locator('[data-facet="make"]');
  await expect(facet.getByRole('checkbox')).toHaveCount(makes.length);
  const last = makes[makes.length - 1];
  const typed = last.slice(0, 3);
  await facet.getByRole('searchbox').fill(typed);
  await expect(facet.getByRole('checkbox')).toHaveCount(makes.filter((m) => m.toLowerCase().includes(typed.toLowerCase())).length);
  await facet.locator('label', { hasText: new RegExp(`^${last} \\(`) }).click();
  await expect(count(page)).toHaveText(totalText(site!.facets.make[last]));
});

test('page 2 is a real link and shows the next cards', async ({ page }) => {
  await open(page);
  const firstIds = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-car-id')));
  const link = page.getByRole('link', { name: 'Page 2' });
  await expect(link).toHaveAttribute('href', `/${site!.path}?page=2`);
  await link.click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(async () => (await cards(page).first().getAttribute('data-car-id')) ?? '').not.toBe(firstIds[0]);
  const secondIds = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-car-id')));
  expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
});

test('the text query narrows the results', async ({ page }) => {
  await open(page);
  const [make] = topMake();
  await page.getByLabel('Keyword').fill(make.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`query=${encodeURIComponent(make.toLowerCase())}`));
  await expect(count(page)).toHaveText(totalText(site!.facets.make[make]));
});

test('a shared URL reproduces the results', async ({ page }) => {
  const [make, n] = topMake();
  await open(page, `?refinementList[make][0]=${encodeURIComponent(make)}&sortBy=price:desc`);
  await expect(count(page)).toHaveText(totalText(n));
  await expect(page.locator('[data-facet="make"] input:checked')).toHaveCount(1);
  await expect(page.getByLabel('Sort by')).toHaveValue('price:desc');
  const p = await prices(page);
  expect(p.every((v, i) => i === 0 || p[i - 1] >= v)).toBe(true);
});

test('back and forward restore the state', async ({ page }) => {
  await open(page);
  const [make, n] = topMake();
  await page.locator('[data-facet="make"] label', { hasText: new RegExp(`^${make} \\(`) }).click();
  await expect(count(page)).toHaveText(totalText(n));
  await page.getByLabel('Sort by').selectOption('price:desc');
  await expect(page).toHaveURL(/sortBy=price/);
  await page.goBack();
  await expect(page).not.toHaveURL(/sortBy/);
  await expect(page.getByLabel('Sort by')).not.toHaveValue('price:desc');
  await expect(count(page)).toHaveText(totalText(n));
  await page.goBack();
  await expect(count(page)).toHaveText(totalText(site!.total));
  await expect(page.locator('[data-facet="make"] input:checked')).toHaveCount(0);
  await page.goForward();
  await expect(count(page)).toHaveText(totalText(n));
  await expect(page.locator('[data-facet="make"] input:checked')).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('results first; Filters opens a dialog with the live count, Apply and Escape give focus back, a chip removes its filter', async ({ page }) => {
    await open(page);
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    // The Filters control and the first card are within the first screen; the filters are not.
    expect((await filters.boundingBox())!.y + (await filters.boundingBox())!.height).toBeLessThanOrEqual(844);
    expect((await cards(page).first().boundingBox())!.y).toBeLessThan(844);
    await expect(page.locator('[data-facet="make"]')).toBeHidden();

    await filters.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.search-filters-dialog__count')).toHaveText(totalText(site!.total));
    const [make, n] = topMake();
    await dialog.locator('[data-facet="make"] label', { hasText: new RegExp(`^${make} \\(`) }).click();
    await expect(dialog.locator('.search-filters-dialog__count')).toHaveText(totalText(n));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(filters).toBeFocused();
    await expect(count(page)).toHaveText(totalText(n));

    await filters.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(filters).toBeFocused();

    await page.getByRole('button', { name: `Remove Make: ${make}` }).click();
    await expect(count(page)).toHaveText(totalText(site!.total));
    await expect(page).not.toHaveURL(/refinementList/);
    await expect(page.getByRole('list', { name: 'Selected filters' })).toHaveCount(0);
  });
});

test("'See more from this dealer' lands on a working filtered search", async ({ page }) => {
  await open(page, `?refinementList[dealership_slug][0]=${encodeURIComponent(site!.slug)}`);
  await expect(count(page)).not.toHaveText(/unavailable/);
  await expect(cards(page).first()).toBeVisible();
});

test('header autocomplete: loads the engine only on focus, works by keyboard, opens the car', async ({ page }) => {
  const indexRequests: string[] = [];
  const onRequest = (r: Request) => r.url().includes('/assets/search/') && indexRequests.push(r.url());
  // The shared page may still be fetching for the last test's search page: leave it first.
  await page.goto('about:blank');
  page.on('request', onRequest);
  // The page is shared by the worker's tests: the listener goes when this test ends.
  try {
    await page.goto(`${siteUrl(site!.slug)}/`);
    await expect(page.locator('[data-island="Autocomplete"][data-hydrated]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(indexRequests).toEqual([]);
    const box = page.getByRole('combobox');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.focus();
    const [make] = topMake();
    await box.pressSequentially(make.slice(0, 3).toLowerCase());
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(indexRequests.length).toBeGreaterThan(0);
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`#${active}`)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await Promise.all([page.waitForURL(/\/cars\//), page.keyboard.press('Enter')]);
  } finally {
    page.off('request', onRequest);
  }
});

test('header search submits to the default search path with ?query=', async ({ page }) => {
  await page.goto(`${siteUrl(site!.slug)}/`);
  const [make] = topMake();
  const box = page.getByRole('combobox');
  await box.fill(make);
  await Promise.all([page.waitForURL(/\/search\/.*[?&]query=/), box.press('Enter')]);
  await expect(page.locator('[data-island="SearchApp"][data-hydrated]')).toHaveCount(1);
  await expect(page.getByLabel('Keyword')).toHaveValue(make);
});
