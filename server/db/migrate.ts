/**
 * Runs the SQL files of `server/db/migrations/` in name order, each once, recording what ran in
 * `schema_migrations`. Both engines run the same files.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

/** The folder holding the numbered `.sql` migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies every pending migration; returns the names applied now. */
export async function migrate({ db, dir = MIGRATIONS_DIR }: { db: Database; dir?: string }): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(new URL(name, `file://${dir.endsWith('/') ? dir : `${dir}/`}`), 'utf8');
    try {
      // One script per file, wrapped so a failing migration leaves nothing half applied.
      await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name) VALUES ('${name.replace(/'/g, "''")}');\nCOMMIT;`);
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => {});
      throw new Error(`Migration ${name} failed`, { cause: error });
    }
    applied.push(name);
  }
  return applied;
}
