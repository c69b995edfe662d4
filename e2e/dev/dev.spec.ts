/**
 * `forecourt dev` in Chromium: an open page follows saves of the dealer record without a reload
 * by hand; a save that does not validate shows its file:line:col problems as an overlay while the
 * last good page stays.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { RunningDev } from '../../cli/dev.ts';

let dir: string;
let dev: RunningDev;
let record: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = await mkdtemp(join(tmpdir(), 'forecourt-dev-e2e-'));
  await cp('fixtures/build/dealers/bayside-cars', join(dir, 'dealers/bayside-cars'), { recursive: true });
  record = join(dir, 'dealers/bayside-cars/dealer.yaml');
  // As bin/forecourt.mjs does: React's build is chosen before anything imports it.
  process.env.NODE_ENV ??= 'production';
  const { startDev } = await import('../../cli/dev.ts');
  dev = await startDev({
    slug: 'bayside-cars',
    dealersDir: join(dir, 'dealers'),
    outDir: join(dir, 'out'),
    port: 0,
    stateDir: join(dir, 'state'),
    log: () => {},
  });
});

test.afterAll(async () => {
  await dev?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a saved record edit reaches the open page; a broken edit shows the overlay and keeps the page', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.goto(dev.url);
  await expect(page).toHaveTitle(/Bayside Cars/);
  await expect(page).not.toHaveTitle(/Bayside Autos/);

  const original = await readFile(record, 'utf8');
  await writeFile(record, original.replace(/^name: Bayside Cars$/m, 'name: Bayside Autos'));
  await expect(page).toHaveTitle(/Bayside Autos/, { timeout: 240_000 });
  // From here the page must not reload: a marker on window would be lost.
  await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 1));

  await writeFile(record, original.replace(/^name: Bayside Cars$/m, 'name: [Bayside Autos'));
  const overlay = page.locator('#forecourt-dev-overlay');
  await expect(overlay).toBeVisible({ timeout: 240_000 });
  await expect(overlay).toContainText(/dealer\.yaml:\d+:\d+/);
  await expect(page).toHaveTitle(/Bayside Autos/);
  expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(1);
  await page.screenshot({ path: testInfo.outputPath('dev-overlay.png') });
  // The last good site is still what is served; the reload script is added by the dev server
  // only, never written into the (deployable) generated files.
  const served = await (await fetch(dev.url)).text();
  expect(served).toContain('Bayside Autos');
  expect(served.match(/__forecourt\/client\.js/g)).toHaveLength(1);
  expect(await readFile(join(dir, 'out/bayside-cars/index.html'), 'utf8')).not.toContain('__forecourt');
});
