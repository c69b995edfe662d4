/**
 * Runs only the shopper tests, without the suite's `serve --all` of the sample dealers (these tests serve their
 * own fixture dealer, generated once by the global setup, see ./shop.ts), so they run before any sample dealer
 * exists: `npx playwright test -c e2e/shopper/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  // The shared setup without the sample dealers' server: it generates the fixture dealers once.
  globalSetup: '../globalSetup.ts',
  metadata: { fixturesOnly: true, fixtureDirs: ['fixtures/shopper/dealers'] },
});
