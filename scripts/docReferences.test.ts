/**
 * Every reference a comment or a config makes to the project's documents resolves in a fresh
 * clone: `SPEC §n` to a numbered section of docs/SPEC.md (and quoted words to that section),
 * `docs/architecture.md "Section"` to a heading of it, and every named `*.md` file exists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CITING_FILE, existsUnder, unresolvedReferences } from './docReferences.ts';
import { repoTextFiles } from './repoFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SPEC = readFileSync(path.join(ROOT, 'docs/SPEC.md'), 'utf8');
const ARCHITECTURE = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

const spec = ['# Rules', '## 1. One', 'The price is **above 10**.', '## 2. Two', '### Page shell', 'text'].join('\n');
const architecture = ['# Arch', '## The layers', '- **Islands.** hydrate'].join('\n');
const check = (text: string, exists: (p: string) => boolean = () => true) => unresolvedReferences({ file: 'x/y.ts', text, spec, architecture, exists });

describe('document references', () => {
  it.each([
    ['// SPEC §1 and §2'],
    ['// SPEC §1/§2: both'],
    ['// SPEC §1 "above 10" quoted'],
    ['// SPEC §2 "Page shell"'],
    ['// docs/architecture.md "The layers"'],
    ['// docs/architecture.md "Islands"'],
  ])('resolves %s', (line) => {
    expect(check(line)).toEqual([]);
  });

  it.each([
    ['// SPEC §3', 'x/y.ts:1 §3 is not a section of docs/SPEC.md'],
    ['// SPEC §1/§10', 'x/y.ts:1 §10 is not a section of docs/SPEC.md'],
    ['// SPEC §1 "above 200"', 'x/y.ts:1 SPEC §1 does not say "above 200"'],
    ['// docs/architecture.md "Pipeline"', 'x/y.ts:1 docs/architecture.md has no section "Pipeline"'],
  ])('refuses %s', (line, problem) => {
    expect(check(line)).toEqual([problem]);
  });

  it('a named .md file must exist at the root, beside the file or in docs/', () => {
    const present = new Set(['README.md', 'x/NOTES.md', 'docs/SPEC.md']);
    expect(check('// README.md, NOTES.md, SPEC.md', (p) => present.has(p))).toEqual([]);
    expect(check('// the layers of DESIGN.md', (p) => present.has(p))).toEqual(['x/y.ts:1 DESIGN.md is not a file of the repository']);
  });

  it('docs/SPEC.md has the nine numbered sections the code cites', () => {
    const numbers = [...SPEC.matchAll(/^## (\d+)\. /gm)].map(([, n]) => Number(n));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('every reference in the source and config files resolves', () => {
    // This test and its module hold examples of broken references on purpose.
    const files = repoTextFiles({ root: ROOT }).filter((file) => CITING_FILE.test(file) && !file.startsWith('scripts/docReferences.'));
    expect(files.length).toBeGreaterThan(100);
    const exists = existsUnder({ root: ROOT });
    const problems = files.flatMap((file) =>
      unresolvedReferences({ file, text: readFileSync(path.join(ROOT, file), 'utf8'), spec: SPEC, architecture: ARCHITECTURE, exists }),
    );
    expect(problems, 'cite docs/SPEC.md sections and docs/architecture.md headings that exist').toEqual([]);
  });
});
