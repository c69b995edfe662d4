/**
 * Prometheus metrics of a serve process (prom-client), one registry per process: leads received
 * by dealer and form, API answers by status class, delivery attempts by channel and outcome,
 * the age of the oldest undelivered lead, and build info. Label values come from fixed lists
 * (the forms of SPEC §7, the delivery channels) or the served slugs, never from what a client
 * typed, so a client cannot grow the series without bound.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { FORM_KINDS } from '../domain/formRules.ts';
import type { Database } from './db/database.ts';

/** The path metrics answer on. */
export const METRICS_PATH = '/metrics';

/** What a delivery attempt came to. */
export type DeliveryOutcome = 'sent' | 'failed' | 'retrying';

/** The metrics of one serve process. */
export interface ServeMetrics {
  readonly registry: Registry;
  /** Counts the answer of one request to the lead API of `dealer`. */
  apiAnswered(input: { dealer: string; method: string; route: string | undefined; statusCode: number; form: unknown }): void;
  /** Counts one delivery attempt. */
  deliveryAttempted(input: { channel: string; outcome: DeliveryOutcome }): void;
}

const LEAD_ROUTES = new Set(['/api/leads', '/api/leads/with-files']);

/** Creates the registry; the oldest undelivered lead is read from `db` at each scrape. */
export function createServeMetrics({ db, version, clock = () => new Date() }: { db: Database; version: string; clock?: () => Date }): ServeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'forecourt_' });
  const leads = new Counter({
    name: 'forecourt_leads_received_total',
    help: 'Leads stored, by dealer and form',
    labelNames: ['dealer', 'form'],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'forecourt_api_responses_total',
    help: 'Answers of the lead API, by dealer and status class',
    labelNames: ['dealer', 'class'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'forecourt_deliveries_total',
    help: 'Lead delivery attempts, by channel and outcome (sent, retrying: failed and due again, failed: given up)',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'forecourt_oldest_undelivered_lead_age_seconds',
    help: 'Age of the oldest delivery still pending (0 when none)',
    registers: [registry],
    async collect() {
      const result = await db.query<{ oldest: Date | string | null }>("SELECT min(created_at) AS oldest FROM deliveries WHERE status = 'pending'");
      const oldest = result.rows[0]?.oldest;
      this.set(oldest ? Math.max(0, (clock().getTime() - new Date(oldest).getTime()) / 1000) : 0);
    },
  });
  new Gauge({ name: 'forecourt_build_info', help: 'The running release', labelNames: ['version', 'node'], registers: [registry] })
    .labels({ version, node: process.version })
    .set(1);
  return {
    registry,
    apiAnswered({ dealer, method, route, statusCode, form }) {
      answers.inc({ dealer, class: `${Math.floor(statusCode / 100)}xx` });
      if (method === 'POST' && route && LEAD_ROUTES.has(route) && statusCode >= 200 && statusCode < 300) {
        leads.inc({ dealer, form: typeof form === 'string' && (FORM_KINDS as readonly string[]).includes(form) ? form : 'other' });
      }
    },
    deliveryAttempted({ channel, outcome }) {
      deliveries.inc({ channel, outcome });
    },
  };
}

/** Counts every answer of `app`'s lead API (/api; the /mock stand-in stores nothing real). */
export function instrumentApp({ app, metrics, dealer }: { app: FastifyInstance; metrics: ServeMetrics; dealer: string }): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const body = request.body as { lead?: { form?: unknown }; form?: unknown } | undefined;
    metrics.apiAnswered({
      dealer,
      method: request.method,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      form: body?.lead?.form ?? body?.form,
    });
  });
}

/**
 * Serves the metrics at /metrics on `app`. `allowed` decides who may read them (on the main
 * port: loopback clients only, judged by the client address the trusted proxies report).
 */
export async function registerMetrics({
  app,
  metrics,
  allowed,
}: {
  app: FastifyInstance;
  metrics: ServeMetrics;
  allowed: (ip: string) => boolean;
}): Promise<void> {
  app.get(METRICS_PATH, async (request, reply) => {
    if (!allowed(request.ip)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
