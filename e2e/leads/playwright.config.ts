/**
 * Runs only the lead-contract browser tests, without the suite's global `serve --all` (they
 * generate their own fixture dealer and serve it with ./scriptedServer.ts):
 * `npx playwright test -c e2e/leads/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: undefined,
});
