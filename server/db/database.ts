/**
 * The one storage seam of the lead server: every query the server runs goes through this tiny
 * interface, so the embedded PGlite database and a real PostgreSQL server run the SAME SQL.
 */

/** Result rows of one statement. */
export interface QueryResult<Row> {
  rows: Row[];
}

/** A PostgreSQL-speaking database: PGlite in-process, or a pg Pool. */
export interface Database {
  /** Which engine answers; shown in logs and test names. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs one parameterised statement ($1, $2 ...). Objects in params are sent as JSON. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Flushes and releases the database; further queries fail. */
  close(): Promise<void>;
}
