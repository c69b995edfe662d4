import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtSlugs, onePathPerKind, siteUrl } from './sites.ts';

// axe-core with the WCAG 2.x A and AA rule tags finds no violation on any page kind.
const slugs = builtSlugs();
const picked = [...new Set([slugs[0], slugs[slugs.length - 1]])].filter(Boolean);

for (const slug of picked) {
  for (const { kind, path } of onePathPerKind(slug)) {
    test(`axe ${slug} ${kind} ${path}`, async ({ page }) => {
      await page.goto(siteUrl(slug) + path);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });
  }
}
