/**
 * Render threads: a site built with its pages rendered on threads (renderer/renderPool.ts) is the
 * same bytes as one rendered in the main thread, a full build and an incremental one alike; a page
 * that throws on a thread is a collected RenderError, and a shell that throws fails every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCar, makeSite } from '../fixtures/sites/bayside.ts';
import type { Route } from '../ui/route.ts';
import { compareBuilds } from '../scripts/compareBuild.ts';
import { bundleRuntime, type BundleResult } from './bundle.ts';
import { REPO_ROOT } from './emit.ts';
import { generateAll, listDealers } from './generate.ts';
import { defaultRenderThreads, startRenderPool, type RenderPool, type ThreadPage } from './renderPool.ts';
import { buildSiteData } from './siteData.ts';

const NOW = new Date('2026-11-20T00:00:00Z');
/** The first and the last sample dealer (a clone may have others; their names are the records' business). */
let slugs: string[] = [];

let bundle: BundleResult;
let pool: RenderPool;
let work = '';
beforeAll(async () => {
  // Every route through the threads, however few (a real build keeps small ones in the main thread).
  [bundle, pool] = await Promise.all([bundleRuntime(), startRenderPool({ threads: 2, minPages: 1 })]);
  const sample = await listDealers({ dealersDir: join(REPO_ROOT, 'dealers') });
  slugs = [sample[0], sample[sample.length - 1]];
  work = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'forecourt-render-pool-'));
}, 60_000);
afterAll(async () => {
  await pool?.close();
  await rm(work, { recursive: true, force: true });
});

/** Builds `slugs` of `dealersDir` into `outDir`, on the pool's threads or not. */
async function build({ dealersDir, outDir, threads, full = true }: { dealersDir: string; outDir: string; threads: boolean; full?: boolean }) {
  const run = await generateAll({
    slugs: slugs,
    dealersDir,
    outDir,
    now: NOW,
    full,
    bundle,
    buildIndex: undefined,
    workers: 0,
    renderPool: threads ? pool : null,
  });
  expect(run.sites.map((site) => site.error?.message ?? site.renderErrors.map((e) => e.error.message).join())).toEqual(slugs.map(() => ''));
  expect(run.ok).toBe(true);
  return run;
}

/** Expects the sites of `a` and `b` to hold the same files with the same bytes (scripts/compareBuild.ts, nothing masked: one bundle). */
async function expectSameSites({ a, b }: { a: string; b: string }): Promise<void> {
  const { files, differences } = await compareBuilds({ a, b, maskChunkNames: false });
  expect(differences).toEqual([]);
  expect(files).toBeGreaterThan(0);
}

describe('render threads', () => {
  it('build the same bytes as the main thread, in a full build and in an incremental one', async () => {
    const dealersDir = join(work, 'dealers');
    await Promise.all(slugs.map((slug) => cp(join(REPO_ROOT, 'dealers', slug), join(dealersDir, slug), { recursive: true })));
    const here = join(work, 'here');
    const threaded = join(work, 'threaded');
    const [main, threads] = [await build({ dealersDir, outDir: here, threads: false }), await build({ dealersDir, outDir: threaded, threads: true })];
    expect(threads.sites.map((site) => site.pages)).toEqual(main.sites.map((site) => site.pages));
    await expectSameSites({ a: here, b: threaded });

    // One car's price changes: the threads render what changed, the rest is reused, and the site is a full build's.
    const stockFile = join(dealersDir, slugs[0], 'stock.json');
    const rows = JSON.parse(await readFile(stockFile, 'utf8')) as { price?: number }[];
    const priced = rows.find((row) => typeof row.price === 'number')!;
    priced.price! -= 500;
    await writeFile(stockFile, JSON.stringify(rows));
    const incremental = await build({ dealersDir, outDir: threaded, threads: true, full: false });
    expect(incremental.sites[0].reused).toBeGreaterThan(0);
    await build({ dealersDir, outDir: here, threads: false });
    await expectSameSites({ a: here, b: threaded });
  }, 120_000);

  it('collect a page that throws as a RenderError naming its path, and render the rest', async () => {
    const site = makeSite();
    const data = buildSiteData({ site, cars: [makeCar({ id: 1 })], assets: { css: '/assets/site.css', runtime: '/assets/runtime.js' } });
    const routes = [
      { kind: 'home', path: '/', indexable: true },
      { kind: 'no-such-kind', path: '/nowhere', indexable: false },
      { kind: 'not-found', path: '/404', indexable: false },
    ] as unknown as Route[];
    const pages: ThreadPage[] = [];
    const result = await pool.render({ site, data, routes, indexes: [0, 1, 2], onRendered: (page) => pages.push(page) });
    expect(pages.map((page) => page.file)).toEqual(['index.html', '404.html']);
    expect(pages[0].html).toContain('<!doctype html>');
    expect(new TextDecoder().decode(pages[0].bytes)).toBe(pages[0].html);
    expect(result!.rendered).toBe(2);
    expect(result!.errors.map(({ path, error }) => [path, error.message])).toEqual([['/nowhere', "no page component for route kind 'no-such-kind'"]]);
  }, 60_000);

  it('fail every route when the shell cannot be rendered', async () => {
    const site = { ...makeSite(), navigation: [] } as unknown as ReturnType<typeof makeSite>;
    const data = buildSiteData({ site: makeSite(), cars: [], assets: { css: '/a.css', runtime: '/r.js' } });
    const routes = [
      { kind: 'home', path: '/', indexable: true },
      { kind: 'not-found', path: '/404', indexable: false },
    ] as unknown as Route[];
    const result = await pool.render({ site, data, routes, indexes: [0, 1], onRendered: () => expect.unreachable() });
    expect(result!.errors.map(({ path }) => path)).toEqual(['/', '/404']);
    expect(result!.errors[0].error.message).toMatch(/^page shell failed: /);
  }, 60_000);

  it('send nothing and render nothing for a site that cannot cross to a thread', async () => {
    const site = makeSite();
    const data = { ...buildSiteData({ site, cars: [], assets: { css: '/a.css', runtime: '/r.js' } }), extra: () => 'a function' };
    const routes = [{ kind: 'home', path: '/', indexable: true }] as unknown as Route[];
    expect(await pool.render({ site, data, routes, indexes: [0], onRendered: () => expect.unreachable() })).toBeNull();
  });
});

describe('a render thread that dies', () => {
  it('fails the build under way, and the pool renders nothing more (later builds render in the main thread)', async () => {
    const dying = `import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => { throw new Error('out of memory'); });`;
    const broken = await startRenderPool({ threads: 1, minPages: 1, module: new URL(`data:text/javascript,${encodeURIComponent(dying)}`) });
    try {
      const site = makeSite();
      const data = buildSiteData({ site, cars: [], assets: { css: '/a.css', runtime: '/r.js' } });
      const routes = [{ kind: 'home', path: '/', indexable: true }] as unknown as Route[];
      const args = { site, data, routes, indexes: [0], onRendered: () => expect.unreachable() };
      await expect(broken.render(args)).rejects.toThrow('a render thread crashed');
      expect(await broken.render(args)).toBeNull();
      // The thread's exit has come and gone before the pool closes (what a slow machine sees): closing must not wait for it.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await broken.close();
    }
  });
});

describe('defaultRenderThreads', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 2],
    [6, 2],
    [64, 2],
  ])('%i cores: %i render threads', (cores, threads) => {
    expect(defaultRenderThreads({ cores })).toBe(threads);
  });
});
