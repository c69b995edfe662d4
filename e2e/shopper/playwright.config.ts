/**
 * Runs only the shopper tests, without the suite's global `serve --all` (these tests generate
 * and serve their own fixture dealer, see ./shop.ts), so they run before any sample dealer
 * exists: `npx playwright test -c e2e/shopper/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
});
