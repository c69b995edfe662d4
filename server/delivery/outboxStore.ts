/**
 * The delivery outbox (migration 003_lead_delivery.sql): one row per stored record and
 * destination, written in the record's own transaction, then leased, sent and settled by the
 * worker (./deliveryWorker.ts). All SQL of the outbox is here.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { type DeliveryDestination, type DeliveryKind, firstDeliveryDue, retryDelayMs, routeDestinations } from '../../domain/leadDelivery.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';

/** Where a delivery stands. 'cancelled': its record was erased before it was sent. */
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

/** A stored delivery. */
export interface StoredDelivery {
  id: number;
  delivery_id: string;
  website_slug: string;
  subject_kind: DeliveryKind;
  subject_id: number;
  destination: DeliveryDestination;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  give_up_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'id::int AS id, delivery_id, website_slug, subject_kind, subject_id, destination, status, attempts, next_attempt_at, give_up_at, last_error, sent_at, created_at';

/**
 * Writes one pending delivery per destination the record routes to, inside the caller's
 * transaction (the one storing the record). Returns how many were written. An incomplete
 * multi-step lead waits for its last step (../leadApi.ts wakes it) or domain/leadDelivery.ts firstDeliveryDue's wait.
 */
export async function enqueueDeliveries({
  tx,
  site,
  kind,
  subjectId,
  dealershipSlug,
  locationId,
  complete = true,
  now,
}: {
  tx: Queryable;
  site: ServedSiteConfig;
  kind: DeliveryKind;
  subjectId: number;
  dealershipSlug: string | null;
  locationId: number | null;
  complete?: boolean;
  now: Date;
}): Promise<number> {
  const destinations = routeDestinations({ destinations: site.lead_delivery.destinations, kind, dealershipSlug, locationId });
  if (!destinations.length) return 0;
  const due = firstDeliveryDue({ now, complete: complete ?? false });
  const giveUp = new Date(now.getTime() + site.lead_delivery.retry_hours * 3_600_000);
  await tx.query(
    `INSERT INTO deliveries (delivery_id, website_slug, subject_kind, subject_id, destination, next_attempt_at, give_up_at, created_at, updated_at)
     SELECT d.delivery_id, $1, $2, $3, d.destination, $4, $5, $6, $6
       FROM jsonb_to_recordset($7::jsonb) AS d(delivery_id text, destination jsonb)`,
    [site.slug, kind, subjectId, due, giveUp, now, destinations.map((destination) => ({ delivery_id: randomUUID(), destination }))],
  );
  return destinations.length;
}

/** Makes the not yet tried deliveries of a lead due now (its multi-step form was completed). */
export async function wakeDeliveries({ tx, kind, subjectId, now }: { tx: Queryable; kind: DeliveryKind; subjectId: number; now: Date }): Promise<void> {
  await tx.query(
    `UPDATE deliveries SET next_attempt_at = $3, updated_at = $3
      WHERE subject_kind = $1 AND subject_id = $2 AND status = 'pending' AND attempts = 0 AND next_attempt_at > $3`,
    [kind, subjectId, now],
  );
}

/**
 * Leases up to `limit` due deliveries for `owner` until `leaseUntil` and counts the attempt.
 * SKIP LOCKED plus the lease: two servers never take the same row; a row whose lease ran out
 * (its server died mid-send) is due again.
 */
export async function claimDueDeliveries({
  db,
  owner,
  now,
  leaseUntil,
  limit,
  websites,
}: {
  db: Queryable;
  owner: string;
  now: Date;
  leaseUntil: Date;
  limit: number;
  /** Only deliveries of these websites (the ones this server serves). */
  websites: string[];
}): Promise<StoredDelivery[]> {
  const { rows } = await db.query<StoredDelivery>(
    `UPDATE deliveries SET lease_owner = $1, lease_until = $3, attempts = attempts + 1, updated_at = $2
      WHERE id IN (SELECT id FROM deliveries
                    WHERE status = 'pending' AND next_attempt_at <= $2 AND (lease_until IS NULL OR lease_until <= $2)
                      AND website_slug IN (SELECT jsonb_array_elements_text($5::jsonb))
                    ORDER BY next_attempt_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [owner, now, leaseUntil, limit, websites],
  );
  return rows;
}

/**
 * Releases every lease still held, so what a killed server had taken is due again at once
 * instead of when its lease runs out. Only for a database one process uses at a time (the
 * embedded one, behind its lock): there, any lease found at start belongs to a dead server.
 * Returns how many were released.
 */
export async function releaseAllLeases({ db, now }: { db: Queryable; now: Date }): Promise<number> {
  const { rows } = await db.query(
    `UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, updated_at = $1 WHERE status = 'pending' AND lease_owner IS NOT NULL RETURNING id`,
    [now],
  );
  return rows.length;
}

/** Marks a leased delivery sent. False when the lease was lost meanwhile. */
export async function markSent({ db, id, owner, now }: { db: Queryable; id: number; owner: string; now: Date }): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE deliveries SET status = 'sent', sent_at = $3, last_error = NULL, lease_owner = NULL, lease_until = NULL, updated_at = $3
      WHERE id = $1 AND lease_owner = $2 AND status = 'pending' RETURNING id`,
    [id, owner, now],
  );
  return rows.length === 1;
}

/**
 * Records a failed attempt: due again after the backoff of its attempt count, or 'failed' when
 * that would pass its give-up time (or `permanent`, e.g. a destination with no address).
 */
export async function markAttemptFailed({
  db,
  delivery,
  owner,
  now,
  error,
  permanent = false,
}: {
  db: Queryable;
  delivery: StoredDelivery;
  owner: string;
  now: Date;
  error: string;
  permanent?: boolean;
}): Promise<DeliveryStatus> {
  const next = new Date(now.getTime() + retryDelayMs({ attempts: delivery.attempts }));
  const status: DeliveryStatus = permanent || next.getTime() > new Date(delivery.give_up_at).getTime() ? 'failed' : 'pending';
  await db.query(
    `UPDATE deliveries SET status = $3, next_attempt_at = $4, last_error = $5, lease_owner = NULL, lease_until = NULL, updated_at = $6
      WHERE id = $1 AND lease_owner = $2 AND status = 'pending'`,
    [delivery.id, owner, status, next, error.slice(0, 500), now],
  );
  return status;
}

/** Marks a leased delivery cancelled: its record no longer exists (erased). */
export async function markCancelled({ db, id, owner, now }: { db: Queryable; id: number; owner: string; now: Date }): Promise<void> {
  await db.query(
    `UPDATE deliveries SET status = 'cancelled', last_error = 'record erased', lease_owner = NULL, lease_until = NULL, updated_at = $3
      WHERE id = $1 AND lease_owner = $2`,
    [id, owner, now],
  );
}

/**
 * Sends a failed (or sent) delivery again: pending, due now, with a fresh retry window. The
 * delivery id stays the same, so a receiver that already has it can drop the copy.
 */
export async function resendDelivery({
  db,
  deliveryId,
  now,
  retryHours,
}: {
  db: Queryable;
  deliveryId: string;
  now: Date;
  retryHours: number;
}): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = $2, give_up_at = $3, lease_owner = NULL, lease_until = NULL, updated_at = $2
      WHERE delivery_id = $1 AND status IN ('failed', 'sent') RETURNING id`,
    [deliveryId, now, new Date(now.getTime() + retryHours * 3_600_000)],
  );
  return rows.length === 1;
}

/** Every delivery of a website, oldest first. */
export async function listWebsiteDeliveries({ db, websiteSlug }: { db: Queryable; websiteSlug: string }): Promise<StoredDelivery[]> {
  const { rows } = await db.query<StoredDelivery>(`SELECT ${COLUMNS} FROM deliveries WHERE website_slug = $1 ORDER BY id`, [websiteSlug]);
  return rows;
}
