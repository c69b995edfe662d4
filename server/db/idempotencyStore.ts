/**
 * Idempotency-Key bookkeeping in the database (so a repeated POST gets the first answer even
 * after a restart). A key is claimed and completed inside the transaction that stores what it
 * answers (../idempotency.ts): other connections never see a claimed key without its answer, a
 * concurrent duplicate's claim waits on the row until that transaction ends, and a process
 * killed before COMMIT leaves neither the key nor the lead.
 */
import type { Queryable } from './database.ts';

/** What a key holds. `pending` is only left by servers from before keys were transactional. */
export type IdempotencyRecord =
  { state: 'missing' } | { state: 'pending' } | { state: 'done'; route: string; requestHash: string | null; status: number; response: unknown };

/** Claims `key` for `dealer` in the caller's transaction; true when this request owns it now. */
export async function claimKey({
  tx,
  dealer,
  key,
  route,
  requestHash,
}: {
  tx: Queryable;
  dealer: string;
  key: string;
  route: string;
  requestHash: string;
}): Promise<boolean> {
  const { rows } = await tx.query(
    'INSERT INTO idempotency (key, dealer, route, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (dealer, key) DO NOTHING RETURNING key',
    [key, dealer, route, requestHash],
  );
  return rows.length === 1;
}

/** Reads a key's state. */
export async function readKey({ tx, dealer, key }: { tx: Queryable; dealer: string; key: string }): Promise<IdempotencyRecord> {
  const { rows } = await tx.query<{ route: string; request_hash: string | null; status: number | null; response: unknown }>(
    'SELECT route, request_hash, status, response FROM idempotency WHERE dealer = $1 AND key = $2',
    [dealer, key],
  );
  const row = rows[0];
  if (!row) return { state: 'missing' };
  if (row.status === null) return { state: 'pending' };
  return { state: 'done', route: row.route, requestHash: row.request_hash, status: row.status, response: row.response };
}

/** Stores the answer of a claimed key (in the same transaction as what it answers). */
export async function completeKey({
  tx,
  dealer,
  key,
  status,
  response,
}: {
  tx: Queryable;
  dealer: string;
  key: string;
  status: number;
  response: unknown;
}): Promise<void> {
  await tx.query('UPDATE idempotency SET status = $3, response = $4::jsonb WHERE dealer = $1 AND key = $2', [dealer, key, status, JSON.stringify(response)]);
}

/** Drops a claim without an answer that an older server left behind, so the key can be claimed. */
export async function dropPendingKey({ tx, dealer, key }: { tx: Queryable; dealer: string; key: string }): Promise<void> {
  await tx.query('DELETE FROM idempotency WHERE dealer = $1 AND key = $2 AND status IS NULL', [dealer, key]);
}

/** Keys claimed without an answer (none, since keys complete in their lead's transaction). */
export async function countPendingKeys({ db }: { db: Queryable }): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency WHERE status IS NULL');
  return rows[0].n;
}
