/**
 * Runs only the region tests, without the suite's global `serve --all` (they generate and serve
 * their own NZ, US and one AU dealer, see ./regionSites.ts): `npx playwright test -c e2e/regions/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
});
