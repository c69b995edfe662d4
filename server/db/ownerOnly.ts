/**
 * The state directory (embedded database, uploads, serve.json) holds shoppers' personal data and
 * serve's access token: owner-only, whatever the umask. PGlite writes its initial files with
 * mode 0666 (its file system layer sets the mode itself, so a umask does not help), so its data
 * directory is swept after it opens and when it closes; a file it creates in between is still
 * inside a 0700 directory.
 */
import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Mode of every folder of the state directory. */
export const OWNER_ONLY_DIR = 0o700;
/** Mode of every file of the state directory. */
export const OWNER_ONLY_FILE = 0o600;

/** Creates `dir` (and missing parents) and makes it owner-only, also when it already existed. */
export async function ownerOnlyDir({ dir }: { dir: string }): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  await chmod(dir, OWNER_ONLY_DIR);
}

/** Makes every folder below `dir` (and `dir`) 0700 and every file 0600; links are left alone. */
export async function ownerOnlyTree({ dir }: { dir: string }): Promise<void> {
  await chmod(dir, OWNER_ONLY_DIR);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await ownerOnlyTree({ dir: full });
    else if (entry.isFile()) await chmod(full, OWNER_ONLY_FILE);
  }
}
