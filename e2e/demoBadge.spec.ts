/**
 * Demo mode (`npm start`, the suite's `serve --all --demo`): every page kind of a sample dealer
 * with reserve and trade-in carries the small Demo badge, at a phone and a desktop width. The
 * badge sits in the page's flow (it covers nothing, the main action included), and axe finds no
 * violation on the pages a shopper acts on.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { builtSlugs, onePathPerKind, siteUrl } from './sites.ts';

/** A sample dealer whose site has the reserve and trade-in pages (picked by what it builds, not by name). */
const SLUG = builtSlugs().find((slug) => {
  const kinds = new Set(onePathPerKind(slug).map(({ kind }) => kind));
  return kinds.has('reserve') && kinds.has('trade-in');
})!;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const AXE_KINDS = new Set(['home', 'car', 'trade-in']);

for (const { kind, path } of onePathPerKind(SLUG)) {
  test(`Demo badge on ${kind} ${path}`, async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(siteUrl(SLUG) + path, { waitUntil: 'load' });
      const badge = page.getByRole('complementary', { name: 'Demo mode' });
      await expect(badge, `${size.width}px`).toBeVisible();
      await expect(badge).toContainText('Demo');
      const box = (await badge.boundingBox())!;
      expect(box.y).toBeLessThan(5);
      expect(box.height).toBeLessThanOrEqual(size.width < 500 ? 60 : 32);
      // In the flow of the page, never fixed over it: the main action stays uncovered.
      expect(await badge.evaluate((element) => getComputedStyle(element).position)).toBe('static');
      if (AXE_KINDS.has(kind) && size.width === 390) expect(await axeViolations(page)).toEqual([]);
    }
  });
}
