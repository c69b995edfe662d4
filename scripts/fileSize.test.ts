/**
 * Small files with one job: no source file is over MAX_LINES lines, except generated files and
 * the ones docs/architecture.md lists under "Files over 450 lines", each with its reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoTextFiles } from './repoFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 450;
/** Code and stylesheets (records, fixtures data, docs and lock files are not source). */
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;

/** The files of the "Files over 450 lines" table of `markdown`, with their reasons. */
export function listedLongFiles({ markdown }: { markdown: string }): Map<string, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(`Files over ${MAX_LINES} lines`)) ?? '';
  return new Map([...section.matchAll(/^\| `([^`]+)` \| (.+?) \|$/gm)].map(([, file, reason]) => [file, reason.trim()]));
}

describe('file size', () => {
  const listed = listedLongFiles({ markdown: readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8') });

  it('reads the list with a reason for each file', () => {
    expect(listed.size).toBeGreaterThan(0);
    for (const [file, reason] of listed) expect(reason, file).toMatch(/\w{3}/);
  });

  it(`no source file is over ${MAX_LINES} lines unless docs/architecture.md lists it`, () => {
    const long = repoTextFiles({ root: ROOT })
      .filter((file) => SOURCE.test(file) && !listed.has(file))
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long, 'split the file, or give it a row with its reason in the long-files table of docs/architecture.md').toEqual([]);
  });
});
