/**
 * Code and comments explain themselves: none points at a ticket of an issue tracker ('issue 6',
 * 'issue #4 item 7'), which the repository does not hold and a reader cannot follow. Say what
 * the code does and why instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoTextFiles } from './repoFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

/** 'issue 6', 'Issue #12', 'issues 4 and 5', 'ticket 3', 'bug #7'. */
const TRACKER_REFERENCE = /\b(?:issues?|tickets?|bugs?)\s*#?\d+\b/i;

/** 'file:line text' for each line of `text` that names a tracker ticket. */
export function trackerReferences({ file, text }: { file: string; text: string }): string[] {
  return text.split('\n').flatMap((line, i) => (TRACKER_REFERENCE.test(line) ? [`${file}:${i + 1} ${line.trim()}`] : []));
}

describe('tracker references', () => {
  it.each([
    ['// Reserve with a deposit (issue 6): reservations'],
    [' * Analytics (Issue 5 item 7): events go to window.dataLayer'],
    ['/* see issue #12 */'],
    ['# Fixture (issues 4 and 5 browser tests)'],
    ["describe('budgets (bug 7)', () => {"],
  ])('finds %s', (line) => {
    expect(trackerReferences({ file: 'x.ts', text: line })).toEqual([`x.ts:1 ${line.trim()}`]);
  });

  it.each([['const issues = findIssues(record);'], ['// one issue per field, at most 6 shown'], ['tissue 4 ply'], ['debug 2']])('ignores %s', (line) => {
    expect(trackerReferences({ file: 'x.ts', text: line })).toEqual([]);
  });

  it('no source, record, template or document of the repository names one', () => {
    const files = repoTextFiles({ root: ROOT }).filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => trackerReferences({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(found, 'say what the code does and why instead of pointing at a ticket').toEqual([]);
  });
});
