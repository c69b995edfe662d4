import { describe, expect, it } from 'vitest';
import { build, type Metafile, type Plugin } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupImporters, groupMembers, sharedCorePlugin, sharedGroupPlugin } from './bundle.ts';

/** A runtime whose islands each use part of what its core imports. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-core-'));
  const files: Record<string, string> = {
    'main.ts': `export const load = [() => import('./core.ts'), () => import('./islandA.ts'), () => import('./islandB.ts')];`,
    'core.ts': `import { vendor } from './vendor.ts';\nimport { services } from './services.ts';\nexport const mount = () => vendor() + services();`,
    'vendor.ts': `export const vendor = () => 'vendor code used by every island';`,
    'services.ts': `export const services = () => 'services code the core wraps islands in';`,
    'islandA.ts': `import { vendor } from './vendor.ts';\nexport const A = () => vendor() + 'A';`,
    'islandB.ts': `import { vendor } from './vendor.ts';\nexport const B = () => vendor() + 'B';`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Islands sharing helpers pairwise: A uses x and y, B uses x, C uses y. */
function islandsFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-group-'));
  const files: Record<string, string> = {
    'main.ts': `export const load = [() => import('./islandA.ts'), () => import('./islandB.ts'), () => import('./islandC.ts')];`,
    'x.ts': `export const x = () => 'x: a helper the header search and the menu share';`,
    'y.ts': `export const y = () => 'y: a helper the header search and the search page share';`,
    'islandA.ts': `import { x } from './x.ts';\nimport { y } from './y.ts';\nexport const A = () => x() + y();`,
    'islandB.ts': `import { x } from './x.ts';\nexport const B = () => x();`,
    'islandC.ts': `import { y } from './y.ts';\nexport const C = () => y();`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Builds `dir`/main.ts as the runtime is built (entry named runtime-*). */
function bundle({ dir, plugins }: { dir: string; plugins: Plugin[] }) {
  return build({
    absWorkingDir: dir,
    entryPoints: ['main.ts'],
    entryNames: 'runtime-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(dir, 'out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
}

/** Output files holding each input, by input file name. */
function where(metafile: Metafile): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) found[input.split('/').pop()!] = file;
  }
  return found;
}

/** Output files holding each input, by input file name. */
async function chunksOf({ dir, withPlugin }: { dir: string; withPlugin: boolean }): Promise<Record<string, string>> {
  const result = await build({
    absWorkingDir: dir,
    entryPoints: ['main.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(dir, 'out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: withPlugin ? [sharedCorePlugin({ core: join(dir, 'core.ts') })] : [],
  });
  const where: Record<string, string> = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) where[input.split('/').pop()!] = file;
  }
  return where;
}

describe('sharedCorePlugin', () => {
  it('puts the core and everything it imports into one chunk', async () => {
    const dir = fixture();
    const plain = await chunksOf({ dir, withPlugin: false });
    // esbuild alone: what every island uses and what only the core uses land apart.
    expect(plain['vendor.ts']).not.toBe(plain['services.ts']);
    const grouped = await chunksOf({ dir, withPlugin: true });
    expect(grouped['vendor.ts']).toBe(grouped['services.ts']);
    expect(grouped['core.ts']).toBe(grouped['vendor.ts']);
  });

  it('keeps each island in a chunk of its own', async () => {
    const grouped = await chunksOf({ dir: fixture(), withPlugin: true });
    expect(grouped['islandA.ts']).not.toBe(grouped['islandB.ts']);
    expect(grouped['islandA.ts']).not.toBe(grouped['vendor.ts']);
  });
});

describe('sharedGroupPlugin', () => {
  it('puts the members in one chunk, apart from each island, with no empty chunks', async () => {
    const dir = islandsFixture();
    const first = await bundle({ dir, plugins: [] });
    const plain = where(first.metafile);
    expect(plain['x.ts']).not.toBe(plain['y.ts']);
    const members = ['x.ts', 'y.ts'];
    const importers = groupImporters({ metafile: first.metafile, members });
    expect(importers).toEqual(['islandA.ts', 'islandB.ts', 'islandC.ts']);
    const abs = (files: string[]) => files.map((file) => join(dir, file));
    const grouped = await bundle({ dir, plugins: [sharedGroupPlugin({ members: abs(members), importers: abs(importers) })] });
    const chunks = where(grouped.metafile);
    expect(chunks['x.ts']).toBe(chunks['y.ts']);
    expect(chunks['islandA.ts']).not.toBe(chunks['x.ts']);
    expect(new Set([chunks['islandA.ts'], chunks['islandB.ts'], chunks['islandC.ts']]).size).toBe(3);
    // The entry, three islands and the group: nothing else.
    expect(Object.keys(grouped.metafile.outputs)).toHaveLength(5);
  });
});

describe('groupMembers', () => {
  it('is what the island loads besides its own chunk, minus what the apart islands load', async () => {
    const dir = islandsFixture();
    const { metafile } = await bundle({ dir, plugins: [] });
    const islandModules = { A: 'islandA.ts', B: 'islandB.ts', C: 'islandC.ts' };
    expect(groupMembers({ metafile, group: { island: 'A' }, islandModules, root: dir })).toEqual(['x.ts', 'y.ts']);
    expect(groupMembers({ metafile, group: { island: 'A', apartFrom: ['B'] }, islandModules, root: dir })).toEqual(['y.ts']);
    expect(groupMembers({ metafile, group: { island: 'B' }, islandModules, root: dir })).toEqual(['x.ts']);
  });
});
