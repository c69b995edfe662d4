/**
 * The operations routes of serve (health, readiness, metrics) on the app they are given: every
 * dealer's own port, the shared port (server/hostRouting.ts hands them these paths whatever the
 * Host) or the --metrics-port app. Metrics on a dealer's port are for loopback clients only.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Database } from './db/database.ts';
import { HEALTH_PATHS, registerHealth } from './health.ts';
import { METRICS_PATH, registerMetrics, type ServeMetrics } from './metrics.ts';
import { newRequestId } from './requestLog.ts';

/** Every path the operations routes answer. */
export const OPS_PATHS: readonly string[] = [...HEALTH_PATHS, METRICS_PATH];

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopback(ip: string): boolean {
  try {
    const parsed = ipaddr.process(ip);
    return parsed.range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * Registers health and readiness, and metrics unless they have a port of their own
 * (`metrics: null`). On these ports only a loopback client reads the metrics.
 */
export async function registerOpsRoutes({
  app,
  db,
  metrics,
  clock,
}: {
  app: FastifyInstance;
  db: Database;
  metrics: ServeMetrics | null;
  clock?: () => Date;
}): Promise<void> {
  await registerHealth({ app, db, clock });
  if (metrics) await registerMetrics({ app, metrics, allowed: isLoopback });
}

/** The app of `--metrics-port`: metrics for whoever reaches that port (the operator binds it), health too. */
export async function buildMetricsApp({
  db,
  metrics,
  logger,
  clock,
}: {
  db: Database;
  metrics: ServeMetrics;
  logger?: FastifyBaseLogger;
  clock?: () => Date;
}): Promise<FastifyInstance> {
  const app = Fastify(logger ? { loggerInstance: logger, genReqId: newRequestId } : { logger: false });
  await registerHealth({ app, db, clock });
  await registerMetrics({ app, metrics, allowed: () => true });
  return app;
}
