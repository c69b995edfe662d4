/**
 * Upgrades are forward-only: a database made by an earlier release (only the migrations
 * 001-004, holding a lead) opened by this release gets every later migration, in order, and
 * keeps its lead; a backup of it restored by `forecourt db restore` is upgraded the same way.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackupFile } from './backup.ts';
import { MIGRATIONS_DIR, migrate } from './migrate.ts';
import { openLeadDatabase } from './openLeadDatabase.ts';
import { openPgliteDatabase } from './pgliteDatabase.ts';

const EARLIER = ['001_init.sql', '002_ownership_and_idempotency.sql', '003_lead_delivery.sql', '004_admin_audit.sql'];

describe('upgrading a database of an earlier release', () => {
  let root: string;
  let later: string[];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'forecourt-upgrade-'));
    const earlierDir = path.join(root, 'migrations');
    await cp(MIGRATIONS_DIR, earlierDir, { recursive: true, filter: (source) => !source.endsWith('.sql') || EARLIER.includes(path.basename(source)) });
    later = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql') && !EARLIER.includes(name)).sort();
    const db = await openPgliteDatabase({ dataDir: path.join(root, 'old', 'db') });
    expect(await migrate({ db, dir: earlierDir })).toEqual(EARLIER);
    await db.query("INSERT INTO leads (dealership_slug, website_slug, category, payload) VALUES ('test-motors', 'test-motors', 'Sales', $1)", [
      { name: 'Earlier Shopper' },
    ]);
    await writeBackupFile({ file: path.join(root, 'earlier.tar.gz'), data: await db.dumpDataDir!() });
    await db.close();
  }, 120_000);
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('opened by this release: every later migration applies and the lead is still there', async () => {
    expect(later.length).toBeGreaterThan(0);
    const db = await openPgliteDatabase({ dataDir: path.join(root, 'old', 'db') });
    try {
      expect(await migrate({ db })).toEqual(later);
      const { rows } = await db.query<{ name: string }>("SELECT payload->>'name' AS name FROM leads");
      expect(rows).toEqual([{ name: 'Earlier Shopper' }]);
      // A table of a later migration is there and usable.
      await db.query("INSERT INTO payment_events (website_slug, provider, event_id, type) VALUES ('test-motors', 'stripe', 'evt_1', 'x')");
    } finally {
      await db.close();
    }
  }, 120_000);

  it('a backup of it, restored by this release, is upgraded too', async () => {
    const stateDir = path.join(root, 'restored');
    expect(await restoreBackup({ stateDir, file: path.join(root, 'earlier.tar.gz') })).toEqual({ applied: later, leads: 1 });
    const db = await openLeadDatabase({ stateDir });
    try {
      expect(await migrate({ db })).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
