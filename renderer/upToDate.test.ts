/**
 * The up-to-date check: each single change of what a build reads makes a real build, and the same
 * inputs at a time inside the recorded window write nothing. One dealer (fixtures/build), built
 * with the real renderers, each change followed by the unchanged case as the next baseline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFile, cp, mkdtemp, readFile, readlink, rm, stat, symlink, unlink, writeFile, rename, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BundleResult } from './bundle.ts';
import { cachedRuntimeBundle } from './bundleCache.ts';
import { createBuildSession, currentSession, type BuildSession } from './buildSession.ts';
import { REPO_ROOT } from './emit.ts';
import { generateSite, type GenerateOptions, type SiteResult } from './generate.ts';
import { buildFingerprint, upToDateFile, type FingerprintInputs } from './upToDate.ts';
import { DEFAULT_TEMPLATES_DIR } from './templatesDir.ts';

const SLUG = 'bayside-cars';
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const MIN = 60_000;
let work: string;
let dealersDir: string;
let outDir: string;
let templatesDir: string;
let bundle: BundleResult;
let session: BuildSession;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'forecourt-uptodate-'));
  dealersDir = join(work, 'dealers');
  outDir = join(work, 'out');
  templatesDir = join(work, 'templates');
  await cp(join(REPO_ROOT, 'fixtures/build/dealers', SLUG), join(dealersDir, SLUG), { recursive: true });
  await cp(DEFAULT_TEMPLATES_DIR, templatesDir, { recursive: true });
  // One car's new-tag window closes 30 minutes after NOW; a sold car (sale dates are days) leaves its 3-day window one millisecond after the next midnight.
  const feed = join(dealersDir, SLUG, 'stock.json');
  const rows = JSON.parse(await readFile(feed, 'utf8')) as Record<string, unknown>[];
  rows[0].created_at = new Date(NOW - 8 * 86_400_000 + 30 * MIN).toISOString();
  rows[2] = { ...rows[2], status: 'sold', sold_date: '2026-11-18' };
  await writeFile(feed, JSON.stringify(rows, null, 2));
  bundle = await cachedRuntimeBundle();
  session = createBuildSession({ templatesDir });
}, 120_000);
afterAll(async () => {
  delete process.env.FORECOURT_RECORD_ENV_ALLOW;
  await rm(work, { recursive: true, force: true });
});

const build = async ({ at = NOW, ...options }: Partial<GenerateOptions> & { at?: number } = {}): Promise<SiteResult> => {
  const result = await generateSite({ slug: SLUG, bundle, dealersDir, outDir, session, now: new Date(at), ...options });
  if (result.error) throw result.error;
  return result;
};

/** The live link, the live folder's mtime, the record's mtime and the entries of out/. */
const snapshot = async () => {
  const live = await readlink(join(outDir, SLUG));
  return {
    live,
    mtime: (await stat(join(outDir, live))).mtimeMs,
    record: (await stat(upToDateFile({ outDir, slug: SLUG }))).mtimeMs,
    entries: (await readdir(outDir)).sort(),
  };
};

/** Builds unchanged (expecting nothing written), then after `change`, expecting a real build. */
async function expectRealBuildAfter({ change, options = {} }: { change: () => Promise<void> | void; options?: Partial<GenerateOptions> & { at?: number } }) {
  await change();
  const real = await build(options);
  expect(real.upToDate).toBeUndefined();
  expect(real.ok).toBe(!options.strict);
  return real;
}

