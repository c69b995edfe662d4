/**
 * Photo weight in a real browser: a dealer with `images: { service: local }` whose feed names
 * 4000x3000 JPEGs on a loopback photo host (fixtures/photos/photoHost.ts), one car with 30
 * photos and 21 cars in all, generated once (the photos stage fetches, resizes and caches them
 * under a throwaway data folder) and served. A phone's first view of the car page and of the
 * search page stays within the image budgets, and the picture the browser picks is
 * sharp on a desktop and on a DPR-2 phone.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPhotoHost, type PhotoHost } from '../../fixtures/photos/photoHost.ts';
import { startServe, type RunningServe } from '../../cli/serve.ts';
import { seedPgliteDataDir } from '../../server/db/testTemplate.ts';
import { FIXTURE_NOW } from '../fixtureSet.ts';

const SLUG = 'shopper-motors';
const SOURCE = 'fixtures/shopper/dealers/shopper-motors';
const PHOTOS = 30;
const CARS = 21;
const KB = 1024;
const CAR_PATH = '/cars/2022-toyota-corolla-9101';
const SEARCH_PATH = '/search/new-used-and-demo-cars';

// One build shared by the file's tests: they run in order in one worker.
test.describe.configure({ mode: 'default' });

let host: PhotoHost;
let served: RunningServe;
let work: string;

/** The shopper dealer with local photos: car 9101 has all 30, the other 20 cars four each from the same host. */
function writeDealer({ dir }: { dir: string }): string {
  const dealersDir = join(dir, 'dealers');
  const dealerDir = join(dealersDir, SLUG);
  cpSync(SOURCE, dealerDir, { recursive: true });
  writeFileSync(join(dealerDir, 'dealer.yaml'), `${readFileSync(join(SOURCE, 'dealer.yaml'), 'utf8')}images: { service: local }\n`);
  const [template] = JSON.parse(readFileSync(join(SOURCE, 'stock.json'), 'utf8')) as Record<string, unknown>[];
  const cars = Array.from({ length: CARS }, (_, i) => {
    const id = 9101 + i;
    const photos = i === 0 ? Array.from({ length: PHOTOS }, (_, n) => n + 1) : [0, 1, 2, 3].map((k) => ((i + k * 7) % PHOTOS) + 1);
    return {
      ...template,
      id,
      slug: `2022-toyota-corolla-${id}`,
      stocknum: `SM${id}`,
      price: 20990 + i * 500,
      custom_rank: CARS - i,
      images: photos.map((n) => ({ image: { url: host.url(n) } })),
    };
  });
  writeFileSync(join(dealerDir, 'stock.json'), JSON.stringify(cars, null, 2));
  return dealersDir;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startPhotoHost({ count: PHOTOS });
  work = mkdtempSync(join(tmpdir(), 'forecourt-photo-weight-'));
  const out = join(work, 'out');
  // Generated asynchronously (the photo host answers from this process's event loop), by the
  // operator's command: the photo host is on loopback, the cache is this run's own.
  await promisify(execFile)(process.execPath, ['bin/forecourt.mjs', 'generate', '--dealers', writeDealer({ dir: work }), '--out', out, '--now', FIXTURE_NOW], {
    env: { ...process.env, FORECOURT_ALLOW_DESTINATIONS: '127.0.0.1/32', FORECOURT_DATA_DIR: join(work, 'data') },
  });
  await seedPgliteDataDir({ dataDir: join(work, 'state', 'db') });
  served = await startServe({ slugs: [SLUG], outDir: out, port: 0, stateDir: join(work, 'state'), warn: () => {}, demo: true });
});

