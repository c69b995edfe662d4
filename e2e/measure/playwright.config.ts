/**
 * Runs only the measurement tests, without the suite's `serve --all` of the sample dealers (they
 * serve their own fixture dealers, fixtures/measure/dealers, generated once by the global setup):
 * `npx playwright test -c e2e/measure/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: '../globalSetup.ts',
  metadata: { fixturesOnly: true, fixtureDirs: ['fixtures/measure/dealers'] },
});
