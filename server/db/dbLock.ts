/**
 * PGlite is a single-process database: two processes opening the same data directory would
 * corrupt it. A pid lock file beside the directory makes the second one stop with a clear
 * message instead (`forecourt leads` while `forecourt serve` runs, two `serve`s).
 */
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** Lock files this process holds (a second open from the same process is refused too). */
const held = new Set<string>();

/** Takes the lock of `dataDir`; returns its release. A lock of a dead process is taken over. */
export async function lockDataDir({ dataDir }: { dataDir: string }): Promise<() => Promise<void>> {
  const file = `${path.resolve(dataDir)}.lock`;
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      held.add(file);
      return async () => {
        held.delete(file);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`Could not create ${file}`, { cause: error });
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    const ours = owner === process.pid && held.has(file);
    if (ours || (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner))) {
      throw new Error(
        `The embedded database ${dataDir} is in use by process ${owner} (a running forecourt serve?). ` +
          'Stop it first, or use a PostgreSQL server with --database-url.',
      );
    }
    // Left behind by a process that is gone: take it over.
    await rm(file, { force: true });
  }
  throw new Error(`Could not lock ${dataDir}: ${file} keeps reappearing`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
