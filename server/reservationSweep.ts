/**
 * The reservation sweep of `serve`: a reservation that is never paid is released once its
 * hosted payment page expired, on a timer, not only when someone asks about it (the reserve
 * API and the webhooks release lazily too, through the same state machine:
 * reserveStore releaseExpiredReservations). A provider's own 'expired' event arriving after the
 * sweep changes nothing, and a sweep after the event finds nothing pending.
 */
import type { Database } from './db/database.ts';
import { PaymentSetupError } from './payments/paymentSettings.ts';
import { periodicJob } from './periodicJob.ts';
import { releaseExpiredReservations } from './reserveStore.ts';

/** The environment variable of the sweep interval, in whole seconds. */
export const RESERVATION_SWEEP_ENV = 'FORECOURT_RESERVATION_SWEEP_SECONDS';

/** The sweep interval unless the operator sets one: a released car is offered again within a minute. */
export const DEFAULT_SWEEP_MS = 60_000;

/** The interval of FORECOURT_RESERVATION_SWEEP_SECONDS in milliseconds (unset: the default); throws naming what is wrong. */
export function reservationSweepMs({ env }: { env: NodeJS.ProcessEnv }): number {
  const text = env[RESERVATION_SWEEP_ENV]?.trim();
  if (!text) return DEFAULT_SWEEP_MS;
  const seconds = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(seconds >= 1 && seconds <= 86_400))
    throw new PaymentSetupError(`${RESERVATION_SWEEP_ENV} must be a whole number of seconds from 1 to 86400; it is "${text}"`);
  return seconds * 1000;
}

/** A running sweep. */
export interface ReservationSweeper {
  /** Releases the expired reservations of every site now; resolves with the references released, per site. */
  runOnce(): Promise<{ slug: string; released: string[] }[]>;
  start(): void;
  stop(): Promise<void>;
}

/** Sweeps the sites' expired reservations every `intervalMs` (the first sweep at start). */
export function createReservationSweeper({
  db,
  sites,
  intervalMs,
  clock = () => new Date(),
  onError = (error: unknown) => console.error(`reservation sweep: ${error instanceof Error ? error.message : typeof error}`),
}: {
  db: Database;
  /** The served sites (read at each sweep: a rebuild may add or rename none, but settings follow it). */
  sites: readonly { slug: string }[];
  intervalMs: number;
  clock?: () => Date;
  onError?: (error: unknown) => void;
}): ReservationSweeper {
  const runOnce = async () => {
    const results: { slug: string; released: string[] }[] = [];
    for (const site of sites) results.push({ slug: site.slug, released: await releaseExpiredReservations({ db, websiteSlug: site.slug, now: clock() }) });
    return results;
  };
  return { runOnce, ...periodicJob({ run: runOnce, intervalMs, onError }) };
}
