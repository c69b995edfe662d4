/**
 * Runs the SQL files of `server/db/migrations/` in name order, each once, recording what ran in
 * `schema_migrations`. Both engines run the same files.
 *
 * Several `serve` processes may start at once on one fresh PostgreSQL database: the whole run
 * is one transaction holding a transaction-level advisory lock, so the second process waits for
 * the first to commit, then finds every migration applied (creating the same table twice at
 * the same time otherwise fails with a duplicate pg_type row).
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

/** The folder holding the numbered `.sql` migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Advisory lock key of the migration run (any constant every forecourt process shares). */
export const MIGRATION_LOCK_KEY = 7_244_017;

/** Applies every pending migration; returns the names applied now. A failure applies none of them. */
export async function migrate({ db, dir = MIGRATIONS_DIR }: { db: Database; dir?: string }): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const scripts = await Promise.all(
    files.map(async (name) => ({ name, sql: await readFile(new URL(name, `file://${dir.endsWith('/') ? dir : `${dir}/`}`), 'utf8') })),
  );
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    const applied: string[] = [];
    for (const { name, sql } of scripts) {
      if (done.has(name)) continue;
      try {
        await tx.exec(sql);
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      } catch (error) {
        throw new Error(`Migration ${name} failed`, { cause: error });
      }
      applied.push(name);
    }
    return applied;
  });
}
