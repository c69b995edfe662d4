/**
 * `forecourt serve` on PostgreSQL as separate processes, as in production:
 *
 * - three processes starting at once on one fresh database all migrate it and serve;
 * - a SIGKILL in the middle of a burst of leads leaves no Idempotency-Key open whose lead is
 *   stored, and retrying every request of the burst (same key, same body) after a restart
 *   stores each lead exactly once and answers the acknowledged ones as before.
 *
 * Every log line the processes wrote is searched for the leads' field values.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countPendingKeys } from '../server/db/idempotencyStore.ts';
import { MIGRATIONS_DIR } from '../server/db/migrate.ts';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from '../server/db/testPostgres.ts';

const SKIP = postgresUnavailableReason();
const OUT = path.resolve('fixtures/server/sites');
const SLUG = 'test-motors';

/** A started `serve` process and what it printed. */
interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const children: ChildProcess[] = [];
const logs: string[] = [];

/** Starts `forecourt serve test-motors` on a free port against `databaseUrl`; resolves once it prints its URL. */
function serve({ databaseUrl, stateDir }: { databaseUrl: string; stateDir: string }): Promise<Served> {
  const child = spawn(process.execPath, ['bin/forecourt.mjs', 'serve', SLUG, '--out', OUT, '--port', '0', '--database-url', databaseUrl], {
    env: { ...process.env, FORECOURT_DATA_DIR: stateDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const log = logs.push('') - 1;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    logs[log] = output;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = output.match(/^test-motors\s+(http:\/\/127\.0\.0\.1:\d+)\/?\s*$/m);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before serving:\n${output}`));
    });
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The i-th lead of the burst: its own email (a field value the logs must not hold). */
function burstLead(i: number) {
  return {
    lead: {
      form: 'contact',
      name: 'Crashtest',
      last_name: 'Shopper',
      email: `crash.shopper.${i}@example.com`,
      phone: '0412 345 678',
      postcode: '4000',
      message: `Crash burst message ${i}`,
      dealership_slug: SLUG,
    },
  };
}

async function post(url: string, i: number): Promise<{ status: number; body: { id?: number } } | null> {
  try {
    const res = await fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `crash-${i}` },
      body: JSON.stringify(burstLead(i)),
    });
    return { status: res.status, body: (await res.json()) as { id?: number } };
  } catch {
    // The server died before answering.
    return null;
  }
}

describe.skipIf(SKIP !== null)('forecourt serve on PostgreSQL, as processes', () => {
  let server: TestPostgres;
  let stateDir: string;
  beforeAll(async () => {
    server = await startTestPostgres();
    stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-serve-pg-'));
  }, 60_000);
  afterEach(async () => {
    await Promise.all(children.splice(0).map((child) => stop(child, 'SIGKILL')));
  });
  afterAll(async () => {
    await server?.stop();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  it('three processes starting at once on a fresh database all migrate it and serve', async () => {
    const database = `fresh_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const databaseUrl = server.url.replace(/\/[^/]*$/, `/${database}`);
    const started = await Promise.all([0, 1, 2].map(() => serve({ databaseUrl, stateDir })));
    for (const { url } of started) expect((await fetch(`${url}/api/cars/42/reservation`)).status).toBe(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    await client.end();
    // Every migration the code ships, each applied once.
    const shipped = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    expect(shipped.length).toBeGreaterThan(3);
    expect(rows.map((row) => row.name)).toEqual(shipped);
  }, 120_000);

  it('a SIGKILL mid-burst leaves no key open whose lead is stored, and retries store each lead once', async () => {
    const BURST = 100;
    const first = await serve({ databaseUrl: server.url, stateDir });
    const answers: ({ status: number; body: { id?: number } } | null)[] = Array(BURST).fill(null);
    let answered = 0;
    let killed: Promise<void> | null = null;
    // 10 requests in flight at a time; the server is killed once a third have been answered.
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < BURST) {
          const i = next++;
          answers[i] = await post(first.url, i);
          if (answers[i]) answered++;
          if (answered >= BURST / 3 && !killed) killed = stop(first.child, 'SIGKILL');
        }
      }),
    );
    await killed;
    const acknowledged = answers.flatMap((answer, i) => (answer?.status === 201 ? [{ i, id: answer.body.id }] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(BURST);

    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const db = { kind: 'postgres' as const, query: (sql: string, params?: unknown[]) => client.query(sql, params), exec: async () => {} };
      expect(await countPendingKeys({ db })).toBe(0);
      // Every stored lead of the burst has its key completed with its id, and the other way round.
      const stored = await client.query<{ id: number; email: string }>(
        "SELECT id, payload->>'email' AS email FROM leads WHERE payload->>'email' LIKE 'crash.shopper.%'",
      );
      const keys = await client.query<{ key: string; id: number }>("SELECT key, (response->>'id')::int AS id FROM idempotency WHERE key LIKE 'crash-%'");
      expect(new Set(keys.rows.map((row) => row.id))).toEqual(new Set(stored.rows.map((row) => row.id)));
      for (const { i, id } of acknowledged) expect(keys.rows).toContainEqual({ key: `crash-${i}`, id });

      // Restart and retry the whole burst with the same keys and bodies.
      const second = await serve({ databaseUrl: server.url, stateDir });
      const retries = await Promise.all(Array.from({ length: BURST }, (_, i) => post(second.url, i)));
      expect(retries.map((answer) => answer?.status)).toEqual(Array(BURST).fill(201));
      for (const { i, id } of acknowledged) expect(retries[i]!.body.id).toBe(id);
      const after = await client.query<{ email: string; n: number }>(
        "SELECT payload->>'email' AS email, count(*)::int AS n FROM leads WHERE payload->>'email' LIKE 'crash.shopper.%' GROUP BY 1",
      );
      expect(after.rows).toHaveLength(BURST);
      expect(after.rows.every((row) => row.n === 1)).toBe(true);
      expect(await countPendingKeys({ db })).toBe(0);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('no process wrote a field value of a lead to its log', () => {
    const log = logs.join('\n');
    expect(log).toMatch(/test-motors\s+http:/);
    for (const value of ['Crashtest', 'crash.shopper.', 'Crash burst message', '0412 345 678', '0412345678']) {
      expect(log.includes(value), `"${value}" is in a serve log`).toBe(false);
    }
  });
});
