/**
 * The delivery worker `forecourt serve` runs: it leases due deliveries of the sites it serves,
 * sends each, and marks it sent, or due again after an exponential backoff (domain/leadDelivery.ts),
 * or failed once its retry window has passed. Leases expire, so deliveries a killed server had
 * taken are sent by the next one: delivery is at-least-once, and every attempt carries the same
 * delivery id.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_DELIVERY_LEASE_MS, DELIVERY_SEND_TIMEOUT_MS, minDeliveryLeaseMs } from '../../domain/leadDelivery.ts';
import { type AddressPolicy, policyFromEnv } from '../../net/addressPolicy.ts';
import type { Database } from '../db/database.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';
import { loadLeadMessage } from './leadMessage.ts';
import { claimDueDeliveries, markAttemptFailed, markCancelled, markSent, type StoredDelivery } from './outboxStore.ts';

/** The senders (nodemailer, xmlbuilder2) load on the first send: serve starts without them. */
const loadSenders = () => import('./senders.ts');

/** The shortest lease, in whole seconds, of a worker with the default send timeout (serve's setting). */
export const MIN_LEASE_SECONDS = Math.ceil(minDeliveryLeaseMs({ timeoutMs: DELIVERY_SEND_TIMEOUT_MS }) / 1000);

/** A running worker. */
export interface DeliveryWorker {
  /** Leases and sends what is due now; resolves with how many deliveries it handled. */
  runOnce(): Promise<number>;
  /** Starts polling (every `pollMs` while idle). */
  start(): void;
  /** Stops polling and waits for the deliveries in hand. */
  stop(): Promise<void>;
}

/** Told about a worker problem: ids and error classes only, never a field of a lead. */
export type DeliveryErrorReporter = (report: { deliveryId?: string; error: unknown }) => void;

/** One delivery attempt's end, as serve's log, metrics and alerts hear it (ids and error text, never a lead's field). */
export interface DeliveryAttempt {
  outcome: 'sent' | 'retrying' | 'failed';
  /** The destination type (email, adf_email, adf_http, webhook). */
  channel: string;
  dealer: string;
  /** The stored lead (or other record) the delivery is about. */
  subjectId: number;
  deliveryId: string;
  /** Why it failed (class, code and message of the error). */
  error?: string;
}

/** Creates the worker of the sites `sites` on `db`. */
export function createDeliveryWorker({
  db,
  sites,
  clock = () => new Date(),
  env = process.env,
  policy = policyFromEnv(env),
  owner = randomUUID(),
  leaseMs = DEFAULT_DELIVERY_LEASE_MS,
  pollMs = 250,
  batchSize = 25,
  timeoutMs = DELIVERY_SEND_TIMEOUT_MS,
  onError = reportError,
  onAttempt = () => {},
}: {
  db: Database;
  sites: ServedSiteConfig[];
  clock?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Which addresses destinations may resolve to; default the operator's FORECOURT_ALLOW_DESTINATIONS in `env`. */
  policy?: AddressPolicy;
  /** Lease owner name; one per process. */
  owner?: string;
  /** How long a lease lasts; at least minDeliveryLeaseMs of timeoutMs (a send ends before its lease). */
  leaseMs?: number;
  pollMs?: number;
  batchSize?: number;
  timeoutMs?: number;
  onError?: DeliveryErrorReporter;
  /** Told the end of every attempt (serve: warn lines, metrics, alerts). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}): DeliveryWorker {
  if (leaseMs < minDeliveryLeaseMs({ timeoutMs })) {
    throw new RangeError(
      `A delivery lease of ${leaseMs} ms is shorter than ${minDeliveryLeaseMs({ timeoutMs })} ms, twice the send timeout of ${timeoutMs} ms`,
    );
  }
  const bySlug = new Map(sites.map((site) => [site.slug, site]));
  // An observer's failure is reported, never taken for the delivery's.
  const notify = (attempt: DeliveryAttempt) => {
    try {
      onAttempt(attempt);
    } catch (error) {
      onError({ deliveryId: attempt.deliveryId, error });
    }
  };
  // Read at each poll: a rebuild may give a site its first destination (cli/serve.ts follows it).
  const websites = () => sites.filter((site) => site.lead_delivery.destinations.length).map((site) => site.slug);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function handle(delivery: StoredDelivery): Promise<void> {
    const site = bySlug.get(delivery.website_slug)!;
    const about = { channel: delivery.destination.type, dealer: delivery.website_slug, subjectId: delivery.subject_id, deliveryId: delivery.delivery_id };
    try {
      const message = await loadLeadMessage({ db, delivery, site });
      if (!message) {
        await markCancelled({ db, id: delivery.id, owner, now: clock() });
        return;
      }
      const { sendDelivery } = await loadSenders();
      await sendDelivery({ destination: delivery.destination, message, context: { site, env, now: clock(), timeoutMs, policy } });
      await markSent({ db, id: delivery.id, owner, now: clock() });
      notify({ ...about, outcome: 'sent' });
    } catch (error) {
      const described = describeError(error);
      const status = await markAttemptFailed({
        db,
        delivery,
        owner,
        now: clock(),
        error: described,
        permanent: error instanceof (await loadSenders()).PermanentDeliveryError,
      }).catch((markError: unknown) => {
        onError({ deliveryId: delivery.delivery_id, error: markError });
        return null;
      });
      notify({ ...about, outcome: status === 'failed' ? 'failed' : 'retrying', error: described });
    }
  }

  async function runOnce(): Promise<number> {
    const served = websites();
    if (!served.length) return 0;
    const now = clock();
    const due = await claimDueDeliveries({ db, owner, now, leaseUntil: new Date(now.getTime() + leaseMs), limit: batchSize, websites: served });
    await Promise.all(due.map(handle));
    return due.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().then(
        (handled) => schedule(handled ? 0 : pollMs),
        (error: unknown) => {
          onError({ error });
          schedule(pollMs * 4);
        },
      );
    }, delay);
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** An error as stored in last_error: its class, code and message (SMTP and HTTP errors name no shopper data). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}${cause}`;
}

function reportError({ deliveryId, error }: { deliveryId?: string; error: unknown }): void {
  const name = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  console.error(`lead delivery: ${deliveryId ? `delivery ${deliveryId} ` : ''}${name}${typeof code === 'string' ? ` ${code}` : ''}`);
}
