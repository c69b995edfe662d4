/**
 * Content-Security-Policy violations a page reports, recorded from before its first script runs.
 */
import type { Page } from '@playwright/test';

/** Starts recording `page`'s `securitypolicyviolation` events; the returned function reads them. */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
