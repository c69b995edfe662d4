/**
 * Idempotency-Key bookkeeping in the database (so a repeated POST gets the first answer even
 * after a restart). A key is first CLAIMED with a NULL status, then COMPLETED with the answer;
 * a concurrent duplicate waits for the completion instead of creating a second lead.
 */
import type { Database } from './database.ts';

/** What a key holds. */
export type IdempotencyRecord =
  { state: 'missing' } | { state: 'pending'; route: string; ageMs: number } | { state: 'done'; route: string; status: number; response: unknown };

/** Claims `key` for `dealer`; true when this request owns it now. */
export async function claimKey({ db, dealer, key, route }: { db: Database; dealer: string; key: string; route: string }): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO idempotency (key, dealer, route) VALUES ($1, $2, $3) ON CONFLICT (dealer, key) DO NOTHING RETURNING key', [
    key,
    dealer,
    route,
  ]);
  return rows.length === 1;
}

/** Reads a key's state. */
export async function readKey({ db, dealer, key }: { db: Database; dealer: string; key: string }): Promise<IdempotencyRecord> {
  const { rows } = await db.query<{ route: string; status: number | null; response: unknown; age_ms: number }>(
    `SELECT route, status, response, (extract(epoch FROM now() - created_at) * 1000)::int AS age_ms
       FROM idempotency WHERE dealer = $1 AND key = $2`,
    [dealer, key],
  );
  const row = rows[0];
  if (!row) return { state: 'missing' };
  if (row.status === null) return { state: 'pending', route: row.route, ageMs: row.age_ms };
  return { state: 'done', route: row.route, status: row.status, response: row.response };
}

/** Stores the answer of a claimed key. */
export async function completeKey({
  db,
  dealer,
  key,
  status,
  response,
}: {
  db: Database;
  dealer: string;
  key: string;
  status: number;
  response: unknown;
}): Promise<void> {
  await db.query('UPDATE idempotency SET status = $3, response = $4::jsonb WHERE dealer = $1 AND key = $2', [dealer, key, status, JSON.stringify(response)]);
}

/** Gives a claimed key up (the request failed), so the same key can be sent again. */
export async function releaseKey({ db, dealer, key }: { db: Database; dealer: string; key: string }): Promise<void> {
  await db.query('DELETE FROM idempotency WHERE dealer = $1 AND key = $2 AND status IS NULL', [dealer, key]);
}
