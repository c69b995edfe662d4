/**
 * The per-car memo on disk across processes (renderer/carMemo.ts, renderer/carMemoFile.ts): each
 * build below runs in a new BuildSession over the same data folder, as a new `forecourt generate`
 * process does, and its output is compared file by file with a full build that reads no memo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { bundleRuntime, type BundleResult } from './bundle.ts';
import { createBuildSession } from './buildSession.ts';
import { generateSite, type SiteResult } from './generate.ts';
import { loadPageRenderers } from './render.ts';
import { DEFAULT_TEMPLATES_DIR } from './templatesDir.ts';
import { apply, expectSameSite, files, MODELS, NOW, row, SLUG, writeDealer, type Row } from './incrementalScenario.ts';

let bundle: BundleResult;
let work = '';
const memoDir = () => join(work, 'data', 'cache', 'cars');

beforeAll(async () => {
  bundle = await bundleRuntime();
  work = await mkdtemp(join(tmpdir(), 'forecourt-carmemo-'));
}, 60_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** One build in a new session: with the data folder's memo (as the CLI), or without any (`memo: false`). */
async function newProcess({
  dealersDir,
  outDir,
  full = false,
  memo = true,
  templatesDir,
}: {
  dealersDir: string;
  outDir: string;
  full?: boolean;
  memo?: boolean;
  templatesDir?: string;
}): Promise<SiteResult> {
  const session = createBuildSession({ templatesDir, carMemoDir: memo ? memoDir() : undefined });
  const renderers = await loadPageRenderers({ session });
  const site = await generateSite({ slug: SLUG, bundle, renderers, session, dealersDir, outDir, now: NOW, full });
  if (!site.ok) throw new Error(`build failed: ${site.error?.message ?? site.diagnostics.map((d) => d.message).join('; ')}`);
  return site;
}

/** The text of every file of a built site, joined (to look for a value in any of them). */
async function siteText(dir: string): Promise<string> {
  const texts = await Promise.all((await files(dir)).map((file) => readFile(join(dir, file), 'utf8')));
  return texts.join('\n');
}

describe('per-car memo on disk', () => {
  const rows: Row[] = Array.from({ length: 12 }, (_, i) => row({ id: i + 1, model: i % MODELS.length, price: 15_000 + i * 1_250, reservable: i % 3 === 0 }));
  const dealersDir = () => join(work, 'dealers');
  const incremental = () => join(work, 'incremental');

  it('gives a new process after a price change and a sale the pages, index and feeds of a full build', async () => {
    await writeDealer({ dealersDir: dealersDir(), rows });
    await newProcess({ dealersDir: dealersDir(), outDir: incremental() });
    expect((await readdir(memoDir())).filter((name) => name.endsWith('.v8'))).toHaveLength(1);
    await apply({ dealersDir: dealersDir(), edit: { kind: 'price', at: 2, price: 20_100 }, rows });
    const again = await newProcess({ dealersDir: dealersDir(), outDir: incremental() });
    expect(again.reused).toBeGreaterThan(0);
    await apply({ dealersDir: dealersDir(), edit: { kind: 'sell', at: 5, daysAgo: 1 }, rows });
    await newProcess({ dealersDir: dealersDir(), outDir: incremental() });
    const full = join(work, 'full');
    await newProcess({ dealersDir: dealersDir(), outDir: full, full: true, memo: false });
    await expectSameSite(join(incremental(), SLUG), join(full, SLUG));
  }, 60_000);

  it('reads the stored values in a new process, and none under another code version', async () => {
    // A stored car summary altered on disk shows in the next process's data files: it was read, not made.
    const [name] = (await readdir(memoDir())).filter((file) => file.endsWith('.v8'));
    const path = join(memoDir(), name);
    const stored = deserialize(await readFile(path)) as { values: Map<string, { context: string; value: unknown }> };
    for (const [key, entry] of stored.values) if (key.endsWith('\0carSummary')) entry.value = JSON.stringify({ probe: 'stored-value-probe' });
    await writeFile(path, serialize(stored));
    // Another car's price changes, so the build runs (with nothing changed the up-to-date check skips it).
    await apply({ dealersDir: dealersDir(), edit: { kind: 'price', at: 3, price: 20_300 }, rows });
    await newProcess({ dealersDir: dealersDir(), outDir: incremental() });
    expect(await siteText(join(incremental(), SLUG))).toContain('stored-value-probe');

    // Another version (here: a templates folder with one more file) reads none of it: the output is a full build's.
    const templatesDir = join(work, 'templates');
    await cp(DEFAULT_TEMPLATES_DIR, templatesDir, { recursive: true });
    await writeFile(join(templatesDir, 'version-probe.txt'), 'another version');
    await newProcess({ dealersDir: dealersDir(), outDir: incremental(), templatesDir });
    const full = join(work, 'full-other');
    await newProcess({ dealersDir: dealersDir(), outDir: full, full: true, memo: false, templatesDir });
    expect(await siteText(join(incremental(), SLUG))).not.toContain('stored-value-probe');
    await expectSameSite(join(incremental(), SLUG), join(full, SLUG));
    // The other version's file replaced the first: one file per dealer folder.
    expect((await readdir(memoDir())).filter((file) => file.endsWith('.v8'))).toHaveLength(1);
  }, 60_000);
});
