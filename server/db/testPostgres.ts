/**
 * Test helper: a throwaway PostgreSQL database, so the lead-server suite runs on PostgreSQL as
 * well as on PGlite. The unit suite's global setup starts one cluster per run (initdb into a temp
 * dir, pg_ctl on a random port) and names it in FORECOURT_TEST_PG_CLUSTER; each test then gets a
 * fresh database of its own on it (CREATE DATABASE, dropped at stop), which takes a fraction of
 * a cluster's start. Without that variable a test starts a cluster of its own.
 * It reports "unavailable" ONLY when no PostgreSQL binaries exist; any other failure throws.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A running throwaway cluster. */
export interface TestPostgres {
  /** postgres://... URL for `openDatabase({databaseUrl})`. */
  url: string;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

/** Why the PostgreSQL variant is skipped, or null when it can run. */
export function postgresUnavailableReason(): string | null {
  return findPostgresBin() ? null : 'PostgreSQL binaries not found (/usr/lib/postgresql/*/bin/initdb); install postgresql to run the PostgreSQL variant';
}

/** The bin dir of the newest installed PostgreSQL, or null. `FORECOURT_PG_BIN` overrides. */
export function findPostgresBin(): string | null {
  const override = process.env.FORECOURT_PG_BIN;
  if (override) return existsSync(path.join(override, 'initdb')) ? override : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  // Newest first: "16" before "15".
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** The environment variable naming the run's cluster: the URL of its `postgres` database. */
export const PG_CLUSTER_ENV = 'FORECOURT_TEST_PG_CLUSTER';

/** A fresh, empty database: on the run's cluster when there is one, else on a cluster of its own. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const cluster = process.env[PG_CLUSTER_ENV];
  return cluster ? createTestDatabase({ clusterUrl: cluster }) : startTestCluster();
}

/** Creates a database with a unique name on a running cluster; stop drops it (closing its connections). */
async function createTestDatabase({ clusterUrl }: { clusterUrl: string }): Promise<TestPostgres> {
  const name = `forecourt_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  let stopped = false;
  return {
    url: clusterUrl.replace(/\/[^/]*$/, `/${name}`),
    async stop() {
      if (stopped) return;
      stopped = true;
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A cluster of a test's own, which it may stop and start again on the same port and data. */
export interface TestCluster extends TestPostgres {
  /** Stops the server, keeping its data (the database is gone until resume). */
  pause(): Promise<void>;
  /** Starts the paused server again. */
  resume(): Promise<void>;
}

/**
 * Starts a fresh cluster on `port` (default: a free one). initdb refuses to run as root, so as
 * root the cluster is created and run as the `postgres` system user (runuser); otherwise as the
 * current user.
 */
export async function startTestCluster({ port: wanted }: { port?: number } = {}): Promise<TestCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailableReason() ?? 'PostgreSQL unavailable');
  const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const exec = async (file: string, args: string[]) => {
    const command = asRoot ? 'runuser' : file;
    const argv = asRoot ? ['-u', 'postgres', '--', file, ...args] : args;
    try {
      return await run(command, argv, { cwd: dir });
    } catch (error) {
      const detail = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`${path.basename(file)} failed: ${detail.trim()}`, { cause: error });
    }
  };
  if (asRoot) {
    const { uid, gid } = await postgresUser();
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  const port = wanted ?? (await freePort());
  await exec(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    exec(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  await start();
  let stopped = false;
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async pause() {
      await exec(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async resume() {
      await start();
      running = true;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (running) await exec(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(group.trim()) };
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
