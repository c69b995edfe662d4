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
    for (let i = 0; i < 50; i++) expect(writer.write({ path: `cars/c${i}/index.html`, contents: `car ${i}` })).toBe(`car ${i}`.length);
    // Sizes are bytes, not characters.
    expect(writer.write({ path: 'cars/é/index.html', contents: 'é' })).toBe(2);
    // Until commit the old site is what is served.
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('<h1>old</h1>');
    writer.write({ path: 'index.html', contents: 'new' });
    const result = await writer.commit();
    expect(result.files).toBe(52);
    expect(result.bytes).toBe(Object.values(result.ids).reduce((sum, [, bytes]) => sum + bytes, 0));
    expect(result.ids['cars/é/index.html']).toEqual([expect.stringMatching(/^c/), 2]);
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('new');
    expect(await readFile(join(out, 'demo/cars/c49/index.html'), 'utf8')).toBe('car 49');
    expect(existsSync(join(out, 'demo/cars/a'))).toBe(false);
    expect(() => writer.write({ path: 'late.html', contents: '' })).toThrow(/closed/);
  });

  it('waits for the writer threads when more bytes are in flight than the bound, and writes every file', async () => {
    const writer = await openSiteWriter({ outDir: out, slug: 'demo', writers: 2, maxInFlightBytes: 1 });
    const page = (i: number) => `<p>${i}</p>`.padEnd(300_000, '.');
    for (let i = 0; i < 40; i++) writer.write({ path: `cars/c${i}/index.html`, contents: page(i) });
    const result = await writer.commit();
    expect(result.files).toBe(40);
    expect(result.waitMs).toBeGreaterThan(0);
    for (const i of [0, 17, 39]) expect(await readFile(join(out, `demo/cars/c${i}/index.html`), 'utf8')).toBe(page(i));
  });

  it('transfers bytes handed over as owned (a page from a render thread) and copies bytes that are not', async () => {
    const writer = await openSiteWriter({ outDir: out, slug: 'demo' });
    const owned = new TextEncoder().encode('<p>owned</p>');
    const lent = new TextEncoder().encode('<p>lent</p>');
    expect(writer.write({ path: 'owned.html', contents: owned, owned: true })).toBe(12);
    expect(writer.write({ path: 'lent.html', contents: lent })).toBe(11);
    await writer.commit();
    // Once sent, a transferred buffer is detached here; a copied one is the caller's still.
    expect(owned.byteLength).toBe(0);
    expect(lent.byteLength).toBe(11);
    expect(await readFile(join(out, 'demo/owned.html'), 'utf8')).toBe('<p>owned</p>');
    expect(await readFile(join(out, 'demo/lent.html'), 'utf8')).toBe('<p>lent</p>');
  });

  it('sends text for the writer thread to encode, counting its UTF-8 bytes', async () => {
    const writer = await openSiteWriter({ outDir: out, slug: 'demo' });
    const text = '<p>Café — 5 ★ «ute»</p>';
    expect(writer.write({ path: 'text.html', contents: text })).toBe(Buffer.byteLength(text));
    const emitted = await writer.commit();
    expect(await readFile(join(out, 'demo/text.html'), 'utf8')).toBe(text);
    expect(emitted.ids['text.html']).toEqual([expect.stringMatching(/^c/), Buffer.byteLength(text)]);
    expect(emitted.bytes).toBe(Buffer.byteLength(text));
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

describe('openSiteWriter over a recycled version', () => {
  it('writes only what differs, removes what the new site lacks, and never writes through a file the live version shares', async () => {
    // Version one; version two reuses its car page as a hard link (an incremental build) and drops sold/.
    const one = await emitSite({ outDir: out, slug: 'demo', files: [...site('one'), { path: 'cars/sold/index.html', contents: 'sold' }] });
    const two = await openSiteWriter({ outDir: out, slug: 'demo' });
    for (const file of site('two').filter((f) => f.path !== 'cars/a/index.html')) two.write(file);
    two.link({ path: 'cars/a/index.html', from: join(out, one.version, 'cars/a/index.html'), id: one.ids['cars/a/index.html'] });
    const live = await two.commit();
    expect(await readFile(join(out, 'demo/cars/a/index.html'), 'utf8')).toBe('car a one');

    // Version three is written over version one: the shared car page changes, the logo does not.
    const three = await openSiteWriter({ outDir: out, slug: 'demo', recycle: async () => ({ version: one.version, files: one.ids }) });
    expect(three.recycled).toBe(true);
    expect(existsSync(join(out, one.version))).toBe(false);
    for (const file of site('three')) three.write(file);
    three.write({ path: 'cars/new/index.html', contents: 'new car' });
    const result = await three.commit();
    // index.html and the car page changed, cars/new is new, cars/sold went; the logo was left as it was.
    expect(result.touched).toBe(4);
    expect(result.files).toBe(4);
    expect(await readFile(join(out, 'demo/cars/a/index.html'), 'utf8')).toBe('car a three');
    expect(await readFile(join(out, 'demo/cars/new/index.html'), 'utf8')).toBe('new car');
    expect(await readFile(join(out, 'demo/assets/logo.svg'), 'utf8')).toBe('<svg>');
    expect(existsSync(join(out, 'demo/cars/sold'))).toBe(false);
    // The version that was live keeps its own bytes: the recycled file was replaced, not written through.
    expect(await readFile(join(out, live.version, 'cars/a/index.html'), 'utf8')).toBe('car a one');
    expect(await readFile(join(out, live.version, 'index.html'), 'utf8')).toBe('<h1>two</h1>');
  });

  it('never recycles the live version or a name that is not a version of the slug, and an aborted build loses only the recycled folder', async () => {
    const one = await emitSite({ outDir: out, slug: 'demo', files: site('one') });
    for (const version of [one.version, '../elsewhere', '.other.site-000000000000001-1-abcdef01']) {
      const writer = await openSiteWriter({ outDir: out, slug: 'demo', recycle: async () => ({ version, files: one.ids }) });
      expect(writer.recycled).toBe(false);
      await writer.abort();
    }
    const two = await emitSite({ outDir: out, slug: 'demo', files: site('two') });
    const three = await openSiteWriter({ outDir: out, slug: 'demo', recycle: async () => ({ version: one.version, files: one.ids }) });
    expect(three.recycled).toBe(true);
    three.write({ path: 'index.html', contents: 'half' });
    await three.abort();
    expect(await readFile(join(out, 'demo/index.html'), 'utf8')).toBe('<h1>two</h1>');
    expect(await outEntries(out)).toEqual(['demo']);
    expect(existsSync(join(out, two.version))).toBe(true);
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
