/**
 * CI's closing line: tests of both suites and each static check counted once, a failed check
 * named, a missing report or checks file counted as a failure, and the exit code following.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = path.join(import.meta.dirname, 'summariseTests.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'forecourt-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function summarise({ checks, unhandled }: { checks?: string; unhandled?: unknown[] }): { code: number; out: string } {
  const vitest = path.join(dir, 'vitest.json');
  const playwright = path.join(dir, 'playwright.json');
  writeFileSync(vitest, JSON.stringify({ numPassedTests: 5, numFailedTests: 0, numPendingTests: 0 }));
  writeFileSync(playwright, JSON.stringify({ stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] }));
  const args = [SCRIPT, vitest, playwright];
  if (checks !== undefined) {
    const file = path.join(dir, `checks-${Math.random()}.txt`);
    if (checks !== 'missing') writeFileSync(file, checks);
    args.push(file);
  }
  if (unhandled !== undefined) {
    const file = path.join(dir, `unhandled-${Math.random()}.json`);
    writeFileSync(file, JSON.stringify(unhandled));
    args.push(file);
  }
  try {
    return { code: 0, out: execFileSync(process.execPath, args, { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, out: failed.stdout };
  }
}

describe('summariseTests', () => {
  it('counts passing checks beside the tests', () => {
    expect(summarise({ checks: 'typecheck 0\nlint 0\nformat 0\nknip 0\n' })).toEqual({ code: 0, out: '12 passed, 0 failed\n' });
  });

  it('counts and names a failed check, and fails', () => {
    const { code, out } = summarise({ checks: 'typecheck 0\nlint 1\nformat 0\nknip 2\n' });
    expect(code).toBe(1);
    expect(out).toContain('check lint failed');
    expect(out).toContain('check knip failed');
    expect(out.trim().split('\n').at(-1)).toBe('10 passed, 2 failed');
  });

  it('counts a missing checks file as a failure', () => {
    expect(summarise({ checks: 'missing' })).toEqual({ code: 1, out: '8 passed, 1 failed\n' });
  });

  it('counts a failed test command beside passing tests (a suite failed with every test passed)', () => {
    const { code, out } = summarise({ checks: 'typecheck 0\nnpm-test 1\n' });
    expect(code).toBe(1);
    expect(out).toContain('check npm-test failed (exit code 1)');
    expect(out.trim().split('\n').at(-1)).toBe('9 passed, 1 failed');
  });

  it("counts and prints each of the unit suite's unhandled errors", () => {
    const error = { name: 'Error', message: 'connection terminated', stack: 'Error: connection terminated\n    at pool.ts:1' };
    const { code, out } = summarise({ checks: 'typecheck 0\n', unhandled: [error] });
    expect(code).toBe(1);
    expect(out).toContain('summary: unit suite: unhandled Error: connection terminated');
    expect(out).toContain('at pool.ts:1');
    expect(out.trim().split('\n').at(-1)).toBe('9 passed, 1 failed');
    expect(summarise({ checks: 'typecheck 0\n', unhandled: [] })).toEqual({ code: 0, out: '9 passed, 0 failed\n' });
  });

  it('sums the tests alone when no checks file is given', () => {
    expect(summarise({})).toEqual({ code: 0, out: '8 passed, 0 failed\n' });
  });
});
