/**
 * Global setup of the unit suite (vitest.config.ts), once per run for every worker: makes the
 * migrated PGlite template (server/db/testTemplate.ts) and, where PostgreSQL is installed, starts
 * the cluster each PostgreSQL test makes its own database on (server/db/testPostgres.ts). The
 * teardown stops and removes both.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from './testTemplate.ts';
import { PG_CLUSTER_ENV, postgresUnavailableReason, startTestCluster } from './testPostgres.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-pglite-template-'));
  const [template, cluster] = await Promise.all([
    makePgliteTemplate({ dir }),
    postgresUnavailableReason() === null ? startTestCluster() : Promise.resolve(null),
  ]);
  process.env[PGLITE_TEMPLATE_ENV] = template;
  if (cluster) process.env[PG_CLUSTER_ENV] = cluster.url;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await cluster?.stop();
  };
}
