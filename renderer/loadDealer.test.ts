import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDealer, loadManufacturers } from './loadDealer.ts';

const NOW = new Date('2025-06-05T00:00:00Z');
const tmp = mkdtempSync(path.join(tmpdir(), 'forecourt-load-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('loadDealer', () => {
  it('resolves a SPEC-only record with no stock problems', async () => {
    const { site, cars, diagnostics } = await loadDealer({ dealersDir: 'fixtures/records/valid', slug: 'spec-only', now: NOW });
    expect(diagnostics).toEqual([]);
    expect(cars).toEqual([]);
    expect(site?.slug).toBe('spec-only');
    expect(site?.header_style).toBe('large');
    expect(site?.include_sold_cars_days).toBe(7);
    expect(site?.now).toBe(NOW.toISOString());
  });

  it('loads manufacturers from data/manufacturers.json when present', async () => {
    const { site } = await loadDealer({ dealersDir: 'fixtures/records/valid', slug: 'spec-only', now: NOW });
    const manufacturers = await loadManufacturers();
    expect(site?.manufacturers).toEqual(manufacturers);
    expect(await loadManufacturers({ file: path.join(tmp, 'none.json') })).toEqual([]);
  });

  it('returns valid stock rows with defaults and the base URL override', async () => {
    const { site, cars, diagnostics } = await loadDealer({
      dealersDir: 'fixtures/records/valid',
      slug: 'full-motors',
      now: NOW,
      baseUrl: 'http://localhost:8080/',
    });
    expect(diagnostics).toEqual([]);
    expect(site?.baseUrl).toBe('http://localhost:8080');
    expect(site?.region).toBe('US');
    expect(cars.map((c) => [c.id, c.show_on_dealer_website, c.custom_rank])).toEqual([
      [5001, true, 0],
      [5002, false, 5],
    ]);
  });

  it('has no site when the record has errors, yet still checks the stock', async () => {
    const { site, cars, diagnostics } = await loadDealer({ dealersDir: 'fixtures/records/broken', slug: 'broken-motors', now: NOW });
    expect(site).toBeNull();
    expect(cars.map((c) => c.id)).toEqual([9001, 9200]);
    expect(diagnostics.filter((d) => d.file.endsWith('dealer.yaml')).every((d) => d.severity === 'error')).toBe(true);
    expect(diagnostics.filter((d) => d.file.endsWith('stock.json')).map((d) => d.severity)).toEqual(['warning', 'warning', 'warning']);
  });

  it('requires the record slug to match its folder', async () => {
    cpSync('fixtures/records/valid/spec-only', path.join(tmp, 'renamed'), { recursive: true });
    const { site, diagnostics } = await loadDealer({ dealersDir: tmp, slug: 'renamed', now: NOW });
    expect(site).toBeNull();
    expect(diagnostics).toEqual([expect.objectContaining({ pointer: '/slug', line: 3, col: 7, message: 'must match its folder name "renamed"' })]);
  });

  it('reports a missing record as a diagnostic, and a missing stock feed as no cars', async () => {
    const missing = await loadDealer({ dealersDir: tmp, slug: 'ghost', now: NOW });
    expect(missing.site).toBeNull();
    expect(missing.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'missing-file', line: 0 })]);
    cpSync('fixtures/records/valid/spec-only', path.join(tmp, 'spec-only'), { recursive: true });
    rmSync(path.join(tmp, 'spec-only', 'stock.json'));
    const noStock = await loadDealer({ dealersDir: tmp, slug: 'spec-only', now: NOW });
    expect(noStock.site).not.toBeNull();
    expect(noStock.cars).toEqual([]);
  });

  it('reports an unparseable stock feed as an error', async () => {
    cpSync('fixtures/records/valid/spec-only', path.join(tmp, 'bad-feed'), { recursive: true });
    writeFileSync(
      path.join(tmp, 'bad-feed', 'dealer.yaml'),
      (await import('node:fs')).readFileSync('fixtures/records/valid/spec-only/dealer.yaml', 'utf8').replace('slug: spec-only\n', 'slug: bad-feed\n'),
    );
    writeFileSync(path.join(tmp, 'bad-feed', 'stock.json'), '[\n  {"id": 1,,}\n]\n');
    const { site, diagnostics } = await loadDealer({ dealersDir: tmp, slug: 'bad-feed', now: NOW });
    expect(site).not.toBeNull();
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'json-syntax', line: 2, col: 12 })]);
  });
});
