/**
 * A dealer's assets folder is published as is (assets/dealer/ of the site), so it must hold only
 * files inside the dealer's folder: a symbolic link (the folder itself, or anything in it) could
 * point at the operator's keys or configuration. Links are refused by `validate` and `generate`
 * (they load the dealer through this check), naming the link; nothing is followed.
 */
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostic.ts';

/** The folder of a dealer's own files, inside its dealer folder. */
export const ASSETS_DIR = 'assets';

const linkProblem = async ({ file }: { file: string }): Promise<Diagnostic> => {
  const target = await readlink(file).catch(() => undefined);
  return {
    file,
    line: 0,
    col: 0,
    pointer: '',
    severity: 'error',
    code: 'asset-link',
    message: `is a symbolic link${target === undefined ? '' : ` (to ${target})`}; the site publishes only files inside the dealer's folder`,
    hint: 'Copy the file (or folder) into the assets folder instead of linking it.',
  };
};

/** One error per symbolic link at or under dealers/<slug>/assets (none when there is no assets folder). */
export async function assetLinkProblems({ dealersDir, slug }: { dealersDir: string; slug: string }): Promise<Diagnostic[]> {
  const dir = join(dealersDir, slug, ASSETS_DIR);
  let info;
  try {
    info = await lstat(dir);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`cannot read ${dir}`, { cause });
  }
  if (info.isSymbolicLink()) return [await linkProblem({ file: dir })];
  if (!info.isDirectory()) return [];
  // withFileTypes reports a link as a link (lstat), and recursion does not enter linked folders.
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const links = entries
    .filter((entry) => entry.isSymbolicLink())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return Promise.all(links.map((file) => linkProblem({ file })));
}

/** Is dealers/<slug>/assets itself a symbolic link? (generate then reads nothing from it) */
export async function assetsFolderIsLink({ dir }: { dir: string }): Promise<boolean> {
  try {
    return (await lstat(dir)).isSymbolicLink();
  } catch {
    return false;
  }
}
