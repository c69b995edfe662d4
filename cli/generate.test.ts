import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Command } from 'commander';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../renderer/emit.ts';
import { parseWorkers, registerGenerate, type GenerateJson } from './generate.ts';

const dealers = join(REPO_ROOT, 'fixtures/build/dealers');
let out: string;
let stdout: string;
let stderr: string;

beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'forecourt-cli-'));
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  process.exitCode = undefined;
});
afterEach(async () => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
  await rm(out, { recursive: true, force: true });
});

async function generate(...args: string[]): Promise<number> {
  const program = new Command().exitOverride();
  registerGenerate(program);
  await program.parseAsync(['node', 'forecourt', 'generate', ...args]);
  return Number(process.exitCode ?? 0);
}

describe('forecourt generate', () => {
  it('builds a dealer, skipping a bad stock row with a file:line:col warning, and prints one summary line', async () => {
    const code = await generate('bayside-cars', '--dealers', dealers, '--out', out, '--now', '2025-06-10T00:00:00Z', '--base-url', 'https://preview.example');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^bayside-cars {2}\d+ pages {2}[\d.]+ (KB|MB) {2}[\d.]+s\n$/);
    expect(stderr).toMatch(/stock\.json:\d+:\d+ {2}\/1\/price {2}warning: car id 2/);
    expect(existsSync(join(out, 'bayside-cars/cars/2024-toyota-corolla-1/index.html'))).toBe(true);
    expect(existsSync(join(out, 'bayside-cars/cars/2023-mazda-cx-5-2/index.html'))).toBe(false);
    expect(existsSync(join(out, 'bayside-cars/assets/dealer/logo.svg'))).toBe(true);
    expect(await readFile(join(out, 'bayside-cars/robots.txt'), 'utf8')).toContain('Sitemap: https://preview.example/sitemap.xml');
  });

  it('run again with nothing changed, builds nothing and prints the same warnings, with an up-to-date line', async () => {
    const args = ['bayside-cars', '--dealers', dealers, '--out', out, '--now', '2025-06-10T00:00:00Z'];
    expect(await generate(...args)).toBe(0);
    const first = stderr;
    stderr = '';
    expect(await generate(...args)).toBe(0);
    expect(stderr).toMatch(/^bayside-cars {2}up to date: \d+ pages, nothing built/);
    expect(stderr.split('\n').slice(1).join('\n')).toBe(first);
    expect(first).toMatch(/warning: car id 2/);
    stdout = '';
    expect(await generate(...args, '--format', 'json')).toBe(0);
    const [dealer] = (JSON.parse(stdout) as GenerateJson).dealers;
    expect(dealer).toMatchObject({ slug: 'bayside-cars', ok: true, upToDate: true, warnings: 1 });
    expect(dealer.pages).toBe(dealer.reused);
  });

  it('fails under --strict on that warning and leaves the previous site as it was', async () => {
    await generate('bayside-cars', '--dealers', dealers, '--out', out, '--now', '2025-06-10T00:00:00Z');
    const before = await readFile(join(out, 'bayside-cars/index.html'), 'utf8');
    const code = await generate('bayside-cars', '--dealers', dealers, '--out', out, '--now', '2025-06-11T00:00:00Z', '--strict', '--verbose');
    expect(code).toBe(1);
    expect(stdout).toContain('FAILED');
    expect(stderr).toMatch(/1 of 1 dealer\(s\) failed: bayside-cars/);
    expect(stderr).toMatch(/stages: (up-to-date \d+ms, )?(memo:open \d+ms, )?load \d+ms/);
    expect(await readFile(join(out, 'bayside-cars/index.html'), 'utf8')).toBe(before);
  });

  it('fails for a dealer that does not exist, and for a bad --now', async () => {
    expect(await generate('nobody', '--dealers', dealers, '--out', out)).toBe(1);
    expect(stderr).toContain('dealer record not found');
    expect(await generate('--now', 'yesterday', '--dealers', dealers, '--out', out)).toBe(2);
    expect(stderr).toContain('--now yesterday is not an ISO date');
  });

  it('--shard: refuses 0/2, 3/2 and x with exit 2, and builds only the named dealers of its share', async () => {
    for (const [value, message] of [
      ['0/2', 'i must be 1 to 2'],
      ['3/2', 'i must be 1 to 2'],
      ['x', 'is not i/n'],
    ]) {
      stderr = '';
      expect(await generate('--shard', value, '--dealers', dealers, '--out', out)).toBe(2);
      expect(stderr).toContain(message);
    }
    // Dealers that do not exist fail fast: which of them a share tries is what --shard decides.
    const names = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'];
    const tried = [];
    for (const shard of ['1/2', '2/2']) {
      stdout = '';
      await generate(...names, '--shard', shard, '--dealers', dealers, '--out', out, '--format', 'json');
      tried.push(...JSON.parse(stdout).dealers.map((d: { slug: string }) => d.slug));
    }
    expect(tried.sort()).toEqual(names);
    const program = new Command();
    registerGenerate(program);
    expect(program.commands[0].helpInformation()).toContain('--shard <i/n>');
  });

  it('--workers: takes 0 to 16 render threads and refuses anything else with exit 2', async () => {
    expect([0, 1, 2, 16].map(String).map(parseWorkers)).toEqual([0, 1, 2, 16]);
    expect(parseWorkers(undefined)).toBeUndefined();
    for (const value of ['17', '-1', '1.5', 'two', '', '2x'])
      expect(() => parseWorkers(value), value).toThrow(`--workers ${value} is not a number of render threads from 0 to 16`);
    expect(await generate('--workers', 'lots', '--dealers', dealers, '--out', out)).toBe(2);
    expect(stderr).toContain('--workers lots is not a number of render threads from 0 to 16');
    const program = new Command();
    registerGenerate(program);
    expect(program.commands[0].helpInformation()).toContain('--workers <n>');
  });

  it('refuses to write into the repository root', async () => {
    expect(await generate('bayside-cars', '--dealers', dealers, '--out', REPO_ROOT)).toBe(1);
    expect(stderr).toContain('refusing to write to --out');
  });
});

describe('forecourt generate --format json', () => {
  it('prints one JSON report: pages, bytes, seconds and failures per dealer', async () => {
    const code = await generate('bayside-cars', 'nobody', '--dealers', dealers, '--out', out, '--now', '2025-06-10T00:00:00Z', '--format', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.ok).toBe(false);
    expect(report.dealers).toHaveLength(2);
    const [built, missing] = report.dealers;
    expect(built).toMatchObject({ slug: 'bayside-cars', ok: true, warnings: 1, failures: [] });
    expect(built.pages).toBeGreaterThan(5);
    expect(built.bytes).toBeGreaterThan(10_000);
    expect(built.seconds).toBeGreaterThan(0);
    expect(missing).toMatchObject({ slug: 'nobody', ok: false, pages: 0, bytes: 0 });
    expect(missing.failures).toEqual([expect.objectContaining({ kind: 'diagnostic', message: expect.stringContaining('dealer record not found') })]);
  });
});
