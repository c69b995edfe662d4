import { expect, test } from '@playwright/test';
import { recordCspViolations } from '../cspViolations.ts';
import { builtSlugs, siteUrl } from '../sites.ts';

/**
 * The Content-Security-Policy is enforced, not only reported. That every page kind is served
 * with it and breaks nothing is checked by pageKinds.spec.ts; that every dealer's home (with the
 * record's own scripts) does, by brand.spec.ts.
 */
test('an inline script is refused (the policy is enforced, not only reported)', async ({ page }) => {
  const slug = builtSlugs()[0];
  const violations = await recordCspViolations(page);
  await page.goto(siteUrl(slug) + '/');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
});
