/**
 * What the commands open: PostgreSQL when a URL is given, else the embedded database under the
 * state directory, guarded by a process lock. Closing releases the lock.
 */
import path from 'node:path';
import type { Database } from './database.ts';
import { lockDataDir } from './dbLock.ts';
import { openDatabase } from './openDatabase.ts';
import { ownerOnlyDir, ownerOnlyTree } from './ownerOnly.ts';

/**
 * Default state directory (database, uploads), relative to the working directory. The
 * FORECOURT_DATA_DIR environment variable moves it, so browser tests keep their leads apart.
 */
export const DEFAULT_STATE_DIR = process.env.FORECOURT_DATA_DIR || '.forecourt';

/** Opens the lead database for a command; `close()` also releases the PGlite lock. */
export async function openLeadDatabase({ databaseUrl, stateDir = DEFAULT_STATE_DIR }: { databaseUrl?: string | null; stateDir?: string }): Promise<Database> {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const dataDir = path.join(stateDir, 'db');
  // Owner-only, whatever the umask: the state directory, the database and the files PGlite made.
  await ownerOnlyDir({ dir: stateDir });
  await ownerOnlyDir({ dir: dataDir });
  const release = await lockDataDir({ dataDir });
  let db: Database;
  try {
    db = await openDatabase({ dataDir });
    await ownerOnlyTree({ dir: dataDir });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    ...(db.dumpDataDir ? { dumpDataDir: () => db.dumpDataDir!() } : {}),
    async close() {
      try {
        await db.close();
        await ownerOnlyTree({ dir: dataDir });
      } finally {
        await release();
      }
    },
  };
}
