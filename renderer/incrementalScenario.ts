/**
 * The incremental-equals-full property, shared by its test files (renderer/incremental.test.ts and
 * renderer/incrementalProperty.test.ts each run half of the sequences, so the two halves run on
 * the suite's two workers at once): a 300-car dealer, random edits ops make to its record and
 * feed, an incremental build after each, then a full build of the final inputs compared file by
 * file. Test support only: nothing outside tests imports it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cp, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { bundleRuntime, type BundleResult } from './bundle.ts';
import { generateSite, type SiteResult } from './generate.ts';
import { loadPageRenderers, type PageRenderers } from './render.ts';
import { createBuildSession, type BuildSession } from './buildSession.ts';
import { REPO_ROOT } from './emit.ts';

/** Random edit sequences per run, over both files (CI default; INCREMENTAL_RUNS=200 for a longer local search). */
export const RUNS = Number(process.env.INCREMENTAL_RUNS ?? 50);
/** Cars of the dealer every sequence starts from (INCREMENTAL_CARS to change it). */
export const CARS = Number(process.env.INCREMENTAL_CARS ?? 300);
/**
 * The sequences' seed: fixed, so CI runs the same sequences every time (most edits change what
 * every page reads, e.g. the price range or the car count, and a handful of random ones can reuse
 * nothing, which the vacuity check below would report at random). INCREMENTAL_SEED=random, or a
 * number, for other sequences locally.
 */
export const SEED = process.env.INCREMENTAL_SEED === 'random' ? undefined : Number(process.env.INCREMENTAL_SEED ?? 20_261_126);
export const SLUG = 'bayside-cars';
export const NOW = new Date('2025-06-10T00:00:00Z');
/** Make, model and fuel: the hybrid is listed on the electric cars page (a page that says what it reads of the stock). */
export const MODELS = [
  ['Toyota', 'Corolla', 'Petrol'],
  ['Toyota', 'Camry', 'Hybrid'],
  ['Mazda', 'CX-5', 'Petrol'],
  ['Kia', 'Sportage', 'Diesel'],
] as const;

export type Row = Record<string, unknown>;
let bundle: BundleResult;
let renderers: PageRenderers;
let session: BuildSession;
let work = '';

/** The folder a test file's builds go in (made by {@link withIncrementalBuilds}). */
export const workDir = (): string => work;

/** Registers the calling test file's hooks: the bundle and renderers once, a work folder removed at the end. */
export function withIncrementalBuilds(): void {
  beforeAll(async () => {
    // One session for every build of the file, as `forecourt dev` keeps one across its rebuilds.
    session = createBuildSession();
    [bundle, renderers] = await Promise.all([bundleRuntime(), loadPageRenderers({ session })]);
    // Hundreds of builds of a 300-car site: in memory (tmpfs) where the machine has it, where
    // creating and removing their files costs a fraction of a disk's metadata work.
    work = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'forecourt-incremental-'));
  }, 60_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });
}

/** A stock row of one of MODELS; a reservable one (a deposit) gets a reserve page too. */
export function row({
  id,
  model,
  price,
  rank = 0,
  reservable = true,
  createdAt = '2025-05-01T00:00:00Z',
}: {
  id: number;
  model: number;
  price: number;
  rank?: number;
  reservable?: boolean;
  createdAt?: string;
}): Row {
  const [make, name, fuel] = MODELS[model];
  return {
    id,
    slug: `2023-${make}-${name}-${id}`.toLowerCase(),
    name: `2023 ${make} ${name}`,
    make,
    model: name,
    year: 2023,
    simple_fuel: fuel,
    car_type: 'used',
    status: 'in_stock',
    created_at: createdAt,
    price,
    custom_rank: rank,
    dealership_slug: SLUG,
    dealership_id: 700,
    // Every other car at the sales yard: its location page counts them (a page that says what it reads of the stock).
    ...(id % 2 === 0 ? { location: { id: 1, name: 'Bayside Cars - Sales' } } : {}),
    ...(reservable ? { payment_processors: [{ authorization_type: 'stripe', authorization_key: 'pk_test_1', deposit_amount: 500 }] } : {}),
  };
}

