/**
 * Runs only the money-flow tests, without the suite's `serve --all` of the sample dealers (they serve their own
 * fixture dealers, generated once by the global setup, see ./moneySite.ts): `npx playwright test -c e2e/money/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  // The shared setup without the sample dealers' server: it generates the fixture dealers once.
  globalSetup: '../globalSetup.ts',
  metadata: { fixturesOnly: true, fixtureDirs: ['fixtures/money/dealers'] },
});
