/**
 * A real PostgreSQL server behind the same `Database` seam, used when `--database-url
 * postgres://...` is given. A pg Pool serves concurrent requests.
 */
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';

/** Connects a pool to `url` and checks the connection once, so a bad URL fails at start, not at the first lead. */
export async function openPostgresDatabase({
  url,
  max = 10,
  // One line: the error object carries the whole pg client (its connection parameters included).
  onIdleError = (error) =>
    console.error(
      `PostgreSQL connection lost (${redact(url)}); reconnecting on the next query: ${error.message}${'code' in error ? ` (${String(error.code)})` : ''}`,
    ),
}: {
  url: string;
  max?: number;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the server (an unhandled 'error'
  // event would); it is reported and the next query reconnects.
  pool.on('error', onIdleError);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`Could not connect to PostgreSQL at ${redact(url)}`, { cause: error });
  }
  let closed = false;
  return {
    ...statementsOn(pool),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(statementsOn(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped from the pool, not reused.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error('ROLLBACK failed');
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The statements of the pool, or of the one client holding a transaction (the same SQL either way). */
function statementsOn(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query(sql, params.map(toParam));
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string): Promise<void> {
      await target.query(sql);
    },
  };
}

/** pg turns JS arrays into PG arrays; our array params are jsonb values, so send JSON text. */
function toParam(value: unknown): unknown {
  return Array.isArray(value) ? JSON.stringify(value) : value;
}

/** Hides a password in a connection URL before it reaches an error message. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
