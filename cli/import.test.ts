import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSY_MAP, messyCsv, messyRows } from '../fixtures/import/messyCsv.ts';
import { slugify } from '../domain/slug.ts';
import { loadDealer } from '../renderer/loadDealer.ts';
import { runImportCommand } from './import.ts';
import { scaffoldDealer } from './newDealer.ts';
import { runValidate } from './validate.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'forecourt-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A buffer standing in for stdout or stderr. */
const sink = () => {
  const out = { text: '', write: (t: string) => (out.text += t) };
  return out;
};

/** A scaffolded dealer (US: miles, with the fee disclosure US prices need) whose record gets `feedYaml` appended; returns its folder. */
async function dealerWithFeed({ dealersDir, slug, feedYaml }: { dealersDir: string; slug: string; feedYaml: string }): Promise<string> {
  await scaffoldDealer({ slug, template: 'used', region: 'US', dealersDir, dealerId: 77 });
  await appendFile(path.join(dealersDir, slug, 'dealer.yaml'), `\nadvertising:\n  fee_disclosure: Plus tax, title, license and dealer fees\n${feedYaml}`);
  return path.join(dealersDir, slug);
}

const yamlMap = (map: object) => JSON.stringify(map);

async function importOnce({
  dealersDir,
  slug,
  now,
  acceptDrop,
  format,
}: {
  dealersDir: string;
  slug: string;
  now: Date;
  acceptDrop?: boolean;
  format?: 'json';
}) {
  const stdout = sink();
  const stderr = sink();
  const code = await runImportCommand({ slugs: [slug], dealersDir, now, acceptDrop, format, stdout, stderr, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('forecourt import: a 5,000-row messy CSV', () => {
  const rows = messyRows({ count: 5000, seed: 7 });
  const { text, rowNumbers } = messyCsv(rows);

  it('imports every good row, reports each rejected one, and writes a stock.json that validates', async () => {
    const dealersDir = path.join(dir, 'messy');
    const dealerDir = await dealerWithFeed({
      dealersDir,
      slug: 'messy-motors',
      feedYaml: `feed:\n  source: { file: inventory.csv }\n  map: ${yamlMap(MESSY_MAP)}\n`,
    });
    await writeFile(path.join(dealerDir, 'inventory.csv'), text);
    const now = new Date('2026-03-01T00:00:00Z');
    const run = await importOnce({ dealersDir, slug: 'messy-motors', now });
    expect(run.code).toBe(0);

    const expected = rows.flatMap((row, i) => {
      if (!row.rejected) return [];
      const reason = row.rejected.reason === 'duplicate of row' ? `duplicate of row ${rowNumbers[i - 1]}` : row.rejected.reason;
      return [`inventory.csv:row ${rowNumbers[i]}:"${row.rejected.column}"  "${row.rejected.value}"  ${reason}`];
    });
    expect(expected.length).toBeGreaterThan(40);
    const printed = run.stderr.trim().split('\n');
    expect(printed.slice(0, 20)).toEqual(expected.slice(0, 20));
    expect(printed[20]).toBe(`inventory.csv: and ${expected.length - 20} more rejected rows`);
    expect(run.stdout).toBe(
      `messy-motors  inventory.csv imported into stock.json: ${5000 - expected.length} for sale: ${5000 - expected.length} new, 0 updated, 0 re-listed, 0 sold, 0 removed\n`,
    );

    const loaded = await loadDealer({ dealersDir, slug: 'messy-motors', now });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.cars).toHaveLength(5000 - expected.length);
    const byStock = new Map(loaded.cars.map((car) => [car.stocknum, car]));
    // Quoted comma, embedded line break, Windows-1252 letters, POA and missing prices and miles, miles to km, the date at midnight in Los Angeles (the US region's zone).
    const car3 = byStock.get('S3')!;
    expect(car3.badge).toBe('XLT, Leather');
    expect(byStock.get('S25')!.badge).toBe('Sport Pack');
    expect(loaded.cars.some((car) => car.make === 'Citroën') && loaded.cars.some((car) => car.make === 'Škoda')).toBe(true);
    expect([byStock.get('S50')!.price, byStock.get('S40')!.price, byStock.get('S30')!.km]).toEqual([0, 0, null]);
    expect(byStock.get('S1')!.km).toBe(Math.round(Number(rows[0].cells[7]) * 1.609344));
    expect(byStock.get('S1')!.created_at).toBe('2025-02-02T08:00:00.000Z');
    expect(car3.slug).toBe(`${car3.year}-${slugify(car3.make)}-${slugify(car3.model)}-${car3.id}`);
    expect(byStock.get('S7')!.images).toEqual([]);
    expect(byStock.get('S1')!.images!.map((image) => image.image.url)).toEqual(['https://cdn.example/cars/1-1.jpg', 'https://cdn.example/cars/1-2.jpg']);

    // The same feed reversed: every car keeps its id and slug (where a VIN is listed twice, the first row wins, so that car's other cells may differ).
    const identities = async () =>
      new Map(
        (JSON.parse(await readFile(path.join(dealerDir, 'stock.json'), 'utf8')) as { vin: string; id: number; slug: string }[]).map((car) => [
          car.vin,
          `${car.id} ${car.slug}`,
        ]),
      );
    const before = await identities();
    await writeFile(path.join(dealerDir, 'inventory.csv'), messyCsv([...rows].reverse()).text);
    const again = await importOnce({ dealersDir, slug: 'messy-motors', now: new Date('2026-03-02T00:00:00Z') });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/: \d+ for sale: 0 new, \d+ updated, 0 re-listed, 0 sold, 0 removed\n$/);
    expect(await identities()).toEqual(before);
  }, 120_000);
});

describe('forecourt import: an XML export and the preset', () => {
  it('reads rows at the records path with paths, attributes and repeated photos; POA is no price', async () => {
    const dealersDir = path.join(dir, 'xml');
    const dealerDir = await dealerWithFeed({
      dealersDir,
      slug: 'xml-motors',
      feedYaml: [
        'feed:',
        '  source: { file: vehicles.xml }',
        '  format: xml',
        '  records: /inventory/vehicle',
        '  max_rejected_percent: 40',
        `  map: ${yamlMap({
          vin: 'vin',
          stocknum: '@stock',
          year: 'year',
          make: 'make',
          model: 'model',
          badge: 'trim',
          price: 'price',
          km: { column: 'odometer', unit: 'km' },
          car_type: 'condition',
          images: 'photos/photo',
          created_at: 'listed',
          name: { template: '{make} {model} {badge} ({year})' },
        })}`,
        '',
      ].join('\n'),
    });
    await writeFile(path.join(dealerDir, 'vehicles.xml'), await readFile(path.resolve('fixtures/import/vehicles.xml')));
    const run = await importOnce({ dealersDir, slug: 'xml-motors', now: new Date('2026-03-01T00:00:00Z'), format: 'json' });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.dealers[0]).toMatchObject({
      status: 'imported',
      rows: 3,
      rejected_count: 1,
      rejected: [{ row: 3, column: 'year', value: 'twenty', reason: 'not a number' }],
    });
    const { cars, diagnostics } = await loadDealer({ dealersDir, slug: 'xml-motors', now: new Date() });
    expect(diagnostics).toEqual([]);
    expect(cars.map((car) => [car.stocknum, car.name, car.price, car.km, car.car_type, car.images?.length])).toEqual(
      expect.arrayContaining([
        ['X100', 'Toyota Corolla Ascent Sport & Hybrid (2023)', 31490, 18250, 'used', 2],
        ['X101', 'Toyota HiLux SR5 (2026)', 0, 12, 'new', 1],
      ]),
    );
  });

  it('refuses a map naming a column the file does not have, with the header row', async () => {
    const dealersDir = path.join(dir, 'unknown-column');
    const dealerDir = await dealerWithFeed({
      dealersDir,
      slug: 'typo-motors',
      feedYaml: `feed:\n  source: { file: inventory.csv }\n  preset: dms-csv\n  map: { price: { column: "Internet Prise", as: money } }\n`,
    });
    await writeFile(
      path.join(dealerDir, 'inventory.csv'),
      'Type,Stock,VIN,Year,Make,Model,Trim,Body,ExteriorColor,Transmission,Miles,Internet Price,Certified,DateInStock,ImageList\n',
    );
    const stockBefore = await readFile(path.join(dealerDir, 'stock.json'), 'utf8');
    const run = await importOnce({ dealersDir, slug: 'typo-motors', now: new Date() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('typo-motors  refused: feed.map names a column inventory.csv does not have: "Internet Prise" (price).');
    expect(run.stderr).toContain('Its header row: Type, Stock, VIN, Year, Make, Model, Trim, Body, ExteriorColor, Transmission, Miles, Internet Price,');
    expect(await readFile(path.join(dealerDir, 'stock.json'), 'utf8')).toBe(stockBefore);
  });
});

describe('forecourt import: usage', () => {
  it('asks for slugs or --all, and says when no dealer has a feed', async () => {
    const stderr = sink();
    expect(await runImportCommand({ slugs: [], dealersDir: dir, stdout: sink(), stderr })).toBe(2);
    expect(stderr.text).toMatch(/pass --all/);
    const dealersDir = path.join(dir, 'no-feed');
    await scaffoldDealer({ slug: 'plain', template: 'used', region: 'AU', dealersDir });
    const stdout = sink();
    expect(await runImportCommand({ slugs: [], all: true, dealersDir, stdout, stderr: sink() })).toBe(0);
    expect(stdout.text).toBe('no dealer has a feed: in its record\n');
    const named = sink();
    expect(await runImportCommand({ slugs: ['plain'], dealersDir, stdout: sink(), stderr: named })).toBe(1);
    expect(named.text).toMatch(/plain {2}failed: .*dealer\.yaml has no feed:/);
    expect(await readdir(path.join(dealersDir, 'plain'))).not.toContain('import-history.json');
  });
});

describe('forecourt validate checks the feed: without importing', () => {
  it('reports a mapped column the CSV lacks, with its header row, and a feed URL on this machine', async () => {
    const dealersDir = path.join(dir, 'validate-feed');
    const dealerDir = await dealerWithFeed({
      dealersDir,
      slug: 'check-motors',
      feedYaml: 'feed:\n  source: { file: inventory.csv }\n  map:\n    vin: VIN\n    price: { column: "Internet Prise", as: money }\n',
    });
    await writeFile(path.join(dealerDir, 'inventory.csv'), '\ufeffVIN,Year,Make,Model,Internet Price\r\nA,2020,Ford,Focus,1\r\n');
    const file = path.join(dealerDir, 'dealer.yaml');
    const run = await runValidate({ paths: [dealersDir] });
    expect(run.diagnostics).toEqual([
      expect.objectContaining({
        file,
        pointer: '/feed/map/price',
        severity: 'error',
        message: 'names column "Internet Prise" (price), which inventory.csv does not have',
        hint: 'The header row of inventory.csv: VIN, Year, Make, Model, Internet Price',
      }),
    ]);
    expect(run.diagnostics[0].line).toBeGreaterThan(1);

    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('source: { file: inventory.csv }', 'source: { url: "http://169.254.169.254/latest/feed.csv" }'),
    );
    const url = await runValidate({ paths: [dealersDir] });
    expect(url.diagnostics).toEqual([
      expect.objectContaining({ pointer: '/feed/source/url', severity: 'error', message: expect.stringMatching(/link-local address/) }),
    ]);
  });
});
