/**
 * Test helper: the database engines the lead-server suite runs on, PGlite and PostgreSQL, each
 * able to open a fresh database and to reopen the same data (the "restart" of a server).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { openDatabase } from './openDatabase.ts';
import { seedPgliteDataDir } from './testTemplate.ts';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from './testPostgres.ts';

/** A database under test plus the means to reopen its data. */
export interface EngineHandle {
  db: Database;
  /** Closes the current connection and opens the same data again (migrations run again). */
  reopen(): Promise<Database>;
  /** Closes and deletes everything. */
  dispose(): Promise<void>;
}

/** One engine of the suite; `skip` holds why it cannot run here (PostgreSQL without binaries). */
export interface TestEngine {
  name: 'pglite' | 'postgres';
  skip: string | null;
  open(): Promise<EngineHandle>;
}

/** PGlite on a temp data directory (a copy of the run's migrated template), and a throwaway PostgreSQL cluster. */
export function testEngines(): TestEngine[] {
  return [
    {
      name: 'pglite',
      skip: null,
      async open() {
        const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-pglite-'));
        const dataDir = path.join(dir, 'db');
        await seedPgliteDataDir({ dataDir });
        const handle: EngineHandle = {
          db: await openDatabase({ dataDir }),
          async reopen() {
            await handle.db.close();
            handle.db = await openDatabase({ dataDir });
            return handle.db;
          },
          async dispose() {
            await handle.db.close();
            await rm(dir, { recursive: true, force: true });
          },
        };
        return handle;
      },
    },
    {
      name: 'postgres',
      skip: postgresUnavailableReason(),
      async open() {
        const server: TestPostgres = await startTestPostgres();
        const handle: EngineHandle = {
          db: await openDatabase({ databaseUrl: server.url }),
          async reopen() {
            await handle.db.close();
            handle.db = await openDatabase({ databaseUrl: server.url });
            return handle.db;
          },
          async dispose() {
            await handle.db.close();
            await server.stop();
          },
        };
        return handle;
      },
    },
  ];
}