/** One edit ops make to a record or a feed, or the clock moving on between two builds. */
export type Edit =
  | { kind: 'clock'; minutes: number }
  | { kind: 'price'; at: number; price: number }
  | { kind: 'sell'; at: number; daysAgo: number }
  | { kind: 'rank'; at: number; rank: number }
  | { kind: 'move'; at: number }
  | { kind: 'add'; model: number; price: number }
  | { kind: 'remove'; at: number }
  | { kind: 'rename-location'; name: string }
  | { kind: 'theme'; primary: string };

const price = fc.integer({ min: 5_000, max: 90_000 });
const at = fc.nat({ max: CARS - 1 });
// Weighted as ops make them: feed changes and the clock most, record edits (every page) least.
const edit: fc.Arbitrary<Edit> = fc.oneof(
  // A minute, three hours (the same day: pages reused), a day, forty days (another month).
  { arbitrary: fc.record({ kind: fc.constant('clock' as const), minutes: fc.constantFrom(1, 180, 1440, 57_600) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('price' as const), at, price }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('sell' as const), at, daysAgo: fc.integer({ min: 0, max: 6 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('rank' as const), at, rank: fc.integer({ min: 0, max: 3 }) }), weight: 2 },
  // A car moved to or from the sales yard: the stock's size stays, the yard's count does not.
  { arbitrary: fc.record({ kind: fc.constant('move' as const), at }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('add' as const), model: fc.nat({ max: MODELS.length - 1 }), price }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), at }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('rename-location' as const), name: fc.constantFrom('Bayside Cars - Sales', 'Bayside North', 'Harbour Yard') }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('theme' as const), primary: fc.constantFrom('#0b3d91', '#123456', '#aa0000') }), weight: 1 },
);

/** A dealer folder: the build fixture's record with `rows` as its feed. */
export async function writeDealer({ dealersDir, rows }: { dealersDir: string; rows: Row[] }): Promise<void> {
  await cp(join(REPO_ROOT, 'fixtures/build/dealers', SLUG), join(dealersDir, SLUG), { recursive: true });
  await writeFile(join(dealersDir, SLUG, 'stock.json'), JSON.stringify(rows, null, 2));
}

/** Applies one edit to the dealer on disk. */
export async function apply({ dealersDir, edit: e, rows }: { dealersDir: string; edit: Edit; rows: Row[] }): Promise<void> {
  const pick = (index: number) => rows[index % rows.length];
  if (e.kind === 'price' && rows.length) pick(e.at).price = e.price;
  if (e.kind === 'sell' && rows.length) {
    Object.assign(pick(e.at), { status: 'sold', sold_date: new Date(NOW.getTime() - e.daysAgo * 86_400_000).toISOString().slice(0, 10) });
  }
  if (e.kind === 'rank' && rows.length) pick(e.at).custom_rank = e.rank;
  if (e.kind === 'move' && rows.length) {
    const car = pick(e.at);
    if (car.location) delete car.location;
    else car.location = { id: 1, name: 'Bayside Cars - Sales' };
  }
  if (e.kind === 'add') rows.push(row({ id: Math.max(0, ...rows.map((r) => r.id as number)) + 1, model: e.model, price: e.price }));
  if (e.kind === 'remove' && rows.length) rows.splice(e.at % rows.length, 1);
  await writeFile(join(dealersDir, SLUG, 'stock.json'), JSON.stringify(rows, null, 2));
  if (e.kind === 'rename-location' || e.kind === 'theme') {
    const file = join(dealersDir, SLUG, 'dealer.yaml');
    const doc = parseDocument(await readFile(file, 'utf8'));
    if (e.kind === 'theme') doc.setIn(['theme', 'primary'], e.primary);
    else doc.setIn(['locations', 0, 'name'], e.name);
    await writeFile(file, String(doc));
  }
}

export async function build({ dealersDir, outDir, full, now = NOW }: { dealersDir: string; outDir: string; full: boolean; now?: Date }): Promise<SiteResult> {
  const site = await generateSite({ slug: SLUG, bundle, renderers, session, dealersDir, outDir, now, full });
  if (!site.ok)
    throw new Error(`build failed: ${[site.error?.message, ...site.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)].join('; ')}`);
  return site;
}

