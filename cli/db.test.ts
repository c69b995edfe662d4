/**
 * `forecourt db backup` / `restore` on the embedded database: a backup taken with the database
 * closed and one taken through a running serve (which holds it) both restore with their leads;
 * files are 0600; restore refuses while serve runs, over a database without --force, and a file
 * that is not a backup, leaving the database as it was.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLocalAccess } from '../server/admin/localAccess.ts';
import { buildApp } from '../server/app.ts';
import type { Queryable } from '../server/db/database.ts';
import { openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { loadSiteConfig } from '../server/siteConfig.ts';
import { backupDatabase, restoreDatabase } from './db.ts';

const addLead = (db: Queryable, name: string) =>
  db.query("INSERT INTO leads (dealership_slug, website_slug, category, payload) VALUES ('test-motors', 'test-motors', 'Sales', $1)", [{ name }]);

async function leadNames(stateDir: string): Promise<string[]> {
  const db = await openLeadDatabase({ stateDir });
  try {
    return (await db.query<{ name: string }>("SELECT payload->>'name' AS name FROM leads ORDER BY id")).rows.map((row) => row.name);
  } finally {
    await db.close();
  }
}

describe('forecourt db backup and restore', () => {
  let root: string;
  let stateDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'forecourt-backup-'));
    stateDir = path.join(root, 'state');
    await seedPgliteDataDir({ dataDir: path.join(stateDir, 'db') });
  }, 120_000);
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('backs up a closed database and through a running serve; each restores with its leads', async () => {
    const db = await openLeadDatabase({ stateDir });
    await addLead(db, 'First Shopper');
    await db.close();
    const closedFile = path.join(root, 'closed.tar.gz');
    expect(await backupDatabase({ stateDir, file: closedFile })).toBe('database');
    expect((await stat(closedFile)).mode & 0o777).toBe(0o600);

    // serve holds the database (its lock): the backup is asked of it, after its challenge.
    const served = await openLeadDatabase({ stateDir });
    const outDir = path.resolve('fixtures/server/sites');
    const token = 'token-of-the-running-serve-for-backup';
    const app = await buildApp({ outDir, site: await loadSiteConfig({ outDir, slug: 'test-motors' }), db: served, localToken: token });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const remove = await writeLocalAccess({
      stateDir,
      access: { pid: process.pid, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`, token },
    });
    const servedFile = path.join(root, 'served.tar.gz');
    try {
      await addLead(served, 'Second Shopper');
      expect(await backupDatabase({ stateDir, file: servedFile })).toBe('serve');
      expect((await stat(servedFile)).mode & 0o777).toBe(0o600);
      // The backup route needs the token like every other.
      expect((await app.inject({ url: '/api/admin/local/backup' })).statusCode).toBe(401);
      await expect(restoreDatabase({ stateDir, file: closedFile, force: true })).rejects.toThrow(/is running on .*: stop it before restoring/);
    } finally {
      await remove();
      await app.close();
      await served.close();
    }

    const elsewhere = path.join(root, 'elsewhere');
    expect(await restoreDatabase({ stateDir: elsewhere, file: servedFile })).toEqual({ applied: [], leads: 2 });
    expect(await leadNames(elsewhere)).toEqual(['First Shopper', 'Second Shopper']);
    expect((await stat(path.join(elsewhere, 'db'))).mode & 0o777).toBe(0o700);

    // An existing database is replaced only with --force.
    await expect(restoreDatabase({ stateDir: elsewhere, file: closedFile })).rejects.toThrow(/already holds a database: add --force/);
    expect(await leadNames(elsewhere)).toEqual(['First Shopper', 'Second Shopper']);
    expect(await restoreDatabase({ stateDir: elsewhere, file: closedFile, force: true })).toEqual({ applied: [], leads: 1 });
    expect(await leadNames(elsewhere)).toEqual(['First Shopper']);

    // A file that is not a backup: refused, the database untouched.
    const junk = path.join(root, 'junk.tar.gz');
    await writeFile(junk, 'not a tarball');
    await expect(restoreDatabase({ stateDir: elsewhere, file: junk, force: true })).rejects.toThrow(/is not a backup of forecourt db backup that loads/);
    expect(await leadNames(elsewhere)).toEqual(['First Shopper']);
  }, 180_000);
});
