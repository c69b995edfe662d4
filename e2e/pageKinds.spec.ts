/**
 * Every page kind of three sample dealers, one visit each, checked the way a shopper and an
 * auditor would see it:
 * - it answers 200 with the Content-Security-Policy and nosniff headers, and nothing on it
 *   violates the policy while its islands hydrate;
 * - it has one h1, no console error, no uncaught error, no failed request;
 * - it never scrolls sideways at any width from a small phone to a wide desktop, with the mobile
 *   menu and its dialogs open;
 * - axe-core (WCAG 2.x A and AA) finds no violation (on the largest group's pages);
 * - the suite serves in demo mode, so it carries the Demo badge at a phone and a desktop width.
 *
 * The dealers are the group with the most locations (the widest header and carousel) and the
 * last built (a single dealer of another template). One visit per page does all four checks.
 * Every other sample dealer's page kinds are checked for sideways scroll at every width (one
 * test per dealer), and every dealer's home for its brand and policy in brand.spec.ts.
 */
import { axeViolations } from './axe.ts';
import { existsSync, readFileSync } from 'node:fs';
import { expectNoOverflow } from './overflow.ts';
import { expectDemoBadge, hydrated } from './pageHelpers.ts';
import { builtSlugs, onePathPerKind, siteUrl } from './sites.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './visitor.ts';

const WIDTHS = [360, 390, 768, 1024, 1366, 1920];

/** The page at each of WIDTHS in turn, checked for sideways scroll; `what` names it in a failure. */
async function expectNoOverflowAtEveryWidth(page: Page, what: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoOverflow(page, `${what}${width}px`);
  }
}
const built = builtSlugs().filter((slug) => existsSync(`dealers/${slug}/dealer.yaml`));
/** Locations in a dealer's record: the group with the most is the widest header and carousel. */
const locationCount = (slug: string) => (readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8').match(/^\s*- +(?:\{ *)?id: /gm) ?? []).length;
const largest = [...built].sort((a, b) => locationCount(b) - locationCount(a))[0];
const slugs = [...new Set([largest, built[built.length - 1]])].filter(Boolean);

for (const slug of slugs) {
  test.describe(slug, () => {
    for (const { kind, path } of onePathPerKind(slug)) {
      test(`${kind} ${path}`, async ({ visitor: { page, violations }, watch }) => {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        const res = await page.goto(siteUrl(slug) + path, { waitUntil: 'load' });
        expect(res?.status()).toBe(200);
        const headers = res?.headers() ?? {};
        expect.soft(headers['content-security-policy']).toMatch(/(^|; )script-src 'self'[^;]*(;|$)/);
        expect.soft(headers['x-content-type-options']).toBe('nosniff');
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await expect.soft(page.locator('h1')).toHaveCount(1);
        await expectDemoBadge(page, WIDTHS[0]);
        expect.soft(watch.problems(), 'console errors and failed requests').toEqual([]);
        expect.soft(await violations(), 'CSP violations').toEqual([]);

        await expectNoOverflowAtEveryWidth(page, '');
        await page.setViewportSize({ width: 360, height: 800 });
        await page.locator('.hm-burger').click();
        await expectNoOverflow(page, '360px, menu open');
        await page.keyboard.press('Escape');
        // Every dialog opener's dialog open (the first three), at a phone and a desktop width.
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
        await expectDemoBadge(page, 1366);
        // axe with everything closed, as the page first shows, on the largest group's pages (the
        // other dealer's pages are made of the same components; axe is the costliest check).
        if (slug === largest) expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

// Every other sample dealer: each page kind, hydrated, never scrolls sideways at any width (one
// test per dealer in one tab; the menu, dialog, header and axe checks above cover the shared parts).
for (const slug of built.filter((s) => !slugs.includes(s))) {
  test(`${slug}: no page kind scrolls sideways from 360 to 1920 px`, async ({ visitor: { page } }) => {
    test.setTimeout(180_000);
    for (const { kind, path } of onePathPerKind(slug)) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      const res = await page.goto(siteUrl(slug) + path, { waitUntil: 'load' });
      expect.soft(res?.status(), `${kind} ${path}`).toBe(200);
      await hydrated(page);
      await expectNoOverflowAtEveryWidth(page, `${kind} ${path} at `);
    }
  });
}

test("an unknown path answers 404 with the site's 404 page", async ({ page }) => {
  const res = await page.goto(siteUrl(slugs[0]) + '/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveCount(1);
});
