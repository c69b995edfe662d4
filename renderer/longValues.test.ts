import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runValidate, textReport } from '../cli/validate.ts';
import { formatDiagnostic } from './diagnostic.ts';
import { cutLongValues, cutValue } from './longValues.ts';

describe('cutValue', () => {
  it.each([
    ['a'.repeat(200), 'a'.repeat(200)],
    ['a'.repeat(201), `${'a'.repeat(200)}... (201 characters)`],
    ['b'.repeat(900_000), `${'b'.repeat(200)}... (900000 characters)`],
    // A surrogate pair straddling character 200 is not split.
    [`${'c'.repeat(199)}😀tail`, `${'c'.repeat(199)}... (205 characters)`],
  ])('%#', (text, shown) => {
    expect(cutValue(text)).toBe(shown);
    expect(cutValue(cutValue(text))).toBe(shown);
  });

  it('cuts long quoted values and long runs in a message, once', () => {
    const message = `unknown template "${'t'.repeat(300)}" at /${'k'.repeat(250)} (short words stay)`;
    const cut = cutLongValues(message);
    expect(cut).toBe(`unknown template "${'t'.repeat(200)}... (300 characters)" at /${'k'.repeat(199)}... (251 characters) (short words stay)`);
    expect(cutLongValues(cut)).toBe(cut);
  });
});

describe('a 900 KB key in dealer.yaml', () => {
  it('gives a short report naming its length, in text and JSON, quickly', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-long-'));
    try {
      await writeFile(
        path.join(dir, 'dealer.yaml'),
        `${await readFile('fixtures/records/valid/spec-only/dealer.yaml', 'utf8')}\n"${'k'.repeat(900_000)}": 1\n`,
      );
      const started = Date.now();
      const run = await runValidate({ paths: [path.join(dir, 'dealer.yaml')] });
      expect(Date.now() - started).toBeLessThan(20_000); // it took minutes when a 'did you mean' compared the key letter by letter
      const report = textReport(run);
      expect(Buffer.byteLength(report)).toBeLessThan(2_000);
      expect(report).toContain(`${'k'.repeat(200)}... (900000 characters)`);
      expect(Buffer.byteLength(JSON.stringify(run.diagnostics))).toBeLessThan(2_000);
      expect(Buffer.byteLength(run.diagnostics.map(formatDiagnostic).join('\n'))).toBeLessThan(2_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a control character in a key', () => {
  it('is printed as \\u001b, never raw to the terminal', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-esc-'));
    try {
      await writeFile(path.join(dir, 'dealer.yaml'), `${await readFile('fixtures/records/valid/spec-only/dealer.yaml', 'utf8')}\n"title\\e]0;owned\\a": 1\n`);
      const report = textReport(await runValidate({ paths: [path.join(dir, 'dealer.yaml')] }));
      expect(report.includes('\u0007') || report.includes('\u001b')).toBe(false);
      expect(report).toContain('/title\\u001b]0;owned\\u0007  has a key holding the control character U+001B (ESC) at character 6');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
