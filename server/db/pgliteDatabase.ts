/**
 * The default, embedded database: PGlite (PostgreSQL compiled to WASM, in-process) keeping its
 * files under a data directory, so leads survive a restart without any server to install.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.ts';

/**
 * Opens (creating if needed) a PGlite database in `dataDir`; `dataDir: null` keeps it in memory
 * (tests that need no persistence). `load`, a tarball of ./backup.ts, fills an empty `dataDir`.
 */
export async function openPgliteDatabase({ dataDir, load }: { dataDir: string | null; load?: Blob }): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ?? undefined, load ? { loadDataDir: load } : {});
  } catch (error) {
    throw new Error(`Could not open the embedded database in ${dataDir ?? 'memory'}`, { cause: error });
  }
  let closed = false;
  return {
    ...statementsOn(pglite),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      return pglite.transaction(async (inner) => work(statementsOn(inner)));
    },
    async dumpDataDir(): Promise<Uint8Array> {
      // Inside a transaction of its own: no other transaction is half done while the files are
      // read (PGlite runs one at a time), so the tarball is a committed state.
      return pglite.transaction(async () => new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    },
    async close(): Promise<void> {
      // Closing twice (signal handler plus normal exit) must not throw.
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}

/** The statements of the database itself or of one open transaction (the same SQL either way). */
function statementsOn(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params.map(toParam));
      return { rows: result.rows };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/** PGlite serialises plain objects for jsonb itself, but arrays would become PG arrays: send JSON text. */
function toParam(value: unknown): unknown {
  return Array.isArray(value) ? JSON.stringify(value) : value;
}
