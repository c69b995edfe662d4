import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../renderer/diagnostic.ts';
import { registerValidate, runValidate, summaryLine, textReport } from './validate.ts';

/** Runs `validate <args>` through a fresh commander program and captures what it prints. */
async function cli(args: string[]): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    process.exitCode = 0;
    const program = new Command().exitOverride();
    registerValidate(program);
    await program.parseAsync(['validate', ...args], { from: 'user' });
    return { stdout, stderr, exitCode: Number(process.exitCode ?? 0) };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}

afterEach(() => {
  process.exitCode = 0;
});

describe('forecourt validate (registered on a fresh program)', () => {
  it('exits 0 on valid dealers and prints the summary', async () => {
    const { stdout, exitCode } = await cli(['fixtures/records/valid']);
    expect(exitCode).toBe(0);
    expect(stdout).toBe('Checked 4 files: 0 errors, 0 warnings.\n');
  });

  it('exits 0 when there are only warnings (bad stock rows)', async () => {
    const { stdout, exitCode } = await cli(['fixtures/records/broken/broken-motors/stock.json']);
    expect(exitCode).toBe(0);
    expect(stdout).toContain(
      'fixtures/records/broken/broken-motors/stock.json:10:14  /1/price  warning: car id 9123: /price must be number\n    Write the number',
    );
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Checked 1 file: 0 errors, 3 warnings.');
  });

  it('exits 1 and reports every problem of every file, in file order, with indented hints', async () => {
    const { stdout, exitCode } = await cli(['fixtures/records/broken', 'fixtures/records/crlf/crlf-motors']);
    expect(exitCode).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    const heads = lines.filter((l) => !l.startsWith('    ') && !l.startsWith('Checked'));
    const hints = lines.filter((l) => l.startsWith('    '));
    expect(heads).toHaveLength(17); // 12 record errors + 3 stock warnings + 2 CRLF errors
    expect(hints).toHaveLength(17);
    expect(heads[0]).toBe('fixtures/records/broken/broken-motors/dealer.yaml:1:1  /email  is required');
    expect(heads).toContain('fixtures/records/broken/broken-motors/dealer.yaml:8:1  /emial  is not a known field');
    expect(lines[lines.indexOf('fixtures/records/broken/broken-motors/dealer.yaml:8:1  /emial  is not a known field') + 1]).toBe('    did you mean "email"?');
    expect(heads).toContain('fixtures/records/crlf/crlf-motors/dealer.yaml:13:13  /address/postcode  must be 4 digits');
    expect(lines.at(-1)).toBe('Checked 3 files: 14 errors, 3 warnings.');
  });

  it('--format json prints a JSON array of diagnostics on stdout and the summary on stderr', async () => {
    const { stdout, stderr, exitCode } = await cli(['fixtures/records/broken/broken-motors', '--format', 'json']);
    expect(exitCode).toBe(1);
    const diagnostics = JSON.parse(stdout) as Diagnostic[];
    expect(diagnostics).toHaveLength(15);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({
        file: 'fixtures/records/broken/broken-motors/dealer.yaml',
        line: 13,
        col: 13,
        pointer: '/address/postcode',
        message: 'must be 4 digits',
        severity: 'error',
      }),
    );
    for (const d of diagnostics) expect(Object.keys(d)).toEqual(expect.arrayContaining(['file', 'line', 'col', 'pointer', 'message', 'hint', 'severity']));
    expect(stderr).toBe('Checked 2 files: 12 errors, 3 warnings.\n');
  });

  it('rejects an unknown format', async () => {
    await expect(cli(['--format', 'xml'])).rejects.toThrow(/xml/);
  });
});

describe('runValidate', () => {
  it('checks a single dealer.yaml against the template list', async () => {
    const run = await runValidate({ paths: ['fixtures/records/valid/spec-only/dealer.yaml'] });
    expect(run).toMatchObject({ files: 1, errors: 0, warnings: 0, exitCode: 0 });
  });

  it('reports missing paths and folders without dealers as errors', async () => {
    const run = await runValidate({ paths: ['fixtures/records/nope', 'fixtures'] });
    expect(run.exitCode).toBe(1);
    expect(run.diagnostics.map((d) => `${d.file} ${d.message}`)).toEqual([
      'fixtures no dealer records found (no */dealer.yaml)',
      'fixtures/records/nope no such file or folder',
    ]);
    expect(summaryLine(run)).toBe('Checked 0 files: 2 errors, 0 warnings.');
    expect(textReport(run)).toContain('fixtures/records/nope  /  no such file or folder\n    Pass a dealers folder');
  });
});

// The whole CLI (cli/main.ts imports every command); runs once all command files exist.
const allCommands = ['validate', 'generate', 'serve', 'indexStock', 'leads'].every((c) => existsSync(`cli/${c}.ts`));
describe.skipIf(!allCommands)('bin/forecourt.mjs validate', () => {
  const run = async (args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)('node', ['bin/forecourt.mjs', 'validate', ...args]);
      return { stdout, code: 0 };
    } catch (error) {
      const e = error as { stdout: string; code: number };
      return { stdout: e.stdout, code: e.code };
    }
  };
  it('exits 0 on valid records and 1 on broken ones', async () => {
    expect((await run(['fixtures/records/valid'])).code).toBe(0);
    const broken = await run(['fixtures/records/broken', '--format', 'json']);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout)).toHaveLength(15);
  });
});
