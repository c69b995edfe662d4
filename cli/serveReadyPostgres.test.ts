/**
 * `/readyz` on PostgreSQL follows the database: 200 while it answers, 503 naming the database
 * while its server is stopped, and 200 again once it is back, with no restart of serve (a real
 * cluster of Debian's binaries, stopped and started again on the same port).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason, startTestCluster, type TestCluster } from '../server/db/testPostgres.ts';
import { type RunningServe, startServe } from './serve.ts';

const SKIP = postgresUnavailableReason();
// A port of this suite's range (6000..6099): the cluster comes back on the port serve knows.
const PG_PORT = 6042;

/** The status and body of /readyz at `base`. */
async function readiness(base: string): Promise<[number, unknown]> {
  const answer = await fetch(`${base}readyz`);
  return [answer.status, await answer.json()];
}

describe.skipIf(SKIP)('serve on PostgreSQL: /readyz while the database goes away and comes back', () => {
  let cluster: TestCluster;
  let stateDir: string;
  let running: RunningServe;

  beforeAll(async () => {
    cluster = await startTestCluster({ port: PG_PORT });
    stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-ready-pg-'));
    running = await startServe({
      slugs: ['test-motors'],
      outDir: path.resolve('fixtures/server/sites'),
      port: 0,
      stateDir,
      databaseUrl: cluster.url,
      warn: () => {},
      env: {},
    });
  }, 120_000);
  afterAll(async () => {
    await running?.close().catch(() => {});
    await cluster?.stop();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('answers 200, then 503 with the database stopped, then 200 once it runs again', async () => {
    const base = running.sites[0].url;
    expect(await readiness(base)).toEqual([200, { status: 'ready' }]);
    await cluster.pause();
    expect(await readiness(base)).toEqual([503, { status: 'unavailable', failing: ['database', 'migrations', 'outbox'] }]);
    expect((await fetch(`${base}healthz`)).status).toBe(200);
    await cluster.resume();
    expect(await readiness(base)).toEqual([200, { status: 'ready' }]);
  }, 60_000);
});