describe('the up-to-date check', () => {
  it('builds on each change of an input and writes nothing when none changed', async () => {
    const first = await build();
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(first.ok).toBe(true);
    const unchanged = async (options: Partial<GenerateOptions> & { at?: number } = {}) => {
      const before = await snapshot();
      const again = await build(options);
      expect(again.upToDate).toBe(true);
      expect(again.ok).toBe(true);
      expect(await snapshot()).toEqual(before);
      return again;
    };
    const kept = await unchanged({ at: NOW + MIN });
    // The same report as the build that made the site.
    expect({ ...kept, seconds: 0, timings: [], upToDate: undefined, htmlBytes: {}, reused: 0, written: 0 }).toEqual({
      ...first,
      seconds: 0,
      timings: [],
      htmlBytes: {},
      reused: 0,
      written: 0,
    });

    const file = (name: string) => join(dealersDir, SLUG, name);
    const cases: [string, () => Promise<void> | void, (Partial<GenerateOptions> & { at?: number })?][] = [
      ['a record byte', () => appendFile(file('dealer.yaml'), '# edited\n')],
      ['a feed byte', () => appendFile(file('stock.json'), '\n')],
      ['an asset added', () => writeFile(file('assets/extra.txt'), 'a')],
      ['an asset changed', () => writeFile(file('assets/extra.txt'), 'b')],
      ['an asset removed', () => unlink(file('assets/extra.txt'))],
      ['another file of the dealer folder', () => writeFile(file('import-history.json'), '[]')],
      [
        'a template',
        async () => {
          await appendFile(join(templatesDir, 'meta.yaml'), '\n# edited\n');
          session = currentSession(session);
        },
      ],
      ['the base URL', () => undefined, { baseUrl: 'https://elsewhere.example' }],
      // The fixture has warnings: under --strict the build runs, and fails.
      ['strict', () => undefined, { baseUrl: 'https://elsewhere.example', strict: true }],
      [
        'an environment variable the build reads',
        () => {
          process.env.FORECOURT_RECORD_ENV_ALLOW = 'SOME_NAME';
        },
        { baseUrl: 'https://elsewhere.example' },
      ],
      ['--full', () => undefined, { baseUrl: 'https://elsewhere.example', full: true }],
    ];
    let options: Partial<GenerateOptions> & { at?: number } = {};
    for (const [label, change, given] of cases) {
      options = { at: NOW + 2 * MIN, ...given };
      const real = await expectRealBuildAfter({ change, options }).catch((error: unknown) => {
        throw new Error(`${label}: ${String(error)}`, { cause: error });
      });
      expect(real.upToDate, label).toBeUndefined();
      if (real.ok) await unchanged({ ...options, full: false });
    }
    options = { ...options, full: false };

    // Time: the tag window closes at NOW + 30 min + 1 ms (its last millisecond still inside).
    await unchanged({ ...options, at: NOW + 30 * MIN });
    await expectRealBuildAfter({ change: () => undefined, options: { ...options, at: NOW + 30 * MIN + 1 } });
    // An earlier build time than the live build's is a real build.
    await expectRealBuildAfter({ change: () => undefined, options: { ...options, at: NOW + 20 * MIN } });
    await unchanged({ ...options, at: NOW + 21 * MIN });
    await expectRealBuildAfter({ change: () => undefined, options: { ...options, at: NOW + 31 * MIN } });
    // Crossing UTC midnight, then the sold car leaving its window one millisecond later.
    const midnight = Date.parse('2026-11-21T00:00:00.000Z');
    await unchanged({ ...options, at: midnight - 1 });
    await expectRealBuildAfter({ change: () => undefined, options: { ...options, at: midnight } });
    expect((await unchanged({ ...options, at: midnight })).nextSoldWindowEnd).toEqual(new Date(midnight + 1));
    await expectRealBuildAfter({ change: () => undefined, options: { ...options, at: midnight + 1 } });
    await unchanged({ ...options, at: midnight + MIN });

    // The live link moved to another version, then the live version folder removed.
    const later = { ...options, at: midnight + 2 * MIN };
    const { live, entries } = await snapshot();
    const other = entries.find((name) => name.startsWith(`.${SLUG}.site-`) && name !== live)!;
    await expectRealBuildAfter({
      change: async () => {
        await unlink(join(outDir, SLUG));
        await symlink(other, join(outDir, SLUG));
      },
      options: later,
    });
    await unchanged(later);
    await expectRealBuildAfter({
      change: async () => {
        const current = await readlink(join(outDir, SLUG));
        await rename(join(outDir, current), join(work, 'moved-away'));
      },
      options: later,
    });
    await unchanged(later);

    // A failed build leaves no record: with the inputs back as they were, the live site is up to date again.
    const record = await readFile(file('dealer.yaml'), 'utf8');
    await writeFile(file('dealer.yaml'), `${record}\nlocations: [\n`);
    expect((await build(later)).ok).toBe(false);
    await writeFile(file('dealer.yaml'), record);
    await unchanged(later);
  }, 300_000);

  it('the fingerprint covers the code version, the manufacturers file and the environment', async () => {
    const manufacturers = join(work, 'manufacturers.json');
    await writeFile(manufacturers, '["Toyota"]');
    const inputs: FingerprintInputs = {
      slug: SLUG,
      dealersDir,
      outDir,
      version: 'v1',
      bundle,
      manufacturersFile: manufacturers,
      searchIndex: true,
      env: { FORECOURT_DATA_DIR: '/data', HOME: '/root' },
    };
    const base = buildFingerprint(inputs);
    expect(buildFingerprint({ ...inputs, env: { ...inputs.env, HOME: '/home/x' } })).toBe(base);
    for (const changed of [
      { version: 'v2' },
      { env: { ...inputs.env, FORECOURT_DATA_DIR: '/other' } },
      { env: { ...inputs.env, FORECOURT_SECRET_IMGPROXY_KEY: 'ab' } },
      { env: { ...inputs.env, NODE_ENV: 'development' } },
      { searchIndex: false },
      { limits: { recordBytes: 1, feedBytes: 1, cars: 1, yamlAliases: 1 } as FingerprintInputs['limits'] },
      { outDir: join(work, 'out2') },
    ])
      expect(buildFingerprint({ ...inputs, ...changed }), JSON.stringify(changed)).not.toBe(base);
    await writeFile(manufacturers, '["Toyota","Kia"]');
    expect(buildFingerprint(inputs)).not.toBe(base);
  });
});
