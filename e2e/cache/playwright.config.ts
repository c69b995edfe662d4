/**
 * Runs only the returning-visitor cache test, without the suite's global `serve --all` (it builds
 * and serves its own copy of a fixture dealer): `npx playwright test -c e2e/cache/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
});
