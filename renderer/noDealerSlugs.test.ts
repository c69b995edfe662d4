/**
 * Config, not code (docs/architecture.md): no source file outside dealers/ and templates/ names a sample
 * dealer's slug. Every per-dealer difference is a record field; a file that branches on (or a
 * test that hard-codes) a sample dealer's slug fails here. Tests that need a particular variant
 * find its dealer by reading the records.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|json|ya?ml|sql|hbs|html)$/;
const ALLOWED_DIRS = ['dealers/', 'templates/'];
// Generated or vendored, not source.
const IGNORED = [/^node_modules\//, /^out\//, /^coverage\//, /^test-results\//, /^playwright-report\//, /^\.tmp\//, /(^|\/)\.tmp\//, /^package-lock\.json$/];

/** The sample dealers' slugs: the folders of dealers/ holding a dealer.yaml. */
export function sampleSlugs(root: string): string[] {
  const dir = path.join(root, 'dealers');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => existsSync(path.join(dir, name, 'dealer.yaml')) && statSync(path.join(dir, name)).isDirectory());
}

/** Tracked and untracked (not ignored) files of the working tree, relative to `root`. */
function sourceFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter(Boolean))]
    .filter((file) => SOURCE.test(file))
    .filter((file) => !ALLOWED_DIRS.some((dir) => file.startsWith(dir)))
    .filter((file) => !IGNORED.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(path.join(root, file)));
}

/** The slugs `text` names as whole tokens (a slug inside a longer slug does not count). */
export function namedSlugs({ text, slugs }: { text: string; slugs: readonly string[] }): string[] {
  return slugs.filter((slug) => new RegExp(`(?<![A-Za-z0-9_-])${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`).test(text));
}

describe('no source file names a sample dealer', () => {
  it('finds a slug as a whole token only', () => {
    expect(namedSlugs({ text: "if (site.slug === 'bayside-cars') {", slugs: ['bayside-cars'] })).toEqual(['bayside-cars']);
    expect(namedSlugs({ text: 'dealers/bayside-cars/dealer.yaml', slugs: ['bayside-cars'] })).toEqual(['bayside-cars']);
    expect(namedSlugs({ text: "'bayside-cars-used' and 'old-bayside-cars'", slugs: ['bayside-cars'] })).toEqual([]);
  });

  it('lists the folders of dealers/ that hold a dealer.yaml, and nothing else', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'forecourt-slugs-'));
    try {
      for (const name of ['north-cars', 'south-cars', 'no-record']) mkdirSync(path.join(root, 'dealers', name), { recursive: true });
      writeFileSync(path.join(root, 'dealers', 'north-cars', 'dealer.yaml'), 'name: North\n');
      writeFileSync(path.join(root, 'dealers', 'south-cars', 'dealer.yaml'), 'name: South\n');
      writeFileSync(path.join(root, 'dealers', 'README.md'), 'not a dealer\n');
      expect(sampleSlugs(root).sort()).toEqual(['north-cars', 'south-cars']);
      expect(sampleSlugs(path.join(root, 'missing'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('no file outside dealers/ and templates/ names a sample dealer slug', () => {
    const slugs = sampleSlugs(ROOT);
    // With no sample dealer the scan below would pass without looking at anything.
    expect(slugs.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const file of sourceFiles(ROOT)) {
      const found = namedSlugs({ text: readFileSync(path.join(ROOT, file), 'utf8'), slugs });
      if (found.length) offenders.push(`${file}: ${found.join(', ')}`);
    }
    expect(offenders, 'move the per-dealer difference into the dealer record (or pick the dealer by its record fields in tests)').toEqual([]);
  });
});
