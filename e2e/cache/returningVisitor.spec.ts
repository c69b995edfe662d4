/**
 * A returning shopper after a rebuild, in one Chromium profile with its disk cache: `generate`
 * changes a price and adds a car while `serve` runs; the search page opened again finds the new
 * price, the search index and the dealer's logo the page fetches are the rebuild's bytes (not
 * the cache's, as when every /assets/ file was immutable), and a lead for the added car is
 * accepted at once (serve follows the rebuild's settings without a restart).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';
import type { RunningServe } from '../../cli/serve.ts';
import { seedPgliteDataDir } from '../../server/db/testTemplate.ts';
import { enquiryLead } from '../../fixtures/server/enquiryLead.ts';

const SLUG = 'bayside-cars';
const NOW = '2026-01-15T09:00:00Z';
let dir: string;
let running: RunningServe;
let context: BrowserContext;

const generate = () =>
  execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', SLUG, '--dealers', join(dir, 'dealers'), '--out', join(dir, 'out'), '--now', NOW], {
    stdio: 'pipe',
  });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = await mkdtemp(join(tmpdir(), 'forecourt-cache-e2e-'));
  await cp(`fixtures/build/dealers/${SLUG}`, join(dir, 'dealers', SLUG), { recursive: true });
  generate();
  await seedPgliteDataDir({ dataDir: join(dir, 'state', 'db') });
  process.env.NODE_ENV ??= 'production';
  const { startServe } = await import('../../cli/serve.ts');
  const port = process.env.E2E_BASE_PORT ? Number(process.env.E2E_BASE_PORT) + 90 : 0;
  // Demo mode: the fixture dealer takes Stripe deposits, which production would refuse without keys; caching is what is tested here.
  running = await startServe({ slugs: [SLUG], outDir: join(dir, 'out'), port, stateDir: join(dir, 'state'), warn: () => {}, demo: true });
  // A persistent profile: its HTTP cache is on disk, as a returning shopper's is.
  context = await chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
});

test.afterAll(async () => {
  await context?.close();
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

test('after a rebuild, the same profile searches the new stock and a lead for the new car is accepted', async () => {
  test.setTimeout(300_000);
  const page = await context.newPage();
  const base = running.sites[0].url;
  // A query: the results come from the search index in the browser, not from the page's HTML.
  const search = `${base}search/used-cars?query=corolla`;
  await page.goto(search);
  await expect(page.getByText('$25,990').first()).toBeVisible();
  // What the page's scripts get for the unhashed files (the browser's cache decides).
  const fetched = (p: typeof page) =>
    p.evaluate(async () => {
      const digest = async (url: string) => {
        const bytes = await (await fetch(url)).arrayBuffer();
        return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
      };
      return { index: await digest('/assets/search/index.bin') };
    });
  const onDisk = async () => ({
    index: createHash('sha256')
      .update(await readFile(join(dir, 'out', SLUG, 'assets/search/index.bin')))
      .digest('hex'),
  });
  expect(await fetched(page)).toEqual(await onDisk());

  const stockFile = join(dir, 'dealers', SLUG, 'stock.json');
  const stock = JSON.parse(await readFile(stockFile, 'utf8')) as Record<string, unknown>[];
  stock[0].price = 23990;
  stock.push({ ...stock[0], id: 4, slug: '2024-toyota-corolla-4', name: '2024 Toyota Corolla SX', price: 31990 });
  await writeFile(stockFile, JSON.stringify(stock));
  generate();

  const leadFor = (carId: number) =>
    fetch(`${base}api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(enquiryLead({ slug: SLUG, carId, message: 'Is it still available?' })),
    });
  expect((await leadFor(4)).status).toBe(201);

  // The shopper comes back: a new tab of the same profile opens the search again.
  await page.close();
  const again = await context.newPage();
  await again.goto(search);
  await expect(again.getByText('$23,990').first()).toBeVisible();
  await expect(again.getByText('$31,990').first()).toBeVisible();
  await expect(again.getByText('$25,990')).toHaveCount(0);
  const rebuilt = await onDisk();
  expect(await fetched(again)).toEqual(rebuilt);
});
