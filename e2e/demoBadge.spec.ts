/**
 * Demo mode (`npm start`, the suite's `serve --all --demo`): the small Demo badge on the pages a
 * shopper acts on of a sample dealer with reserve and trade-in, at a phone and a desktop width,
 * with no axe violation on the phone. Every other page kind is checked for the badge by
 * pageKinds.spec.ts in the same visit as its other checks (expectDemoBadge).
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expectDemoBadge } from './pageHelpers.ts';
import { builtSlugs, onePathPerKind, siteUrl } from './sites.ts';

/** A sample dealer whose site has the reserve and trade-in pages (picked by what it builds, not by name). */
const SLUG = builtSlugs().find((slug) => {
  const kinds = new Set(onePathPerKind(slug).map(({ kind }) => kind));
  return kinds.has('reserve') && kinds.has('trade-in');
})!;
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const KINDS = new Set(['home', 'car', 'reserve', 'trade-in']);

for (const { kind, path } of onePathPerKind(SLUG).filter(({ kind }) => KINDS.has(kind))) {
  test(`Demo badge on ${kind} ${path}`, async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(siteUrl(SLUG) + path, { waitUntil: 'load' });
      await expectDemoBadge(page, size.width);
    }
    // The phone width last: axe sees the badge beside the mobile action bar.
    expect(await axeViolations(page)).toEqual([]);
  });
}
