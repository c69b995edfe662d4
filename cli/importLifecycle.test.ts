import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../domain/feedValues.ts';
import { generateAll } from '../renderer/generate.ts';
import { runImportCommand } from './import.ts';
import { scaffoldDealer } from './newDealer.ts';
import { startServe } from './serve.ts';

/**
 * The README's steps for a dealer going live from its DMS export: `new`, a `feed:` with a preset,
 * `import`, `generate`, `serve`, a lead for an imported car; then the guardrails against the live
 * site, a car leaving the feed (sold today, later redirected), a hand-deleted row restored from
 * the history, and the car re-listed under its old id.
 */
const SLUG = 'prairie-auto';
const T0 = new Date('2026-03-02T18:00:00Z');
const HEADER = 'Type,Stock,VIN,Year,Make,Model,Trim,Body,ExteriorColor,Transmission,Miles,Internet Price,Certified,DateInStock,ImageList';
const car = (i: number, price = 20000 + i * 1000) =>
  [
    i % 2 ? 'U' : 'N',
    `P${i}`,
    `5YJ3E1EA0PF${String(i).padStart(6, '0')}`,
    2024,
    'Ford',
    i % 3 ? 'Ranger' : 'Everest',
    'XLT',
    'Ute',
    'Blue',
    'Automatic',
    i * 1000,
    `"$${price.toLocaleString('en-US')}"`,
    i % 2 ? 'Yes' : 'No',
    '01/15/2026',
    `"https://cdn.example/p${i}-1.jpg,https://cdn.example/p${i}-2.jpg"`,
  ].join(',');
