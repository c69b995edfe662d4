/**
 * Chooses the engine: PostgreSQL when a postgres:// URL is given, otherwise the embedded PGlite
 * database under `.forecourt/db/`; then brings the schema up to date.
 */
import path from 'node:path';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteDatabase } from './pgliteDatabase.ts';
import { openPostgresDatabase } from './postgresDatabase.ts';

/** Where the embedded database lives by default, relative to the working directory. */
export const DEFAULT_DB_DIR = path.join('.forecourt', 'db');

/**
 * Opens the lead database and runs migrations. `databaseUrl` (postgres:// or postgresql://)
 * selects PostgreSQL; otherwise PGlite keeps its files in `dataDir` (`null` = in memory).
 */
export async function openDatabase({ databaseUrl, dataDir = DEFAULT_DB_DIR }: { databaseUrl?: string | null; dataDir?: string | null }): Promise<Database> {
  let db: Database;
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      throw new Error(`--database-url must start with postgres:// or postgresql:// (got "${databaseUrl.split(':')[0]}:")`);
    }
    db = await openPostgresDatabase({ url: databaseUrl });
  } else {
    db = await openPgliteDatabase({ dataDir });
  }
  try {
    await migrate({ db });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
