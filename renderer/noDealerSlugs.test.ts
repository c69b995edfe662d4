/**
 * Config, not code (DESIGN.md): no source file outside dealers/ and templates/ names a sample
 * dealer's slug. Every per-dealer difference is a record field; a file that branches on (or a
 * test that hard-codes) a sample dealer's slug fails here. Tests that need a particular variant
 * find its dealer by reading the records.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

  it('lists the sample dealers from dealers/*/dealer.yaml', () => {
    for (const slug of sampleSlugs(ROOT)) expect(existsSync(path.join(ROOT, 'dealers', slug, 'dealer.yaml'))).toBe(true);
  });

  it('no file outside dealers/ and templates/ names a sample dealer slug', () => {
    const slugs = sampleSlugs(ROOT);
    const offenders: string[] = [];
    for (const file of sourceFiles(ROOT)) {
      const found = namedSlugs({ text: readFileSync(path.join(ROOT, file), 'utf8'), slugs });
      if (found.length) offenders.push(`${file}: ${found.join(', ')}`);
    }
    expect(offenders, 'move the per-dealer difference into the dealer record (or pick the dealer by its record fields in tests)').toEqual([]);
  });
});