const csv = (lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;
const ALL = Array.from({ length: 12 }, (_, i) => car(i + 1));

let dir: string;
let dealersDir: string;
let outDir: string;
/** The car that left the feed (set by the test that sells it). */
let goneCar: { id: number; slug: string };
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'forecourt-import-live-'));
  dealersDir = path.join(dir, 'dealers');
  outDir = path.join(dir, 'out');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sink = () => {
  const out = { text: '', write: (t: string) => (out.text += t) };
  return out;
};
async function runImport({ now, acceptDrop }: { now: Date; acceptDrop?: boolean }) {
  const [stdout, stderr] = [sink(), sink()];
  const code = await runImportCommand({ slugs: [SLUG], dealersDir, now, acceptDrop, stdout, stderr, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
const feedFile = () => path.join(dealersDir, SLUG, 'inventory.csv');
const readStock = async () => JSON.parse(await readFile(path.join(dealersDir, SLUG, 'stock.json'), 'utf8')) as Record<string, never>[];

/** Every byte import could touch: stock.json, the history and the generated site. */
async function snapshot(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const hash = async (file: string) =>
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  for (const name of ['stock.json', 'import-history.json']) files[name] = await hash(path.join(dealersDir, SLUG, name));
  for (const entry of await readdir(path.join(outDir, SLUG), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[path.join(entry.parentPath, entry.name)] = await hash(path.join(entry.parentPath, entry.name));
  }
  return files;
}

describe('a scaffolded dealer goes live from its DMS export', () => {
  it('new, feed: with a preset, import, generate, serve: a lead for an imported car is accepted', async () => {
    await scaffoldDealer({ slug: SLUG, template: 'used', region: 'US', dealersDir, dealerId: 4242 });
    // The preset's mapping, extended: this DMS calls its price column "Internet Price".
    await appendFile(
      path.join(dealersDir, SLUG, 'dealer.yaml'),
      '\nfeed:\n  source: { file: inventory.csv }\n  preset: dms-csv\n  map:\n    price: { column: "Internet Price", as: money }\n',
    );
    await writeFile(feedFile(), csv(ALL));
    const imported = await runImport({ now: T0 });
    expect(imported).toEqual({
      code: 0,
      stderr: '',
      stdout: `${SLUG}  inventory.csv imported into stock.json: 12 for sale: 12 new, 0 updated, 0 re-listed, 0 sold, 0 removed\n`,
    });

    const run = await generateAll({ slugs: [SLUG], dealersDir, outDir, now: T0 });
    expect(run.sites.map((site) => [site.ok, site.diagnostics.filter((d) => d.severity === 'error'), site.error?.message])).toEqual([[true, [], undefined]]);
    const [first] = await readStock();
    expect(await readFile(path.join(outDir, SLUG, 'cars', first.slug, 'index.html'), 'utf8')).toContain('2024 Ford');

    const serving = await startServe({ slugs: [SLUG], outDir, port: 0, stateDir: path.join(dir, 'state'), warn: () => {} });
    try {
      const response = await fetch(`${serving.sites[0].url}api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lead: {
            name: 'Ada',
            last_name: 'Lovelace',
            email: 'ada@example.com',
            phone: '(208) 555-0147',
            postcode: '83702',
            message: 'Is it still available?',
            dealership_slug: SLUG,
            website_slug: SLUG,
            source: 'Website',
            car_id: first.id,
          },
        }),
      });
      expect([response.status, await response.text()]).toEqual([201, expect.any(String)]);
    } finally {
      await serving.close();
    }
  }, 300_000);

  it('refuses an empty feed, too many rejected rows and a halved stock, leaving stock.json and the live site byte-identical', async () => {
    const before = await snapshot();
    await writeFile(feedFile(), csv([]));
    const empty = await runImport({ now: T0 });
    expect([empty.code, empty.stderr]).toEqual([
      1,
      `${SLUG}  refused: inventory.csv has no cars (0 rows read, 0 rejected); an empty feed is never published\n`,
    ]);
    expect(await snapshot()).toEqual(before);

    await writeFile(feedFile(), csv([...ALL.slice(0, 10), car(11).replace('"$31,000"', '"$3l,000"'), car(12).replace(',2024,', ',20x4,')]));
    const broken = await runImport({ now: T0 });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      [
        'inventory.csv:row 12:"Internet Price"  "$3l,000"  not a number',
        'inventory.csv:row 13:"Year"  "20x4"  not a number',
        `${SLUG}  refused: 2 of 12 rows rejected (16.7%), over feed.max_rejected_percent 10`,
        '',
      ].join('\n'),
    );
    expect(await snapshot()).toEqual(before);

    await writeFile(feedFile(), csv(ALL.slice(0, 5)));
    const shrunk = await runImport({ now: T0 });
    expect([shrunk.code, shrunk.stderr]).toEqual([
      1,
      `${SLUG}  refused: stock would shrink from 12 to 5 cars for sale (58% fewer), over feed.max_shrink_percent 50; run with --accept-drop if that is right\n`,
    ]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('sells a car that left the feed today, lowers a price with its old one kept, and redirects the sold page after the window', async () => {
    const stockBefore = await readStock();
    const gone = stockBefore.find((row) => row.stocknum === 'P12')!;
    const cheaper = stockBefore.find((row) => row.stocknum === 'P3')!;
    await writeFile(feedFile(), csv([...ALL.slice(0, 2), car(3, 21500), ...ALL.slice(3, 11)]));
    const day1 = new Date(T0.getTime() + 24 * 3600_000);
    const run = await runImport({ now: day1 });
    expect(run.stdout).toBe(`${SLUG}  inventory.csv imported into stock.json: 11 for sale: 0 new, 11 updated, 0 re-listed, 1 sold, 0 removed\n`);
    const stock = await readStock();
    const today = dateInZone({ now: day1, timeZone: 'America/Los_Angeles' });
    expect(stock.find((row) => row.id === gone.id)).toMatchObject({ slug: gone.slug, status: 'sold', sold: true, sold_date: today });
    expect(stock.find((row) => row.id === cheaper.id)).toMatchObject({ price: 21500, before_price: 23000 });
    expect(stock.map((row) => row.id)).toEqual(stockBefore.map((row) => row.id));

    // A row deleted from stock.json by hand comes back from the history as the same sold car.
    await writeFile(path.join(dealersDir, SLUG, 'stock.json'), JSON.stringify(stock.filter((row) => row.id !== gone.id)));
    expect((await runImport({ now: day1 })).code).toBe(0);
    expect((await readStock()).find((row) => row.id === gone.id)).toMatchObject({ slug: gone.slug, status: 'sold', sold_date: today });

    const later = new Date(T0.getTime() + 10 * 24 * 3600_000);
    const built = await generateAll({ slugs: [SLUG], dealersDir, outDir, now: later });
    expect(built.sites[0].ok).toBe(true);
    const redirects = await readFile(path.join(outDir, SLUG, '_redirects'), 'utf8');
    expect(redirects).toMatch(new RegExp(`^/cars/${gone.slug} /search/\\S+ 301$`, 'm'));
    expect(await readFile(path.join(outDir, SLUG, 'cars', gone.slug, 'index.html'), 'utf8')).toContain('has been sold');

    // Deleted from stock.json by hand and built before any import: the history still redirects its URL.
    await writeFile(path.join(dealersDir, SLUG, 'stock.json'), JSON.stringify((await readStock()).filter((row) => row.id !== gone.id)));
    const rebuilt = await generateAll({ slugs: [SLUG], dealersDir, outDir, now: later });
    expect(rebuilt.sites[0].ok).toBe(true);
    expect(await readFile(path.join(outDir, SLUG, '_redirects'), 'utf8')).toMatch(new RegExp(`^/cars/${gone.slug} /search/\\S+ 301$`, 'm'));
    goneCar = { id: gone.id, slug: gone.slug };
  }, 300_000);

  it('gives a re-listed car its old id and slug back, even after its row was deleted by hand', async () => {
    await writeFile(feedFile(), csv(ALL));
    const run = await runImport({ now: new Date(T0.getTime() + 11 * 24 * 3600_000) });
    expect(run.stdout).toMatch(/: 12 for sale: 0 new, 11 updated, 1 re-listed, 0 sold, 0 removed\n$/);
    expect((await readStock()).find((row) => row.stocknum === 'P12')).toMatchObject({ ...goneCar, status: 'in_stock', sold_date: null });
  });
});
