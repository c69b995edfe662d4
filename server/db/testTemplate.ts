/**
 * Test helper: a migrated PGlite data directory made once and copied for every test database.
 * Creating an embedded database (initdb in WASM) and migrating it takes 5-18 s on a loaded
 * 2-core machine; copying a migrated one takes about a second and opening the copy half a
 * second. A run's global setup (vitest and Playwright) makes the template once and names it in
 * FORECOURT_TEST_PGLITE_TEMPLATE for every worker; without one it is made once per module
 * instance in a temp folder. Migrations still run on every open, so a template made before a
 * new migration only costs that migration.
 */
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './openDatabase.ts';

/** The environment variable naming a run's template data directory. */
export const PGLITE_TEMPLATE_ENV = 'FORECOURT_TEST_PGLITE_TEMPLATE';

let made: Promise<string> | undefined;

/** Creates and migrates an embedded database in `<dir>/db`, closes it and returns that folder. */
export async function makePgliteTemplate({ dir }: { dir: string }): Promise<string> {
  const dataDir = path.join(dir, 'db');
  const db = await openDatabase({ dataDir });
  await db.close();
  return dataDir;
}

/** The run's template data directory, or one made now (once) in a temp folder removed at exit. */
function pgliteTemplate(): Promise<string> {
  const given = process.env[PGLITE_TEMPLATE_ENV];
  if (given && existsSync(given)) return Promise.resolve(given);
  made ??= mkdtemp(path.join(tmpdir(), 'forecourt-pglite-template-')).then((dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return makePgliteTemplate({ dir });
  });
  return made;
}

/** Copies the migrated template to `dataDir` unless a database is already there (a restart keeps its data). */
export async function seedPgliteDataDir({ dataDir }: { dataDir: string }): Promise<void> {
  if (existsSync(dataDir)) return;
  await cp(await pgliteTemplate(), dataDir, { recursive: true });
}
