/**
 * The repository's own text files, for tests that hold a rule over every source file: tracked
 * and untracked (not git-ignored) files of the working tree, without generated output, vendored
 * packages or the lock file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Extensions of the files written by hand (code, styles, data, records, templates, docs). */
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|json|ya?ml|sql|hbs|html|md|sh)$|(^|\/)\.ci\/run$/;
// Generated or vendored, not written here.
const IGNORED = [
  /^node_modules\//,
  /^out\//,
  /^coverage\//,
  /^test-results\//,
  /^playwright-report\//,
  /(^|\/)\.tmp\//,
  /^package-lock\.json$/,
  /\.generated\./,
];

/** Paths (relative to `root`, '/'-separated) of the repository's text files. */
export function repoTextFiles({ root }: { root: string }): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))]
    .filter((file) => TEXT.test(file))
    .filter((file) => !IGNORED.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(path.join(root, file)));
}
