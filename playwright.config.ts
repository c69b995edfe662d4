import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/chromium.ts';

/**
 * Browser tests run Debian's Chromium (npm browser downloads do not work on our machines) against
 * the generated sample sites served by `forecourt serve --all`, and fixture dealers generated
 * once per run (see e2e/globalSetup.ts and e2e/fixtureSet.ts). The
 * host-resolver rule makes every non-local host unresolvable, so nothing leaves the machine.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // CI machines are shared and slow; one retry keeps a timing hiccup from failing a submission.
  // A retried test is reported as flaky in the JSON report, and it still has to pass.
  retries: process.env.CI ? 1 : 0,
  // Sized for a 2-core machine under a load of 15-30 (other builds and suites running): a page
  // with islands can take several seconds to hydrate there, a navigation over ten.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  globalSetup: './e2e/globalSetup.ts',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
  },
});
