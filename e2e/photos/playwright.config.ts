/**
 * Runs only the photo-weight test, without the suite's `serve --all` of the sample dealers (it
 * builds and serves its own dealer with photos from a loopback host):
 * `npx playwright test -c e2e/photos/playwright.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import root from '../../playwright.config.ts';

export default defineConfig({
  ...root,
  testDir: '.',
  globalSetup: '../globalSetup.ts',
  metadata: { fixturesOnly: true, fixtureDirs: [] },
});
