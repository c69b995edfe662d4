/**
 * Runs only the variant tests, without the suite's global `serve --all` (they generate and
 * serve their own fixture dealers, see ./variantSites.ts): `npx playwright test -c e2e/variants/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
});
