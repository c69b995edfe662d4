/**
 * Writing a file so that a reader sees all of it or none: written aside under a name no other
 * process uses, then renamed over the target (rename(2) replaces it in one step). Every file a
 * build keeps between runs (manifests, caches, server settings) is written this way.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes `contents` to `path` aside and renamed. When either step fails the draft is removed and
 * the error thrown: the target is then as it was.
 */
export async function writeFileAtomically({ path, contents, mode }: { path: string; contents: string | Uint8Array; mode?: number }): Promise<void> {
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(draft, contents, mode === undefined ? undefined : { mode });
    await rename(draft, path);
  } catch (error) {
    await rm(draft, { force: true }).catch(() => undefined);
    throw error;
  }
}
