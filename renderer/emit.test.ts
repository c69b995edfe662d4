import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, assertSafeOutDir, openSiteWriter } from './emit.ts';
import { emitSite, outEntries } from '../fixtures/build/swapTestSite.ts';

let out: string;
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'forecourt-emit-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

const site = (marker: string) => [
  { path: 'index.html', contents: `<h1>${marker}</h1>` },
  { path: 'cars/a/index.html', contents: `car a ${marker}` },
  { path: 'assets/logo.svg', contents: new Uint8Array([60, 115, 118, 103, 62]) },
];

describe('emitting a whole site', () => {
  it('writes every file under <out>/<slug> and leaves no temp folder', async () => {
    const result = await emitSite({ outDir: out, slug: 'demo', files: site('one') });
    expect(result.dir).toBe(join(out, 'demo'));
    expect(result.files).toBe(3);
    expect(await readFile(join(out, 'demo/cars/a/index.html'), 'utf8')).toBe('car a one');
    expect(await readFile(join(out, 'demo/assets/logo.svg'), 'utf8')).toBe('<svg>');
    expect(await outEntries(out)).toEqual(['demo']);
  });

  it('removes a stale file of the previous build', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: [...site('one'), { path: 'cars/sold/index.html', contents: 'sold' }] });
    expect(existsSync(join(out, 'demo/cars/sold/index.html'))).toBe(true);
    await emitSite({ outDir: out, slug: 'demo', files: site('two') });
    expect(existsSync(join(out, 'demo/cars/sold/index.html'))).toBe(false);
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('<h1>two</h1>');
    expect(await outEntries(out)).toEqual(['demo']);
  });

  it('leaves the previous site intact when a build fails mid-way', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: site('old') });
    // 'cars' as a file and 'cars/b/index.html' below it: the second write must fail part-way through.
    const broken = [
      { path: 'index.html', contents: 'new' },
      { path: 'x', contents: 'file' },
      { path: 'x/y/index.html', contents: 'boom' },
    ];
    await expect(emitSite({ outDir: out, slug: 'demo', files: broken })).rejects.toThrow(/previous .* untouched/);
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('<h1>old</h1>');
    expect(await outEntries(out)).toEqual(['demo']);
  });

  it('refuses a file path that escapes the site folder', async () => {
    await expect(emitSite({ outDir: out, slug: 'demo', files: [{ path: '../evil.html', contents: 'x' }] })).rejects.toThrow(/untouched/);
    expect(existsSync(join(out, 'evil.html'))).toBe(false);
  });

  it('removes temp folders left by a killed build at the next start, but not a live one', async () => {
    const dead = join(out, '.demo.tmp-999999999-deadbeef');
    const live = join(out, `.demo.tmp-${process.ppid}-cafe`);
    const other = join(out, '.other.tmp-999999999-deadbeef');
    for (const dir of [dead, live, other]) await mkdir(dir, { recursive: true });
    await writeFile(join(dead, 'index.html'), 'half');
    await emitSite({ outDir: out, slug: 'demo', files: site('x') });
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  it('refuses a slug that is not a plain folder name', async () => {
    await expect(emitSite({ outDir: out, slug: '../up', files: site('x') })).rejects.toThrow(/plain folder name/);
  });
});

describe('openSiteWriter', () => {
  it('writes files as they come, on several writer threads, and swaps them in on commit', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: site('old') });
    const writer = await openSiteWriter({ outDir: out, slug: 'demo', writers: 2 });
    for (let i = 0; i < 50; i++) writer.write({ path: `cars/c${i}/index.html`, contents: `car ${i}` });
    // Until commit the old site is what is served.
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('<h1>old</h1>');
    writer.write({ path: 'index.html', contents: 'new' });
    const result = await writer.commit();
    expect(result.files).toBe(51);
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('new');
    expect(await readFile(join(out, 'demo/cars/c49/index.html'), 'utf8')).toBe('car 49');
    expect(existsSync(join(out, 'demo/cars/a'))).toBe(false);
    expect(() => writer.write({ path: 'late.html', contents: '' })).toThrow(/closed/);
  });

  it('abort removes what was written and keeps the previous site', async () => {
    await emitSite({ outDir: out, slug: 'demo', files: site('old') });
    const writer = await openSiteWriter({ outDir: out, slug: 'demo' });
    writer.write({ path: 'index.html', contents: 'half-built' });
    await writer.abort();
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('<h1>old</h1>');
    expect(await outEntries(out)).toEqual(['demo']);
  });
});

describe('assertSafeOutDir', () => {
  it.each([
    ['/', /filesystem root/],
    [REPO_ROOT, /repository root/],
    [homedir(), /home folder/],
    [join(REPO_ROOT, '..'), /repository root|home folder/],
  ])('refuses %s', async (dir, message) => {
    await expect(assertSafeOutDir({ outDir: dir })).rejects.toThrow(message);
  });

  it('refuses the repository root when given as a relative path', async () => {
    const cwd = process.cwd();
    try {
      process.chdir(REPO_ROOT);
      await expect(assertSafeOutDir({ outDir: '.' })).rejects.toThrow(/repository root/);
    } finally {
      process.chdir(cwd);
    }
  });

  it('accepts a dedicated output folder', async () => {
    await expect(assertSafeOutDir({ outDir: join(out, 'site') })).resolves.toBe(join(out, 'site'));
    await expect(assertSafeOutDir({ outDir: join(REPO_ROOT, 'out') })).resolves.toBe(join(REPO_ROOT, 'out'));
  });
});
