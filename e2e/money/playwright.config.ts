/**
 * Runs only the money-flow tests, without the suite's global `serve --all` (they generate and
 * serve their own fixture dealers, see ./moneySite.ts): `npx playwright test -c e2e/money/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
});