/** Every file under `dir` (relative paths, sorted). */
export async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** Throws naming the first file that differs between two built sites. */
export async function expectSameSite(a: string, b: string): Promise<void> {
  const [left, right] = [await realpath(a), await realpath(b)];
  const [leftFiles, rightFiles] = [await files(left), await files(right)];
  expect(leftFiles).toEqual(rightFiles);
  for (const file of leftFiles) {
    const [x, y] = await Promise.all([readFile(join(left, file)), readFile(join(right, file))]);
    if (!x.equals(y)) expect.fail(`${file} differs between the incremental and the full build`);
  }
}

/** The dealer every sequence starts from: CARS cars of MODELS, built once (incremental output and feed rows). */
interface Base {
  dealersDir: string;
  outDir: string;
  rows: Row[];
}

let base: Promise<Base> | undefined;
function baseDealer(): Promise<Base> {
  base ??= (async () => {
    const dir = join(work, 'base');
    const dealersDir = join(dir, 'dealers');
    const outDir = join(dir, 'out');
    // Every third car reservable: reserve pages are covered at a third of their rendering cost.
    // Every tenth car's new tag ends during the first day (an hour apart), so the clock edits
    // close some windows and leave others open (the search island's tag clock).
    const rows = Array.from({ length: CARS }, (_, i) =>
      row({
        id: i + 1,
        model: i % MODELS.length,
        price: 8_000 + ((i * 7919) % 80_000),
        reservable: i % 3 === 0,
        ...(i % 10 === 0 ? { createdAt: new Date(NOW.getTime() - 8 * 86_400_000 + ((i / 10) % 24) * 3_600_000 + 60_000).toISOString() } : {}),
      }),
    );
    await writeDealer({ dealersDir, rows });
    // Built twice: the second build keeps the first beside it, so every sequence's first build
    // writes over a version it recycles (renderer/emit.ts) as well as reusing pages of the live one.
    await build({ dealersDir, outDir, full: false });
    await build({ dealersDir, outDir, full: false });
    return { dealersDir, outDir, rows };
  })();
  return base;
}

let runId = 0;
/**
 * One sequence: a copy of the base dealer and of its built site (hard links: a built version is
 * never written to again), each edit followed by an incremental build, then a full build of the
 * final inputs compared file by file. Returns the pages the incremental builds reused.
 */
async function scenario({ edits }: { edits: Edit[] }): Promise<number> {
  const from = await baseDealer();
  const dir = join(work, String((runId += 1)));
  const dealersDir = join(dir, 'dealers');
  const incremental = join(dir, 'incremental');
  const full = join(dir, 'full');
  await cp(from.dealersDir, dealersDir, { recursive: true });
  await promisify(execFile)('cp', ['-al', from.outDir, incremental]);
  const rows = structuredClone(from.rows);
  let now = NOW;
  let reused = 0;
  try {
    for (const e of edits) {
      if (e.kind === 'clock') now = new Date(now.getTime() + e.minutes * 60_000);
      else await apply({ dealersDir, edit: e, rows });
      reused += (await build({ dealersDir, outDir: incremental, full: false, now })).reused;
    }
    await build({ dealersDir, outDir: full, full: true, now });
    await expectSameSite(join(incremental, SLUG), join(full, SLUG));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return reused;
}

/**
 * The property over `runs` sequences from `seed`: each file runs its half, with its own seed, so
 * the sequences of the two files differ.
 */
export function incrementalProperty({ runs, seed, of }: { runs: number; seed: number | undefined; of: string }): void {
  it(
    `is byte-identical to a full build after random record, feed and clock edits (${runs} sequences on a ${CARS}-car dealer, ${of} of ${RUNS})`,
    async () => {
      let reused = 0;
      await fc.assert(
        fc.asyncProperty(fc.record({ edits: fc.array(edit, { minLength: 1, maxLength: 3 }) }), async (input) => {
          reused += await scenario(input);
        }),
        { numRuns: runs, seed },
      );
      // The property is not vacuous: pages were reused along the way.
      expect(reused).toBeGreaterThan(0);
    },
    60_000 + runs * 15_000,
  );
}