test.afterAll(async () => {
  await served?.close();
  await host?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The served dealer's base URL, without a trailing slash. */
function siteUrl(): string {
  return served.sites[0].url.replace(/\/$/, '');
}

/** Every image response's body size while `page` opens `url` and settles (the first view: lazy images below the fold stay unloaded). */
async function imageBytes({ page, url }: { page: Page; url: string }): Promise<{ total: number; largest: number; count: number }> {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  return { total: all.reduce((a, b) => a + b, 0), largest: Math.max(0, ...all), count: all.length };
}

/** A fresh page (no cache) at a viewport and device pixel ratio. */
async function openPage({ browser, width, height, dpr = 1 }: { browser: Browser; width: number; height: number; dpr?: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
  return context.newPage();
}

/**
 * The picked file's pixel width against its rendered CSS box, for each car photo in view matching
 * `selector` (the file loaded again on its own: an <img> with srcset reports its natural size
 * divided by the density it picked).
 */
async function pickedWidths({ page, selector }: { page: Page; selector: string }) {
  return page.locator(selector).evaluateAll(async (imgs) => {
    const inView = (imgs as HTMLImageElement[]).filter((img) => {
      const box = img.getBoundingClientRect();
      return img.complete && img.currentSrc && box.width > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
    });
    return Promise.all(
      inView.map(async (img) => {
        const file = new Image();
        file.src = img.currentSrc;
        await file.decode();
        return { src: img.currentSrc, natural: file.naturalWidth, css: img.getBoundingClientRect().width };
      }),
    );
  });
}

test('a phone at 390x844: the car page with 30 photos loads at most 400 KB of images, none over 150 KB', async ({ browser }) => {
  const page = await openPage({ browser, width: 390, height: 844 });
  const images = await imageBytes({ page, url: siteUrl() + CAR_PATH });
  test.info().annotations.push({
    type: 'images',
    description: `${images.count} requests, ${Math.round(images.total / KB)} KB, largest ${Math.round(images.largest / KB)} KB`,
  });
  await expect(page.locator('.gallery img')).toHaveCount(PHOTOS);
  expect(images.count).toBeGreaterThan(0);
  expect(images.total).toBeLessThanOrEqual(400 * KB);
  expect(images.largest).toBeLessThanOrEqual(150 * KB);
  // The main photo is a resized local file, not the 4000 px original.
  const main = await pickedWidths({ page, selector: '.gallery img' });
  expect(main[0].src).toContain('/assets/photos/');
  expect(main[0].natural).toBeLessThan(4000);
  await page.context().close();
});

test('a phone at 390x844: the gallery loads a later slide when it comes near, not at page load', async ({ browser }) => {
  const page = await openPage({ browser, width: 390, height: 844 });
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') requested.push(new URL(request.url()).pathname);
  });
  await page.goto(siteUrl() + CAR_PATH, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Each slide's files share one base name (`<hash>-<width>.<ext>`).
  const slides = await page.locator('.gallery > li img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.src.replace(/-\d+\.\w+$/, '')));
  const loaded = () =>
    slides.map((base, i) => ({ i, loaded: requested.some((path) => base.endsWith(path.replace(/-\d+\.\w+$/, '')) && !/-160\.webp$/.test(path)) }));
  const early = loaded()
    .filter((s) => s.loaded)
    .map((s) => s.i + 1);
  test.info().annotations.push({ type: 'slides loaded at first view', description: early.join(', ') });
  // The main photo and what is within half a screen of the view (Chromium renders skipped content
  // that near): the next two slides at most, where the lazy-loading margin took the next four.
  expect(early[0]).toBe(1);
  expect(early.length).toBeLessThanOrEqual(3);
  // Swiped to the sixth photo: it loads then.
  await page.locator('.gallery').evaluate((list) => list.scrollTo({ left: list.clientWidth * 5, behavior: 'instant' }));
  const sixth = page.locator('.gallery > li').nth(5).locator('img');
  await expect.poll(() => sixth.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.context().close();
});

test('a phone at 390x844: the search page with 21 cards loads at most 600 KB of images', async ({ browser }) => {
  const page = await openPage({ browser, width: 390, height: 844 });
  const images = await imageBytes({ page, url: siteUrl() + SEARCH_PATH });
  test.info().annotations.push({
    type: 'images',
    description: `${images.count} requests, ${Math.round(images.total / KB)} KB, largest ${Math.round(images.largest / KB)} KB`,
  });
  await expect(page.locator('.car-card')).toHaveCount(CARS);
  expect(images.total).toBeLessThanOrEqual(600 * KB);
  await page.context().close();
});

// Sharp: the picked file has at least as many pixels as the slot on a desktop, and at least 1.5
// per CSS pixel on a DPR-2 phone (the browser may round its density down that far, never further).
for (const { name, width, height, dpr } of [
  { name: 'a desktop at 1366x900', width: 1366, height: 900, dpr: 1 },
  { name: 'a DPR-2 phone at 390x844', width: 390, height: 844, dpr: 2 },
]) {
  test(`${name}: the gallery's main photo, its thumbnails and the cards' photos stay sharp`, async ({ browser }) => {
    const page = await openPage({ browser, width, height, dpr });
    for (const { path, selector } of [
      { path: CAR_PATH, selector: '.gallery img' },
      { path: SEARCH_PATH, selector: '.car-card img' },
    ]) {
      await page.goto(siteUrl() + path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const picked = await pickedWidths({ page, selector });
      expect(picked.length, `${path}: no car photo in view`).toBeGreaterThan(0);
      for (const { src, natural, css } of picked) {
        expect(natural, `${path}: ${src} for a ${Math.round(css)} px slot`).toBeGreaterThanOrEqual(Math.floor(css * Math.min(dpr, 1.5)));
      }
    }
    // The thumbnails: one 160 px WebP each, sharp in their 72 px slots.
    await page.goto(siteUrl() + CAR_PATH, { waitUntil: 'load' });
    const thumbs = page.locator('.gallery__thumbs img');
    await thumbs.first().scrollIntoViewIfNeeded();
    await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.currentSrc !== '')).toBe(true);
    const picked = await pickedWidths({ page, selector: '.gallery__thumbs img' });
    expect(picked.length).toBeGreaterThan(0);
    for (const { src, natural, css } of picked) {
      expect(src).toMatch(/-160\.webp$/);
      expect(natural, `${src} for a ${Math.round(css)} px thumbnail`).toBeGreaterThanOrEqual(Math.floor(css * Math.min(dpr, 1.5)));
    }
    await page.context().close();
  });
}

test('the car page names one resized JPEG of its first photo, 1280 px wide, as og:image and as the Car JSON-LD image, and serves it', async () => {
  const html = await (await fetch(siteUrl() + CAR_PATH)).text();
  const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
  const ogImage = meta('og:image');
  expect(ogImage).toMatch(/\/assets\/photos\/[\w-]{20}-1280\.jpg$/);
  expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1280', '960']);
  const car = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .flatMap(([, json]) => [JSON.parse(json)].flat())
    .find((node: { '@type'?: unknown }) => [node['@type']].flat().includes('Car')) as { image: string[] } | undefined;
  expect(car?.image).toHaveLength(PHOTOS);
  expect(car?.image[0]).toBe(ogImage);
  const file = await fetch(siteUrl() + new URL(ogImage!).pathname);
  expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
});
