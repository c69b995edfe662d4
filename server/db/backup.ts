/**
 * Backups of the embedded database: a gzipped tarball of its data directory (PGlite's
 * dumpDataDir), written owner-only, and its restore into the state directory. PostgreSQL is
 * backed up with pg_dump instead (README, production section).
 */
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './dbLock.ts';
import { migrate } from './migrate.ts';
import { OWNER_ONLY_FILE, ownerOnlyDir, ownerOnlyTree } from './ownerOnly.ts';
import { openPgliteDatabase } from './pgliteDatabase.ts';
import { countRows } from './leadStore.ts';

/** A backup or restore that must not go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Writes `data` to `file` with mode 0600, whole or not at all (a temporary file renamed over it). */
export async function writeBackupFile({ file, data }: { file: string; data: Uint8Array }): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, data, { mode: OWNER_ONLY_FILE, flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw new Error(`Could not write ${file}`, { cause: error });
  }
}

/** What a restore put in place. */
export interface RestoreReport {
  /** Migrations the backup lacked, applied after loading it (a backup of an older release). */
  applied: string[];
  leads: number;
}

/**
 * Replaces the embedded database of `stateDir` with the backup `file`. Refused while a process
 * holds the database (its lock), and over an existing database unless `force`. The backup is loaded into a
 * folder beside the database and migrated there first, so a bad file leaves the database as it was.
 */
export async function restoreBackup({ stateDir, file, force = false }: { stateDir: string; file: string; force?: boolean }): Promise<RestoreReport> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    throw new BackupError(`Could not read ${file}`, { cause: error });
  }
  const dataDir = path.join(stateDir, 'db');
  await ownerOnlyDir({ dir: stateDir });
  const release = await lockDataDir({ dataDir });
  const incoming = `${dataDir}.restoring`;
  try {
    if (existsSync(path.join(dataDir, 'PG_VERSION')) && !force) {
      throw new BackupError(`${dataDir} already holds a database: add --force to replace it with ${file}`);
    }
    await rm(incoming, { recursive: true, force: true });
    await ownerOnlyDir({ dir: incoming });
    let report: RestoreReport;
    try {
      const db = await openPgliteDatabase({ dataDir: incoming, load: new Blob([new Uint8Array(data)]) });
      try {
        const applied = await migrate({ db });
        report = { applied, leads: await countRows({ db, table: 'leads' }) };
      } finally {
        await db.close();
      }
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      throw new BackupError(`${file} is not a backup of forecourt db backup that loads`, { cause: error });
    }
    await ownerOnlyTree({ dir: incoming });
    const previous = `${dataDir}.replaced`;
    await rm(previous, { recursive: true, force: true });
    if (existsSync(dataDir)) await rename(dataDir, previous);
    await rename(incoming, dataDir);
    await rm(previous, { recursive: true, force: true });
    return report;
  } finally {
    await release();
  }
}
