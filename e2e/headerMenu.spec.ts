/**
 * The header menu island (SPEC §4 Dropdowns and menus) with mouse and keyboard: one dropdown open
 * at a time, the header's dropdown-open marker, Escape returning focus, the mobile burger, and
 * the drawer's modal-open marker on the page body. Dealers are chosen by record fields.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { DealerRecord } from '../domain/site.ts';
import { hydrated } from './pageHelpers.ts';
import { builtSlugs, siteUrl } from './sites.ts';

const record = (slug: string) => parse(readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8')) as DealerRecord;
// Only sample dealers (a site in out/ may have been built from another folder).
const slugs = builtSlugs().filter((slug) => existsSync(`dealers/${slug}/dealer.yaml`));
const drawerDealer = slugs.find((slug) => record(slug).features?.mobile_drawer === true);
const plainDealer = slugs.find((slug) => record(slug).features?.mobile_drawer !== true);

const toggles = (page: Page) => page.locator('header nav button[aria-expanded]');
const header = (page: Page) => page.locator('header').first();

test.describe('desktop', () => {
  test.skip(!plainDealer, 'no sample dealer without a drawer');

  test.beforeEach(async ({ page }) => {
    await page.goto(siteUrl(plainDealer!) + '/');
    await hydrated(page);
    expect(await toggles(page).count()).toBeGreaterThanOrEqual(2);
  });

  test('mouse: one dropdown at a time, the header marker, click outside closes', async ({ page }) => {
    const [first, second] = [toggles(page).nth(0), toggles(page).nth(1)];
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await first.getAttribute('aria-controls')}`)).toBeVisible();
    await expect(header(page)).toHaveClass(/dropdown-open/);
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await page.locator('main h1').click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page)).not.toHaveClass(/dropdown-open/);
  });

  test('keyboard: Enter opens, ArrowDown enters the menu, Escape closes and returns focus', async ({ page }) => {
    const first = toggles(page).nth(0);
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    const menu = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(menu.locator('a:focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(first).toBeFocused();
    await expect(header(page)).not.toHaveClass(/dropdown-open/);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the burger opens and closes the menu', async ({ page }) => {
    test.skip(!plainDealer, 'no sample dealer without a drawer');
    await page.goto(siteUrl(plainDealer!) + '/');
    await hydrated(page);
    const burger = page.locator('header button[aria-controls]').filter({ hasText: 'Menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await burger.getAttribute('aria-controls')}`).locator('nav')).toBeVisible();
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  test('the drawer marks the page body modal-open while open, and Escape closes it', async ({ page }) => {
    test.skip(!drawerDealer, 'no sample dealer with a drawer');
    await page.goto(siteUrl(drawerDealer!) + '/');
    await hydrated(page);
    await expect(page.locator('body')).not.toHaveClass(/modal-open/);
    const burger = page.locator('header button[aria-controls]').filter({ hasText: 'Menu' });
    await burger.click();
    await expect(page.locator('body')).toHaveClass(/modal-open/);
    await page.keyboard.press('Escape');
    await expect(page.locator('body')).not.toHaveClass(/modal-open/);
    await expect(burger).toBeFocused();
  });
});
