/**
 * Reservations (the reserve flow): one row per deposit payment started. A car counts as
 * reserved once one of its reservations is paid; every move goes through the one state machine
 * of domain/reservationState.ts. The table is created by migration 002_ownership_and_idempotency.sql
 * (expiry and payment id: 005_payment_webhooks.sql).
 */
import type { Queryable } from './db/database.ts';
import { isPastRelease, nextReservationStatus, type PaymentOutcome, type ReservationStatus } from '../domain/reservationState.ts';

export type { ReservationStatus } from '../domain/reservationState.ts';

/** A stored reservation. */
export interface StoredReservation {
  id: number;
  reference: string;
  website_slug: string;
  car_id: number;
  lead_id: number;
  amount: number;
  currency: string;
  provider: string;
  provider_reference: string | null;
  status: ReservationStatus;
  return_path: string;
  description: string;
}

const COLUMNS =
  'id, reference, website_slug, car_id::float8 AS car_id, lead_id, amount::float8 AS amount, currency, provider, provider_reference, status, return_path, description';

/** Stores a pending reservation; returns it. */
export async function insertReservation({
  db,
  reservation,
}: {
  db: Queryable;
  reservation: Pick<
    StoredReservation,
    'reference' | 'website_slug' | 'car_id' | 'lead_id' | 'amount' | 'currency' | 'provider' | 'return_path' | 'description'
  >;
}): Promise<StoredReservation> {
  const r = reservation;
  const { rows } = await db.query<StoredReservation>(
    `INSERT INTO reservations (reference, website_slug, car_id, lead_id, amount, currency, provider, return_path, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [r.reference, r.website_slug, r.car_id, r.lead_id, r.amount, r.currency, r.provider, r.return_path, r.description],
  );
  return rows[0];
}

/** Records the provider's id of the hosted payment and when it stops taking the payment (null: never). */
export async function setProviderReference({
  db,
  reference,
  providerReference,
  expiresAt = null,
}: {
  db: Queryable;
  reference: string;
  providerReference: string;
  expiresAt?: Date | null;
}): Promise<void> {
  await db.query('UPDATE reservations SET provider_reference = $2, expires_at = $3, updated_at = now() WHERE reference = $1', [
    reference,
    providerReference,
    expiresAt,
  ]);
}

/** Records the provider's id of the payment itself (a later refund names only that). */
export async function setPaymentReference({ db, reference, paymentReference }: { db: Queryable; reference: string; paymentReference: string }): Promise<void> {
  await db.query('UPDATE reservations SET payment_reference = $2, updated_at = now() WHERE reference = $1', [reference, paymentReference]);
}

/** The reference of the reservation whose payment the provider calls `paymentReference` on this website, or null. */
export async function referenceOfPayment({
  db,
  paymentReference,
  websiteSlug,
}: {
  db: Queryable;
  paymentReference: string;
  websiteSlug: string;
}): Promise<string | null> {
  const { rows } = await db.query<{ reference: string }>('SELECT reference FROM reservations WHERE payment_reference = $1 AND website_slug = $2', [
    paymentReference,
    websiteSlug,
  ]);
  return rows[0]?.reference ?? null;
}

/**
 * Releases every pending reservation of the website whose hosted payment page expired (with
 * the grace of domain/reservationState.ts) by `now`: the provider no longer takes that payment.
 * The move goes through the one state machine, and the UPDATE only applies to a row still in
 * the status it was read in, so a webhook settling it meanwhile wins and nothing is released
 * twice. Returns the references released.
 */
export async function releaseExpiredReservations({ db, websiteSlug, now }: { db: Queryable; websiteSlug: string; now: Date }): Promise<string[]> {
  const { rows } = await db.query<{ reference: string; status: ReservationStatus; expires_at: Date | string }>(
    "SELECT reference, status, expires_at FROM reservations WHERE website_slug = $1 AND status = 'pending' AND expires_at IS NOT NULL AND expires_at < $2",
    [websiteSlug, now],
  );
  const released: string[] = [];
  for (const row of rows) {
    if (!isPastRelease({ expiresAt: new Date(row.expires_at), now })) continue;
    const next = nextReservationStatus({ current: row.status, outcome: 'expired' });
    if (!next) continue;
    const moved = await db.query('UPDATE reservations SET status = $3, updated_at = now() WHERE reference = $1 AND status = $2 RETURNING id', [
      row.reference,
      row.status,
      next,
    ]);
    if (moved.rows.length) released.push(row.reference);
  }
  return released;
}

/** The reservation with `reference` on this website, or null. */
export async function findReservation({
  db,
  reference,
  websiteSlug,
}: {
  db: Queryable;
  reference: string;
  websiteSlug: string;
}): Promise<StoredReservation | null> {
  const { rows } = await db.query<StoredReservation>(`SELECT ${COLUMNS} FROM reservations WHERE reference = $1 AND website_slug = $2`, [
    reference,
    websiteSlug,
  ]);
  return rows[0] ?? null;
}

/** Whether the car has a paid reservation on this website. */
export async function isCarReserved({ db, websiteSlug, carId }: { db: Queryable; websiteSlug: string; carId: number }): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM reservations WHERE website_slug = $1 AND car_id = $2 AND status = 'paid' LIMIT 1", [websiteSlug, carId]);
  return rows.length > 0;
}

/**
 * Applies a payment outcome through the state machine (domain/reservationState.ts): a move that
 * does not apply (a second 'paid', an 'expired' after 'paid') changes nothing. A 'paid' outcome
 * loses to a car reserved meanwhile by someone else, which the unique index guarantees even
 * between two servers. Returns the status after, whether it moved, or null for no such
 * reservation. `db` must be a transaction (the row is locked until it ends).
 */
export async function settleReservation({
  db,
  reference,
  websiteSlug,
  outcome,
}: {
  db: Queryable;
  reference: string;
  websiteSlug: string;
  outcome: PaymentOutcome;
}): Promise<{ status: ReservationStatus; moved: boolean } | null> {
  const { rows } = await db.query<{ status: ReservationStatus }>('SELECT status FROM reservations WHERE reference = $1 AND website_slug = $2 FOR UPDATE', [
    reference,
    websiteSlug,
  ]);
  if (!rows.length) return null;
  const next = nextReservationStatus({ current: rows[0].status, outcome });
  if (!next) return { status: rows[0].status, moved: false };
  // Runs inside the caller's transaction (its deliveries are written in it); the savepoint lets
  // the transaction go on after the unique index refuses a second paid reservation.
  await db.query('SAVEPOINT settle_reservation');
  try {
    await db.query('UPDATE reservations SET status = $2, updated_at = now() WHERE reference = $1', [reference, next]);
    return { status: next, moved: true };
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await db.query('ROLLBACK TO SAVEPOINT settle_reservation');
    // Unique violation: the car was reserved by another payment first.
    await db.query("UPDATE reservations SET status = 'failed', updated_at = now() WHERE reference = $1", [reference]);
    return { status: 'failed', moved: true };
  }
}
