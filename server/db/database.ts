/**
 * The one storage seam of the lead server: every query the server runs goes through this tiny
 * interface, so the embedded PGlite database and a real PostgreSQL server run the SAME SQL.
 */

/** Result rows of one statement. */
export interface QueryResult<Row> {
  rows: Row[];
}

/** What runs statements: the database itself, or one open transaction of it. */
export interface Queryable {
  /** Which engine answers; shown in logs and test names. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs one parameterised statement ($1, $2 ...). Objects in params are sent as JSON. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A PostgreSQL-speaking database: PGlite in-process, or a pg Pool. */
export interface Database extends Queryable {
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws (or when the process dies before COMMIT). Inside `work`, use `tx` only: on
   * PGlite the database answers nothing else until the transaction ends.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Flushes and releases the database; further queries fail. */
  close(): Promise<void>;
  /**
   * The embedded database only: a gzipped tarball of its data directory, taken between
   * transactions (./backup.ts). PostgreSQL has pg_dump instead.
   */
  dumpDataDir?(): Promise<Uint8Array>;
}
