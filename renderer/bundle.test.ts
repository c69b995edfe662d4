import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { REPO_ROOT } from './emit.ts';
import { bundleRuntime, contentHash, parseIslandRegistry } from './bundle.ts';
import { firstLoadJs } from './check.ts';

const root = join(REPO_ROOT, 'fixtures/build');
const text = (contents: string | Uint8Array) => (typeof contents === 'string' ? contents : new TextDecoder().decode(contents));

describe('bundleRuntime', () => {
  it('bundles the runtime once into hashed ESM chunks, one per island, in memory', async () => {
    const result = await bundleRuntime({ root });
    const paths = result.assets.map((a) => a.path);
    expect(result.urls.runtime).toMatch(/^\/assets\/runtime-[A-Z0-9]+\.js$/);
    expect(paths).toContain(result.urls.runtime.slice(1));
    expect(paths.filter((p) => p.startsWith('assets/chunks/')).length).toBeGreaterThanOrEqual(2);
    const runtime = text(result.assets.find((a) => `/${a.path}` === result.urls.runtime)!.contents);
    expect(runtime).not.toContain('dev only'); // NODE_ENV defined as production, dead branch removed
    expect(runtime).toMatch(/import\(/); // islands stay lazy
    expect(result.islandNames.sort()).toEqual(['Big', 'Counter']);
    expect(Object.keys(result.graph.islandChunks).sort()).toEqual(['Big', 'Counter']);
  });

  it('concatenates ui/styles/*.css sorted into one minified, content-hashed stylesheet', async () => {
    const result = await bundleRuntime({ root });
    const css = result.assets.find((a) => a.path.endsWith('.css'))!;
    const body = text(css.contents);
    expect(body.indexOf('margin:0')).toBeLessThan(body.indexOf('color:red'));
    expect(body).not.toMatch(/\/\*|\n\s/);
    expect(css.path).toBe(`assets/site-${contentHash(body)}.css`);
    expect(result.urls.css).toBe(`/${css.path}`);
  });

  it('copies templates/assets/** to assets/shared/**', async () => {
    const result = await bundleRuntime({ root });
    expect(result.assets.map((a) => a.path)).toContain('assets/shared/cars/suv-1.svg');
  });

  it('first-load JS grows with the islands a page uses', async () => {
    const { graph } = await bundleRuntime({ root });
    const none = firstLoadJs({ graph, islands: [] });
    const one = firstLoadJs({ graph, islands: ['Counter'] });
    const both = firstLoadJs({ graph, islands: ['Counter', 'Big'] });
    expect(none).toBeGreaterThan(0);
    expect(one).toBeGreaterThan(none);
    expect(both).toBeGreaterThan(one);
  });

  it('fails clearly when the entry is missing', async () => {
    await expect(bundleRuntime({ root, entry: 'runtime/nope.ts' })).rejects.toThrow(/does not exist/);
  });
});

describe('parseIslandRegistry', () => {
  it('reads bare and quoted names and resolves their modules from the repository root', () => {
    const source = `export const islandRegistry = {\n  HeaderMenu: () => import('../ui/islands/HeaderMenu.tsx'),\n  "Search-Box": async () => import("../ui/islands/SearchBox.tsx").then((m) => m.SearchBox),\n};`;
    expect(parseIslandRegistry({ source, registryFile: '/r/runtime/islandRegistry.ts', root: '/r' })).toEqual({
      HeaderMenu: 'ui/islands/HeaderMenu.tsx',
      'Search-Box': 'ui/islands/SearchBox.tsx',
    });
  });
});
