/**
 * A test base whose `visitor` is one page per worker, visiting page after page as a shopper's tab
 * does: its cache keeps the sites' hashed assets between visits, which makes each visit about
 * three times faster than a fresh browser context per test on a loaded 2-core machine. For tests
 * that only read pages (nothing submitted or saved), so a visit never depends on an earlier one.
 * The page records Content-Security-Policy violations from before any script runs.
 */
import { test as base, type Page } from '@playwright/test';
import { recordCspViolations } from './cspViolations.ts';
import { watchPage, type PageWatch } from './pageHealth.ts';

/** The shared page and what it reports. */
export interface Visitor {
  page: Page;
  /** CSP violations of the document on show. */
  violations(): Promise<string[]>;
}

export const test = base.extend<{ watch: PageWatch }, { visitor: Visitor }>({
  visitor: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const violations = await recordCspViolations(page);
      await use({ page, violations });
      await context.close();
    },
    { scope: 'worker' },
  ],
  /** Read-only specs that ask for `page` get the shared page. */
  page: async ({ visitor, viewport }, use) => {
    // The viewport the test asks for (an earlier test on this page may have changed it).
    if (viewport) await visitor.page.setViewportSize(viewport);
    await use(visitor.page);
  },
  /** Console errors, uncaught errors and failed requests of the visitor's page during this test. */
  watch: async ({ visitor }, use) => {
    const watch = watchPage(visitor.page);
    await use(watch);
    watch.stop();
  },
});

export { expect } from '@playwright/test';
