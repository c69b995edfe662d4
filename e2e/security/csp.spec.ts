import { expect, test, type Page } from '@playwright/test';
import { hydrated } from '../pageHelpers.ts';
import { builtSlugs, onePathPerKind, siteUrl } from '../sites.ts';

/**
 * The Content-Security-Policy is on for every served page, and no page breaks it: each dealer's
 * pages that run islands or the record's own scripts (home, a car, search, contact, finance)
 * load and hydrate with no `securitypolicyviolation` event.
 */
const KINDS = new Set(['home', 'car', 'search', 'contact', 'finance', 'reserve']);

/** Records every CSP violation the page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

for (const slug of builtSlugs()) {
  test(`${slug}: the policy is sent and nothing violates it`, async ({ page }) => {
    const violations = await recordViolations(page);
    for (const { kind, path } of onePathPerKind(slug).filter(({ kind }) => KINDS.has(kind))) {
      const res = await page.goto(siteUrl(slug) + path, { waitUntil: 'load' });
      const headers = res?.headers() ?? {};
      expect(headers['content-security-policy'], `${kind} ${path}`).toMatch(/(^|; )script-src 'self'[^;]*(;|$)/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      await page.waitForLoadState('networkidle');
      // Islands hydrate under the policy (their props are JSON data blocks, never inline script).
      await hydrated(page);
      expect(await violations(), `${kind} ${path}`).toEqual([]);
    }
  });
}

test('an inline script is refused (the policy is enforced, not only reported)', async ({ page }) => {
  const slug = builtSlugs()[0];
  const violations = await recordViolations(page);
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
