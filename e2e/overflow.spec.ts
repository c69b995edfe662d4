/**
 * No page of the sample dealers scrolls sideways: at every width from a small phone to a wide
 * desktop the document is no wider than the window, with the menus and dialogs closed and open.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { hydrated } from './pageHelpers.ts';
import { builtSlugs, onePathPerKind, siteUrl } from './sites.ts';

const WIDTHS = [360, 390, 768, 1024, 1366, 1920];
const built = builtSlugs().filter((slug) => existsSync(`dealers/${slug}/dealer.yaml`));
/** Locations in a dealer's record: the group with the most is the widest header and carousel. */
const locationCount = (slug: string) => (readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8').match(/^\s*- +(?:\{ *)?id: /gm) ?? []).length;
const largest = [...built].sort((a, b) => locationCount(b) - locationCount(a))[0];
// Every page kind of the largest group and of the first and last dealers built (which differ in
// template, region and footer): the whole matrix of 13 dealers would not fit CI's time budget.
const slugs = [...new Set([largest, built[0], built[built.length - 1]])].filter(Boolean);

const overflow = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));

async function expectNoOverflow(page: Page, state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await overflow(page);
  expect(scrollWidth, `${state}: the page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

for (const slug of slugs) {
  for (const { kind, path } of onePathPerKind(slug)) {
    test(`no sideways scroll: ${slug} ${kind} ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(siteUrl(slug) + path);
      await hydrated(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoOverflow(page, `${width}px`);
      }
      // The mobile menu open.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.locator('.hm-burger').click();
      await expectNoOverflow(page, '360px, menu open');
      await page.keyboard.press('Escape');
      // Every dialog opener's dialog open, at a phone and a desktop width.
      const openers = page.locator('button[command="show-modal"]');
      for (const width of [360, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        for (let i = 0; i < Math.min(await openers.count(), 3); i++) {
          const opener = openers.nth(i);
          if (!(await opener.isVisible())) continue;
          await opener.click();
          await expectNoOverflow(page, `${width}px, dialog ${i} open`);
          await page.keyboard.press('Escape');
        }
      }
    });
  }
}
