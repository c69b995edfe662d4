import { expect, test } from '@playwright/test';
import { builtSlugs, onePathPerKind, siteUrl } from './sites.ts';
import { watchPage } from './pageHealth.ts';

// Every route kind of at least three dealers (first, middle and last built, which differ in
// template, region and footer) loads with no console error and no failed request.
const slugs = builtSlugs();
const picked = [...new Set([slugs[0], slugs[Math.floor(slugs.length / 2)], slugs[slugs.length - 1]])].filter(Boolean);

for (const slug of picked) {
  test.describe(`${slug} route kinds`, () => {
    for (const { kind, path } of onePathPerKind(slug)) {
      test(`${kind} ${path}`, async ({ page }) => {
        const problems = watchPage(page);
        const res = await page.goto(siteUrl(slug) + path, { waitUntil: 'load' });
        expect(res?.status()).toBe(200);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('h1')).toHaveCount(1);
        expect(problems()).toEqual([]);
      });
    }
  });
}

test("an unknown path answers 404 with the site's 404 page", async ({ page }) => {
  const res = await page.goto(siteUrl(slugs[0]) + '/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveCount(1);
});
