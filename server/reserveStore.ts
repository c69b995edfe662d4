/**
 * Reservations (the reserve flow): one row per deposit payment started. A car counts as
 * reserved once one of its reservations is paid; a failed or abandoned payment leaves the row
 * 'failed' / 'cancelled' / 'pending', which reserves nothing. The table is created by migration
 * 002_ownership_and_idempotency.sql.
 */
import type { Queryable } from './db/database.ts';

/** Where a reservation's payment stands. */
export type ReservationStatus = 'pending' | 'paid' | 'cancelled' | 'failed';

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

/** Records the provider's id of the payment. */
export async function setProviderReference({
  db,
  reference,
  providerReference,
}: {
  db: Queryable;
  reference: string;
  providerReference: string;
}): Promise<void> {
  await db.query('UPDATE reservations SET provider_reference = $2, updated_at = now() WHERE reference = $1', [reference, providerReference]);
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
 * Settles a pending reservation with the payment's outcome. Only a pending one moves (a second
 * click on Pay changes nothing); a 'paid' outcome loses to a car reserved meanwhile by someone
 * else, which the unique index guarantees even between two servers. Returns the new status.
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
  outcome: Exclude<ReservationStatus, 'pending'>;
}): Promise<ReservationStatus | null> {
  try {
    const { rows } = await db.query<{ status: ReservationStatus }>(
      `UPDATE reservations SET status = $3, updated_at = now() WHERE reference = $1 AND website_slug = $2 AND status = 'pending' RETURNING status`,
      [reference, websiteSlug, outcome],
    );
    if (rows.length) return rows[0].status;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    // Unique violation: the car was reserved by another payment first.
    await db.query("UPDATE reservations SET status = 'failed', updated_at = now() WHERE reference = $1 AND status = 'pending'", [reference]);
    return 'failed';
  }
  return (await findReservation({ db, reference, websiteSlug }))?.status ?? null;
}
