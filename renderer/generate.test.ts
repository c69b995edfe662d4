import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Diagnostic } from './diagnostic.ts';
import { makeCar, makeSite } from '../fixtures/sites/bayside.ts';
import { standInRenderers } from '../fixtures/build/renderers.tsx';
import { outEntries } from '../fixtures/build/swapTestSite.ts';
import { bundleRuntime, type BundleResult } from './bundle.ts';
import { REPO_ROOT } from './emit.ts';
import { generateAll, generateSite, type LoadDealer } from './generate.ts';

let bundle: BundleResult;
let out: string;
beforeAll(async () => {
  bundle = await bundleRuntime({ root: join(REPO_ROOT, 'fixtures/build') });
});
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'forecourt-generate-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

const loader =
  ({
    site = makeSite(),
    cars = [makeCar({ id: 1 }), makeCar({ id: 2 })],
    diagnostics = [] as Diagnostic[],
  }: { site?: Site | null; cars?: Car[]; diagnostics?: Diagnostic[] } = {}): LoadDealer =>
  async () => ({ site, cars, diagnostics });

const base = () => ({ dealersDir: join(REPO_ROOT, 'fixtures/build/dealers'), outDir: out, now: new Date('2025-06-10T00:00:00Z'), buildIndex: null, bundle });

