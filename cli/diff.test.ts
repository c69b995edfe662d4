import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Command } from 'commander';
import { cp, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../renderer/emit.ts';
import { generateAll } from '../renderer/generate.ts';
import { pagePath } from '../renderer/siteDiff.ts';
import { registerDiff } from './diff.ts';

const SLUG = 'bayside-cars';
const NOW = '2025-06-10T00:00:00Z';
let work: string;
let dealersDir: string;
let outDir: string;
let stdout: string;
let stderr: string;

/** The build fixture's record with six cars; prices 20,000 to 30,000 so a change inside the range moves no site-wide price range. */
const rows = [
  ['Toyota', 'Corolla', 20_000],
  ['Toyota', 'Corolla', 24_000],
  ['Toyota', 'Camry', 26_000],
  ['Mazda', 'CX-5', 22_000],
  ['Mazda', 'CX-5', 28_000],
  ['Kia', 'Sportage', 30_000],
].map(([make, model, price], i) => ({
  id: i + 1,
  slug: `2023-${make}-${model}-${i + 1}`.toLowerCase(),
  name: `2023 ${make} ${model}`,
  make,
  model,
  year: 2023,
  car_type: 'used',
  status: 'in_stock',
  created_at: '2025-05-01T00:00:00Z',
  price,
  dealership_slug: SLUG,
  dealership_id: 700,
}));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'forecourt-diff-test-'));
  dealersDir = join(work, 'dealers');
  outDir = join(work, 'out');
  await cp(join(REPO_ROOT, 'fixtures/build/dealers', SLUG), join(dealersDir, SLUG), { recursive: true });
  await writeFile(join(dealersDir, SLUG, 'stock.json'), JSON.stringify(rows));
  const run = await generateAll({ slugs: [SLUG], dealersDir, outDir, now: new Date(NOW) });
  expect(run.ok).toBe(true);
}, 60_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => {
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  process.exitCode = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

async function diff(...args: string[]): Promise<number> {
  const program = new Command().exitOverride();
  registerDiff(program);
  await program.parseAsync(['node', 'forecourt', 'diff', SLUG, '--dealers', dealersDir, '--out', outDir, ...args]);
  return Number(process.exitCode ?? 0);
}

/** Every HTML page of the live site with its contents. */
async function livePages(): Promise<Map<string, string>> {
  const dir = await realpath(join(outDir, SLUG));
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html'));
  return new Map(await Promise.all(files.map(async (file) => [pagePath(file), await readFile(join(dir, file), 'utf8')] as const)));
}

describe('forecourt diff', () => {
  it('exits 0 and says so when the record and feed are as built (the live build time is reused)', async () => {
    expect(await diff()).toBe(0);
    expect(stdout).toBe(`${SLUG}: 0 pages changed, 0 added, 0 removed; 0 other files changed\n`);
  }, 60_000);

  it('reports exactly the pages that show a car whose price changed, with the price, and leaves the live site alone', async () => {
    const before = await livePages();
    const car = rows[1];
    // The pages that show the car's price: its own, and every page with its card (lists, home, brand); a
    // plain link to it (the next cars of its model) shows no price and does not change.
    const showing = [
      `/cars/${car.slug}`,
      ...[...before].filter(([, html]) => html.includes(`href="/cars/${car.slug}"`) && html.includes('$24,000')).map(([path]) => path),
    ];
    expect(showing).toEqual(expect.arrayContaining([`/cars/${car.slug}`, '/search/toyota', '/search/toyota/corolla', '/search/used-cars', '/']));

    await writeFile(join(dealersDir, SLUG, 'stock.json'), JSON.stringify(rows.map((row) => (row.id === car.id ? { ...row, price: 23_490 } : row))));
    try {
      expect(await diff('--format', 'json')).toBe(1);
      const report = JSON.parse(stdout);
      expect(report).toMatchObject({ changed: true, live: true, now: '2025-06-10T00:00:00.000Z', pages: { added: [], removed: [] } });
      // In URL order, the home page first.
      expect(report.pages.changed.map((page: { path: string }) => page.path)).toEqual(showing.sort());
      expect(report.pages.changed[0].path).toBe('/');
      const carPage = report.pages.changed.find((page: { path: string }) => page.path === `/cars/${car.slug}`);
      expect(carPage.summary).toContain('price $24,000 -> $23,490');
      // Search index, car summary data and the like change too, listed as files.
      expect(report.files.changed.length + report.files.added.length).toBeGreaterThan(0);

      stdout = '';
      expect(await diff()).toBe(1);
      expect(stdout).toContain(`  changed  /cars/${car.slug}\n           price $24,000 -> $23,490\n`);
      expect(await livePages()).toEqual(before);
    } finally {
      await writeFile(join(dealersDir, SLUG, 'stock.json'), JSON.stringify(rows));
    }
  }, 60_000);

  it('exits 2 with the problem when the record does not build, and for a bad --now', async () => {
    const record = join(dealersDir, SLUG, 'dealer.yaml');
    const good = await readFile(record, 'utf8');
    await writeFile(record, good.replace('dealer_id: 700', 'dealer_id: seven hundred'));
    try {
      expect(await diff()).toBe(2);
      expect(stderr).toMatch(/dealer\.yaml:\d+:\d+/);
      expect(stderr).toContain('does not build: nothing to compare');
    } finally {
      await writeFile(record, good);
    }
    expect(await diff('--now', 'soon')).toBe(2);
  }, 60_000);
});
