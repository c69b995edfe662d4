/**
 * The real CLI, as a process, on hostile dealers (fixtures/records/hostileInputs.ts): `validate`
 * and `generate` refuse each with an error naming its limit, within 10 s of CPU time and 500 MB
 * of memory, as the process itself measures them (process.resourceUsage at exit). CPU time, not
 * wall time: on a shared machine the wall clock measures the neighbours.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_DEALERS, writeHostileDealers } from '../fixtures/records/hostileInputs.ts';

const BIN = path.resolve('bin/forecourt.mjs');
/** Loaded before the CLI: prints the process's own CPU time and peak memory as it exits. */
const MEASURE = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.resourceUsage(); writeSync(2, `\\nresources ${JSON.stringify({ cpuSeconds: (u.userCPUTime + u.systemCPUTime) / 1e6, maxRssMb: u.maxRSS / 1024 })}\\n`); });",
)}`;

let dir: string;

/** Runs the CLI measured; never throws for a non-zero exit. */
function forecourt(args: string[]): Promise<{ code: number; output: string; cpuSeconds: number; maxRssMb: number }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', MEASURE, BIN, ...args], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const measured = /\nresources (\{.*\})\n/.exec(stderr);
      const { cpuSeconds, maxRssMb } = JSON.parse(measured?.[1] ?? '{"cpuSeconds":NaN,"maxRssMb":NaN}') as { cpuSeconds: number; maxRssMb: number };
      resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr, cpuSeconds, maxRssMb });
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'forecourt-hostile-'));
  await writeHostileDealers({ dir: path.join(dir, 'dealers') });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('hostile inputs fail fast, bounded, naming their limit', () => {
  it('validate', async () => {
    const run = await forecourt(['validate', path.join(dir, 'dealers')]);
    expect(run.code).toBe(1);
    const lines = run.output.split('\n');
    for (const [slug, message] of Object.entries(HOSTILE_DEALERS)) {
      const line = lines.find((l) => l.includes(`/${slug}/`) && l.endsWith(message));
      // file:line:col, except for a size, which has no position.
      expect(line, slug).toMatch(slug === 'big-feed' ? /stock\.json {2}\/ {2}is / : /\.(yaml|json):\d+:\d+ {2}\//);
    }
    expect(run.output).toContain('To allow more, raise the limit with --max-feed-bytes N or FORECOURT_MAX_FEED_BYTES=N.');
    expect(run.cpuSeconds).toBeLessThan(10);
    expect(run.maxRssMb).toBeLessThan(500);
  }, 180_000);

  it('generate', async () => {
    const run = await forecourt(['generate', '--dealers', path.join(dir, 'dealers'), '--out', path.join(dir, 'out')]);
    expect(run.code).toBe(1);
    for (const [slug, message] of Object.entries(HOSTILE_DEALERS)) expect(run.output, slug).toContain(message);
    expect(run.output).toContain(`6 of 6 dealer(s) failed`);
    expect(run.cpuSeconds).toBeLessThan(10);
    expect(run.maxRssMb).toBeLessThan(500);
  }, 180_000);
});
