import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { cleanOutDir, openSiteWriter } from './emit.ts';
import { acquireBuildLock, BuildLockedError } from './buildLock.ts';
import { recoverSite, type SwapStep } from './swap.ts';
import { emitSite, swapTestSite } from '../fixtures/build/swapTestSite.ts';

const run = promisify(execFile);
const STEPS: SwapStep[] = ['written', 'versioned', 'linked', 'swapped'];

let out: string;
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'forecourt-swap-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

/** Every file of the live site `out/demo`, path -> contents (empty when there is no site). */
async function liveFiles(dir = out): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files[relative(join(dir, 'demo'), full)] = await readFile(full, 'utf8');
    }
  };
  if (existsSync(join(dir, 'demo'))) await walk(join(dir, 'demo'));
  return files;
}

const asFiles = (marker: string) => Object.fromEntries(swapTestSite(marker).map((f) => [f.path, f.contents]));

/** The live site is exactly the old one or exactly the new one: never missing, never mixed. */
async function expectOldOrNew(dir = out): Promise<'old' | 'new'> {
  const files = await liveFiles(dir);
  const sorted = (record: Record<string, string>) => JSON.stringify(Object.entries(record).sort());
  if (sorted(files) === sorted(asFiles('old'))) return 'old';
  expect(files).toEqual(asFiles('new'));
  return 'new';
}

/**
 * Only the live link, its version and at most one other complete version (the previous build's,
 * which the next build removes) are left of demo; returns how many other versions there are.
 */
async function expectTidy(dir = out): Promise<number> {
  const names = (await readdir(dir)).sort();
  expect(names).toContain('demo');
  expect((await lstat(join(dir, 'demo'))).isSymbolicLink()).toBe(true);
  const live = await readlink(join(dir, 'demo'));
  const versions = names.filter((name) => name !== 'demo');
  expect(versions).toContain(live);
  for (const name of versions) expect(name).toMatch(/^\.demo\.site-\d+-\d+-[0-9a-f]+$/);
  expect(versions.length).toBeLessThanOrEqual(2);
  return versions.length - 1;
}

