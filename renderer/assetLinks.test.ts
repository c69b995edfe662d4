import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../cli/validate.ts';
import { standInRenderers } from '../fixtures/build/renderers.tsx';
import { makeCar, makeSite } from '../fixtures/sites/bayside.ts';
import { bundleRuntime, type BundleResult } from './bundle.ts';
import { REPO_ROOT } from './emit.ts';
import { generateSite } from './generate.ts';

const KEY = '-----BEGIN OPENSSH PRIVATE KEY----- test-only-not-a-key';

let root: string;
let bundle: BundleResult;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'forecourt-asset-links-'));
  // The operator's files outside any dealer folder.
  await mkdir(join(root, 'home/.ssh'), { recursive: true });
  await writeFile(join(root, 'home/.ssh/id_rsa'), KEY);
  bundle = await bundleRuntime({ root: join(REPO_ROOT, 'fixtures/build') });
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** A dealers folder holding the spec-only dealer, its assets shaped by `assets`. */
async function dealers({ name, assets }: { name: string; assets: (dir: string) => Promise<void> }): Promise<string> {
  const dir = join(root, name);
  await mkdir(join(dir, 'spec-only'), { recursive: true });
  await cp('fixtures/records/valid/spec-only/dealer.yaml', join(dir, 'spec-only/dealer.yaml'));
  await assets(join(dir, 'spec-only/assets'));
  return dir;
}

/** Every file of a tree, recursively, with its contents. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((e) => e.isFile()).map(async (e) => `${e.name}:${await readFile(join(e.parentPath, e.name), 'utf8')}`));
}

describe('symbolic links in a dealer assets folder', () => {
  it('validate refuses a linked assets folder, naming the link', async () => {
    const dir = await dealers({ name: 'linked-folder', assets: (assets) => symlink(join(root, 'home/.ssh'), assets) });
    const run = await runValidate({ paths: [dir] });
    expect(run.exitCode).toBe(1);
    expect(run.diagnostics.map((d) => `${d.file}  ${d.message}`)).toEqual([
      `${dir}/spec-only/assets  is a symbolic link (to ${root}/home/.ssh); the site publishes only files inside the dealer's folder`,
    ]);
  });

  it('validate refuses links inside a real assets folder, each named, and accepts plain files', async () => {
    const dir = await dealers({
      name: 'links-inside',
      assets: async (assets) => {
        await mkdir(join(assets, 'img'), { recursive: true });
        await writeFile(join(assets, 'logo.svg'), '<svg/>');
        await symlink(join(root, 'home/.ssh/id_rsa'), join(assets, 'img/key.txt'));
        await symlink(join(root, 'home/.ssh'), join(assets, 'ssh'));
      },
    });
    const run = await runValidate({ paths: [dir] });
    expect(run.diagnostics.map((d) => `${d.file}  ${d.severity}`)).toEqual([
      `${dir}/spec-only/assets/img/key.txt  error`,
      `${dir}/spec-only/assets/ssh  error`,
    ]);
  });

  it('generate never publishes a linked folder: the build fails and no key is written', async () => {
    const dir = join(root, 'generate-linked');
    await mkdir(join(dir, 'bayside-cars'), { recursive: true });
    await symlink(join(root, 'home/.ssh'), join(dir, 'bayside-cars/assets'));
    const outDir = join(root, 'out-linked');
    // A loader that skips the record checks: generate itself must not follow the link.
    const result = await generateSite({
      slug: 'bayside-cars',
      dealersDir: dir,
      outDir,
      now: new Date('2025-06-10T00:00:00Z'),
      buildIndex: null,
      bundle,
      renderers: standInRenderers(),
      loadDealer: async () => ({ site: makeSite(), cars: [makeCar({ id: 1 })], diagnostics: [] }),
    });
    expect(result.ok).toBe(false);
    expect(String(result.error?.message)).toContain('bayside-cars/assets is a symbolic link');
    const written = await tree(outDir).catch(() => []);
    expect(written.filter((f) => f.includes('OPENSSH'))).toEqual([]);
  });

  it('generate skips a link inside a real assets folder and publishes the plain files', async () => {
    const dir = join(root, 'generate-inside');
    await mkdir(join(dir, 'bayside-cars/assets'), { recursive: true });
    await writeFile(join(dir, 'bayside-cars/assets/logo.svg'), '<svg/>');
    await symlink(join(root, 'home/.ssh/id_rsa'), join(dir, 'bayside-cars/assets/id_rsa'));
    await symlink(join(root, 'home/.ssh'), join(dir, 'bayside-cars/assets/ssh'));
    const outDir = join(root, 'out-inside');
    const result = await generateSite({
      slug: 'bayside-cars',
      dealersDir: dir,
      outDir,
      now: new Date('2025-06-10T00:00:00Z'),
      buildIndex: null,
      bundle,
      renderers: standInRenderers(),
      loadDealer: async () => ({ site: makeSite(), cars: [makeCar({ id: 1 })], diagnostics: [] }),
    });
    expect(result.error).toBeUndefined();
    const written = await tree(outDir);
    expect(written).toContain('logo.svg:<svg/>');
    expect(written.filter((f) => f.includes('OPENSSH') || f.startsWith('id_rsa'))).toEqual([]);
  });
});