describe('generateSite', () => {
  it('builds every planned route, the assets, sitemap, robots and 404 into out/<slug>', async () => {
    const result = await generateSite({ ...base(), slug: 'bayside-cars', renderers: standInRenderers(), loadDealer: loader() });
    expect(result.error).toBeUndefined();
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    const dir = join(out, 'bayside-cars');
    for (const file of [
      'index.html',
      '404.html',
      'sitemap.xml',
      'robots.txt',
      'cars/2024-toyota-corolla-1/index.html',
      'cars/2024-toyota-corolla-1/checkout/index.html',
      'privacy-policy/index.html',
      bundle.urls.css.slice(1),
      bundle.urls.runtime.slice(1),
      'assets/shared/cars/suv-1.svg',
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(await readFile(join(dir, 'privacy-policy/index.html'), 'utf8')).toContain('Privacy Policy of Bayside Cars');
    expect(result.pages).toBeGreaterThan(40);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.timings.map((t) => t.stage)).toEqual([
      'load',
      'photos',
      'assets',
      'siteData',
      'plan',
      'emit:open',
      'inputs',
      'render',
      'check:pages',
      'index',
      'sitemap',
      'feeds',
      'siteFiles',
      'check',
      'emit',
      'emit:swap',
      'manifest',
    ]);
    expect(result.jsByKind.home?.withJs).toBe(1);
    expect(result.htmlBytes.car).toHaveLength(2);
    // Each page's size as written (the bench's median page size).
    for (const bytes of result.htmlBytes.car!) expect(bytes).toBeGreaterThan(100);
  });

  it('collects every failing page, lists them and writes nothing, leaving the previous site', async () => {
    await generateSite({ ...base(), slug: 'bayside-cars', renderers: standInRenderers(), loadDealer: loader() });
    const before = await readFile(join(out, 'bayside-cars/index.html'), 'utf8');
    const renderers = standInRenderers();
    const Car = renderers.pages.car!;
    renderers.pages.car = (props) => {
      if (props.route.kind === 'car' && props.route.car.id === 2) throw new Error('boom');
      return createElement(Car, props);
    };
    const result = await generateSite({
      ...base(),
      slug: 'bayside-cars',
      renderers: { ...renderers, pages: { ...renderers.pages, dealerships: undefined } },
      loadDealer: loader(),
    });
    expect(result.ok).toBe(false);
    expect(result.renderErrors.map((e) => e.path).sort()).toEqual(['/cars/2024-toyota-corolla-2', '/dealerships']);
    expect(result.renderErrors[0].error.message).toMatch(/boom|no page component/);
    expect(await readFile(join(out, 'bayside-cars/index.html'), 'utf8')).toBe(before);
    expect(await outEntries(out)).toEqual(['bayside-cars']);
  });

  it('skips nothing on record errors: no site is written', async () => {
    const error: Diagnostic = { file: 'dealers/x/dealer.yaml', line: 3, col: 1, pointer: '/phone', message: '/phone must be string', severity: 'error' };
    const result = await generateSite({ ...base(), slug: 'x', renderers: standInRenderers(), loadDealer: loader({ site: null, diagnostics: [error] }) });
    expect(result).toMatchObject({ ok: false, pages: 0, diagnostics: [error] });
    expect(existsSync(join(out, 'x'))).toBe(false);
  });

  it('builds with a stock warning, and fails on it under --strict', async () => {
    const warning: Diagnostic = {
      file: 'dealers/bayside-cars/stock.json',
      line: 12,
      col: 5,
      pointer: '/3/price',
      message: 'car id 4: /price must be number',
      severity: 'warning',
    };
    const lenient = await generateSite({ ...base(), slug: 'bayside-cars', renderers: standInRenderers(), loadDealer: loader({ diagnostics: [warning] }) });
    expect(lenient.ok).toBe(true);
    expect(lenient.diagnostics).toEqual([warning]);
    await rm(join(out, 'bayside-cars'), { recursive: true });
    const strict = await generateSite({
      ...base(),
      slug: 'bayside-cars',
      strict: true,
      renderers: standInRenderers(),
      loadDealer: loader({ diagnostics: [warning] }),
    });
    expect(strict.ok).toBe(false);
    expect(strict.diagnostics[0].severity).toBe('error');
    expect(existsSync(join(out, 'bayside-cars'))).toBe(false);
  });

  it('fails on a broken internal link and says where', async () => {
    const renderers = standInRenderers({ renderShell: () => ({ header: '<a href="/nowhere">x</a>', footer: '' }) });
    const result = await generateSite({ ...base(), slug: 'bayside-cars', renderers, loadDealer: loader() });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('broken internal link /nowhere') })]);
    expect(existsSync(join(out, 'bayside-cars'))).toBe(false);
  });

  it('a stage that throws mid-way (after pages were written to the temp folder) leaves the previous site intact', async () => {
    await generateSite({ ...base(), slug: 'bayside-cars', renderers: standInRenderers(), loadDealer: loader() });
    const before = await readFile(join(out, 'bayside-cars/index.html'), 'utf8');
    const buildIndex = () => {
      throw new Error('index exploded');
    };
    const result = await generateSite({
      ...base(),
      buildIndex,
      slug: 'bayside-cars',
      renderers: standInRenderers({ pageMeta: ({ route }) => ({ title: `new ${route.path}` }) }),
      loadDealer: loader(),
    });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toContain('index exploded');
    expect(await readFile(join(out, 'bayside-cars/index.html'), 'utf8')).toBe(before);
    expect(await outEntries(out)).toEqual(['bayside-cars']);
  });

  it('writes the static search index files when an index builder is given', async () => {
    const buildIndex = ({ cars }: { cars: Car[] }) => [{ path: 'search/index.json', contents: JSON.stringify(cars.map((c) => c.id)) }];
    const result = await generateSite({ ...base(), buildIndex, slug: 'bayside-cars', renderers: standInRenderers(), loadDealer: loader() });
    expect(result.ok).toBe(true);
    expect(await readFile(join(out, 'bayside-cars/search/index.json'), 'utf8')).toBe('[1,2]');
  });
});

describe('generateAll', () => {
  it('builds the named dealers with one bundle and reports each', async () => {
    const seen: string[] = [];
    const run = await generateAll({
      ...base(),
      slugs: ['a-cars', 'b-cars'],
      renderers: standInRenderers(),
      loadDealer: loader(),
      onSite: (s) => seen.push(s.slug),
    });
    expect(run.ok).toBe(true);
    expect(seen).toEqual(['a-cars', 'b-cars']);
    expect(await outEntries(out)).toEqual(['a-cars', 'b-cars']);
  });
});
