import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../renderer/emit.ts';
import { registerGenerate } from './generate.ts';

/** Every HTML file under `dir`. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

describe('generate with valuation: off', () => {
  let root: string;
  let stderr = '';
  let code: number;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'forecourt-valuation-off-'));
    const dealers = join(root, 'dealers');
    await cp(join(REPO_ROOT, 'fixtures/build/dealers/bayside-cars'), join(dealers, 'bayside-cars'), { recursive: true });
    const file = join(dealers, 'bayside-cars/dealer.yaml');
    // The group template's hero links to /valuations; the record adds its own menu links to both valuation pages.
    const record = (await readFile(file, 'utf8'))
      .replace('template: franchise', 'template: group\nvaluation: off')
      .replace(
        '    - { _key: used, _type: link, name: Used Cars, url: /search/used-cars }',
        '    - { _key: used, _type: link, name: Used Cars, url: /search/used-cars }\n    - { _key: sell, _type: link, name: Sell Your Car, url: /valuations }',
      )
      .replace(
        '    - { _key: privacy, _type: link, name: Privacy, url: /privacy-policy }',
        '    - { _key: privacy, _type: link, name: Privacy, url: /privacy-policy }\n    - { _key: trade, _type: link, name: Trade-in, url: /cars/trade-in }',
      );
    await writeFile(file, record);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
    process.exitCode = undefined;
    const program = new Command().exitOverride();
    registerGenerate(program);
    await program.parseAsync([
      'node',
      'forecourt',
      'generate',
      'bayside-cars',
      '--dealers',
      dealers,
      '--out',
      join(root, 'out'),
      '--now',
      '2025-06-10T00:00:00Z',
    ]);
    code = Number(process.exitCode ?? 0);
    vi.restoreAllMocks();
    process.exitCode = undefined;
  }, 120_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('builds no valuation page and links to none, from the record or its template; the link check passes', async () => {
    expect(code, stderr).toBe(0);
    const site = join(root, 'out/bayside-cars');
    expect(existsSync(join(site, 'index.html'))).toBe(true);
    expect(existsSync(join(site, 'valuations/index.html'))).toBe(false);
    expect(existsSync(join(site, 'cars/trade-in/index.html'))).toBe(false);
    const pages = await htmlFiles(site);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) expect(await readFile(page, 'utf8'), page).not.toMatch(/href="\/(valuations|cars\/trade-in)\b/);
    // The other links of those menus stay.
    expect(await readFile(join(site, 'index.html'), 'utf8')).toContain('href="/search/used-cars"');
  });

  it("warns about each of the record's own links, naming the field", () => {
    expect(stderr).toMatch(/dealer\.yaml:\d+:\d+ {2}\/navigation\/header\/2\/url {2}warning: links to a valuation page, which valuation: off does not build/);
    expect(stderr).toMatch(/\/navigation\/footer\/1\/url {2}warning: links to a valuation page/);
  });
});
