import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './dbLock.ts';
import { migrate } from './migrate.ts';
import { type EngineHandle, testEngines } from './testEngines.ts';

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`database on ${engine.name}`, () => {
    let handle: EngineHandle;
    beforeAll(async () => {
      handle = await engine.open();
    }, 60_000);
    afterAll(async () => handle?.dispose());

    it('has every table after migrating, and migrating again applies nothing', async () => {
      const { rows } = await handle.db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(rows.map((row) => row.table_name)).toEqual([
        'admin_audit',
        'admin_sessions',
        'deliveries',
        'events',
        'idempotency',
        'leads',
        'payment_events',
        'phone_reveals',
        'reservations',
        'schema_migrations',
        'uploads',
        'valuations',
      ]);
      expect(await migrate({ db: handle.db })).toEqual([]);
    });

    it('round-trips jsonb objects and arrays', async () => {
      const { rows } = await handle.db.query<{ o: unknown; a: unknown }>('SELECT $1::jsonb AS o, $2::jsonb AS a', [{ x: [1, 'two'] }, ['a', 'b']]);
      expect(rows[0]).toEqual({ o: { x: [1, 'two'] }, a: ['a', 'b'] });
    });

    it('rolls a failing migration back entirely', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-migrations-'));
      await writeFile(path.join(dir, '900_bad.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;');
      await expect(migrate({ db: handle.db, dir })).rejects.toThrow('Migration 900_bad.sql failed');
      const { rows } = await handle.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(rows).toEqual([]);
      await rm(dir, { recursive: true });
    });
  });
}

describe('lockDataDir', () => {
  it('refuses a second holder and takes over a dead one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-lock-'));
    const dataDir = path.join(dir, 'db');
    const release = await lockDataDir({ dataDir });
    await expect(lockDataDir({ dataDir })).rejects.toThrow(/is in use by process/);
    await release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    // A lock left by a process that no longer exists.
    await writeFile(`${dataDir}.lock`, '2147483646');
    const again = await lockDataDir({ dataDir });
    await again();
    await rm(dir, { recursive: true });
  });
});