describe('the atomic site swap', () => {
  it('makes out/<slug> a symlink to a complete versioned folder; the previous version stays until the next build removes it', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('old') });
    expect(await expectOldOrNew()).toBe('old');
    expect(await expectTidy()).toBe(0);
    const first = await readlink(join(out, 'demo'));
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('new') });
    expect(await expectOldOrNew()).toBe('new');
    expect(await expectTidy()).toBe(1);
    expect(existsSync(join(out, first))).toBe(true);
    const second = await readlink(join(out, 'demo'));
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('old') });
    expect(await expectTidy()).toBe(1);
    expect(existsSync(join(out, first))).toBe(false);
    expect(existsSync(join(out, second))).toBe(true);
  });

  it('pausing at every step of the swap, out/<slug> is always the complete old or new site', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('old') });
    const seen: [SwapStep, string][] = [];
    await emitSite({
      outDir: out,
      slug: 'demo',
      files: swapTestSite('new'),
      onSwapStep: async (step) => {
        seen.push([step, await expectOldOrNew()]);
      },
    });
    expect(seen).toEqual([
      ['written', 'old'],
      ['versioned', 'old'],
      ['linked', 'old'],
      ['swapped', 'new'],
    ]);
  });

  it('pausing at every step when replacing the old layout (a real folder), a site is missing only between two renames, and recovery relinks it', async () => {
    await mkdir(join(out, 'demo'), { recursive: true });
    for (const file of swapTestSite('old')) {
      await mkdir(join(out, 'demo', file.path, '..'), { recursive: true });
      await writeFile(join(out, 'demo', file.path), file.contents);
    }
    const seen: string[] = [];
    await emitSite({
      outDir: out,
      slug: 'demo',
      files: swapTestSite('new'),
      onSwapStep: async (step) => {
        if (step === 'legacy-moved') {
          // The one moment without out/<slug>: what a crash here leaves is repaired at start.
          const copy = await mkdtemp(join(tmpdir(), 'forecourt-swap-copy-'));
          await run('cp', ['-a', `${out}/.`, copy]);
          await recoverSite({ outDir: copy, slug: 'demo' });
          seen.push(`${step}:${await expectOldOrNew(copy)}`);
          await rm(copy, { recursive: true, force: true });
        } else seen.push(`${step}:${await expectOldOrNew()}`);
      },
    });
    expect(seen).toEqual(['written:old', 'versioned:old', 'linked:old', 'legacy-moved:new', 'swapped:new']);
    await expectTidy();
  });

  it('a build SIGKILLed after any step of the swap leaves a complete old or new site, and the next start tidies up', async () => {
    const cases = [...STEPS.map((step) => ({ step, legacy: false })), ...['linked', 'legacy-moved'].map((step) => ({ step, legacy: true }))];
    const results = await Promise.all(
      cases.map(async ({ step, legacy }) => {
        const dir = join(out, `${legacy ? 'legacy' : 'linked'}-${step}`);
        await mkdir(dir);
        if (legacy) {
          for (const file of swapTestSite('old')) {
            await mkdir(join(dir, 'demo', file.path, '..'), { recursive: true });
            await writeFile(join(dir, 'demo', file.path), file.contents);
          }
        } else await emitSite({ outDir: dir, slug: 'demo', files: swapTestSite('old') });
        const child = await run(process.execPath, ['--import', 'tsx', 'fixtures/build/emitAndDie.ts', dir, step, 'new']).then(
          () => 'exited',
          (error: { signal?: string }) => error.signal,
        );
        return { dir, step, legacy, child };
      }),
    );
    for (const { dir, step, legacy, child } of results) {
      expect(child, `${step}${legacy ? ' (old layout)' : ''}`).toBe('SIGKILL');
      // Right after the kill (before any recovery) a complete site is live, except the one
      // instant of the old layout's migration, which the next start repairs.
      if (!(legacy && step === 'legacy-moved')) await expectOldOrNew(dir);
      await cleanOutDir({ outDir: dir });
      const after = await expectOldOrNew(dir);
      expect(after).toBe(['swapped', 'legacy-moved'].includes(step) ? 'new' : 'old');
      if (legacy && after === 'old') {
        // The old layout's folder stays live until a build completes; a version the killed build
        // completed stays beside it until the next build removes it.
        const names = await readdir(dir);
        expect(names).toContain('demo');
        for (const name of names.filter((n) => n !== 'demo')) expect(name).toMatch(/^\.demo\.site-/);
      } else await expectTidy(dir);
    }
  }, 300_000);

  it('adopts the trash folder a kill left in the old rename-based layout, and never removes the last complete site', async () => {
    const trash = join(out, '.demo.trash-999999999-deadbeef');
    for (const file of swapTestSite('old')) {
      await mkdir(join(trash, file.path, '..'), { recursive: true });
      await writeFile(join(trash, file.path), file.contents);
    }
    await mkdir(join(out, '.demo.tmp-999999999-cafe'));
    await writeFile(join(out, '.demo.tmp-999999999-cafe', 'index.html'), 'half written');
    const { relinked } = await recoverSite({ outDir: out, slug: 'demo' });
    expect(relinked).toMatch(/^\.demo\.site-/);
    expect(await expectOldOrNew()).toBe('old');
    await expectTidy();

    // A failing build afterwards changes nothing.
    const broken = [...swapTestSite('new'), { path: 'index.html/x', contents: 'cannot be under a file' }];
    await expect(emitSite({ outDir: out, slug: 'demo', files: broken })).rejects.toThrow(/untouched/);
    expect(await expectOldOrNew()).toBe('old');
    await expectTidy();
  });

  it('cleans stale temp folders of every dealer in the output folder at start, but not those of a live build', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('old') });
    const dead = ['.demo.tmp-999999999-deadbeef', '.other.tmp-999999999-deadbeef', '.other.link-999999999-ab', '.demo.lock-999999999-cd'];
    const live = `.third.tmp-${process.ppid}-cafe`;
    for (const name of [...dead, live]) await mkdir(join(out, name));
    expect((await cleanOutDir({ outDir: out })).sort()).toEqual([...dead].sort());
    expect(existsSync(join(out, live))).toBe(true);
    expect(await expectOldOrNew()).toBe('old');
  });
});

describe('the build lock', () => {
  it('refuses a second build of the same dealer while one runs, and neither leaves a mixed site', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('old') });
    const first = await openSiteWriter({ outDir: out, slug: 'demo' });
    for (const file of swapTestSite('new')) first.write(file);
    const second = emitSite({ outDir: out, slug: 'demo', files: swapTestSite('other') });
    await expect(second).rejects.toThrow(BuildLockedError);
    await expect(second).rejects.toThrow(/another generate of demo is running \(process \d+, since .*\); this build stopped and the live site is unchanged/);
    expect(await expectOldOrNew()).toBe('old');
    await first.commit();
    expect(await expectOldOrNew()).toBe('new');
    // Released: the next build goes ahead; another dealer never waits.
    const other = await openSiteWriter({ outDir: out, slug: 'other' });
    await emitSite({ outDir: out, slug: 'demo', files: swapTestSite('old') });
    await other.abort();
    expect(await expectOldOrNew()).toBe('old');
  });

  it('takes over the lock of a build that was killed, and refuses one held by another live process', async () => {
    await writeFile(join(out, '.demo.lock'), JSON.stringify({ pid: 999999999, started: '2026-01-01T00:00:00Z' }));
    const lock = await acquireBuildLock({ outDir: out, slug: 'demo' });
    await lock.release();
    expect(existsSync(join(out, '.demo.lock'))).toBe(false);
    await writeFile(join(out, '.demo.lock'), JSON.stringify({ pid: process.ppid, started: '2026-01-01T00:00:00Z' }));
    await expect(acquireBuildLock({ outDir: out, slug: 'demo' })).rejects.toThrow(`process ${process.ppid}, since 2026-01-01T00:00:00Z`);
  });
});
