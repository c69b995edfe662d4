/**
 * Health of a serve process for load balancers and orchestrators: `/healthz` says the process
 * answers (no database, no file), `/readyz` says it can take leads: the database answers, every
 * migration of this release is applied, and the outbox is not stalled (no delivery due for
 * longer than `stallMs` sits unclaimed, which would mean no worker is sending). 503 otherwise,
 * with the failed checks named; never a lead's data.
 */
import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.ts';
import { MIGRATIONS_DIR } from './db/migrate.ts';

/** The paths health answers on, whatever the Host (server/hostRouting.ts). */
export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;

/** A due delivery left unclaimed this long marks the outbox stalled. */
export const DEFAULT_STALL_MS = 10 * 60_000;

/** The names of the checks /readyz runs. */
export type ReadinessCheck = 'database' | 'migrations' | 'outbox';

/** The failed checks of `db` now (empty: ready). */
export async function readinessProblems({
  db,
  now,
  stallMs = DEFAULT_STALL_MS,
  migrationsDir = MIGRATIONS_DIR,
}: {
  db: Database;
  now: Date;
  stallMs?: number;
  migrationsDir?: string;
}): Promise<ReadinessCheck[]> {
  try {
    await db.query('SELECT 1');
  } catch {
    return ['database', 'migrations', 'outbox'];
  }
  const problems: ReadinessCheck[] = [];
  const expected = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'));
  try {
    const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    if (expected.some((name) => !applied.has(name))) problems.push('migrations');
  } catch {
    problems.push('migrations');
  }
  try {
    const stalled = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deliveries
        WHERE status = 'pending' AND next_attempt_at < $1 AND (lease_until IS NULL OR lease_until < $2)`,
      [new Date(now.getTime() - stallMs), now],
    );
    if (stalled.rows[0].n > 0) problems.push('outbox');
  } catch {
    problems.push('outbox');
  }
  return problems;
}

/** Registers /healthz and /readyz on `app` (an ops app, or a dealer's own app). */
export async function registerHealth({
  app,
  db,
  clock = () => new Date(),
  stallMs,
}: {
  app: FastifyInstance;
  db: Database;
  clock?: () => Date;
  stallMs?: number;
}): Promise<void> {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const problems = await readinessProblems({ db, now: clock(), stallMs });
    return reply
      .code(problems.length ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(problems.length ? { status: 'unavailable', failing: problems } : { status: 'ready' });
  });
}
