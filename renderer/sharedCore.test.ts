import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedCorePlugin } from './bundle.ts';

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
