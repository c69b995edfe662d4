/**
 * Runs only the stock-rule search tests, without the suite's global `serve --all`: they generate
 * four sample dealers at a fixed build time and serve them themselves (./stockSites.ts):
 * `npx playwright test -c e2e/search/stock/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
  timeout: 240_000,
});
