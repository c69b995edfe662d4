/**
 * One build of a dealer at a time: `<out>/.<slug>.lock` is created exclusively and holds the
 * builder's process id. A second `generate` of the same dealer refuses with a clear message
 * while the first runs (and leaves the live site alone); a lock whose process is gone (a killed
 * build) is taken over. Builds of different dealers never wait for each other.
 */
import { open, readFile, rename, rm, link } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isAlive } from './swap.ts';

/** Another live process is building this dealer. */
export class BuildLockedError extends Error {
  override name = 'BuildLockedError';
  constructor(
    readonly slug: string,
    readonly holder: { pid: number; started: string },
  ) {
    super(
      `another generate of ${slug} is running (process ${holder.pid}, since ${holder.started}); this build stopped and the live site is unchanged. ` +
        'Wait for that build to finish, then run generate again.',
    );
  }
}

/** A held lock; `release` removes it (only if it is still ours). */
export interface BuildLock {
  release(): Promise<void>;
}

/** Reads a lock file; a half-written or unreadable one counts as held by nobody alive. */
async function readHolder(file: string): Promise<{ pid: number; started: string } | null> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as { pid?: unknown; started?: unknown };
    return typeof holder.pid === 'number' ? { pid: holder.pid, started: String(holder.started) } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pid: -1, started: '' };
    return null;
  }
}

/**
 * Takes the build lock of `slug` in `outDir` (which must exist), or throws BuildLockedError when
 * a live process holds it.
 */
export async function acquireBuildLock({ outDir, slug }: { outDir: string; slug: string }): Promise<BuildLock> {
  const file = join(outDir, `.${slug}.lock`);
  const mine = { pid: process.pid, started: new Date().toISOString(), token: randomBytes(8).toString('hex') };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0) await new Promise((wait) => setTimeout(wait, 20 * attempt));
    try {
      // Written in full under a private name, then linked into place: link fails when the lock
      // exists, and nobody ever reads a half-written lock.
      const draft = `${file}-${process.pid}-${mine.token}`;
      const handle = await open(draft, 'wx');
      await handle.writeFile(JSON.stringify(mine));
      await handle.close();
      try {
        await link(draft, file);
      } finally {
        await rm(draft, { force: true });
      }
      return {
        async release() {
          const holder = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { token?: string };
          if (holder.token === mine.token) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`cannot take the build lock ${file}`, { cause: error });
    }
    const holder = await readHolder(file);
    // Held by a live process (this one included: one build of a dealer at a time).
    if (holder && holder.pid !== -1 && isAlive(holder.pid)) throw new BuildLockedError(slug, holder);
    // Stale (its process is gone): move it aside under a unique name, so of two builds taking
    // it over at once only one removes it, then try again.
    const aside = `${file}-${process.pid}-${mine.token}0`;
    try {
      await rename(file, aside);
      await rm(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot remove the stale build lock ${file}`, { cause: error });
    }
  }
  throw new Error(`cannot take the build lock ${file}: it keeps changing hands`);
}
