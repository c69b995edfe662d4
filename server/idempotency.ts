/**
 * Idempotency-Key handling for the lead API (IETF draft "The Idempotency-Key HTTP Header
 * Field"): a repeated POST with the same key (per dealer) and the same body gets the first
 * successful answer, also after a restart and also when the duplicate arrives while the first
 * is still being handled (a double click sends one lead). The same key with another body or on
 * another route is refused with 422.
 *
 * The key is claimed and completed in the transaction that stores the lead it answers, so there
 * is never a stored lead whose key is still open: a crash before COMMIT leaves neither, and the
 * retry stores the lead once.
 */
import { createHash } from 'node:crypto';
import type { Answer } from './answer.ts';
import { HttpError } from './answer.ts';
import type { Database, Queryable } from './db/database.ts';
import { claimKey, completeKey, dropPendingKey, readKey } from './db/idempotencyStore.ts';

/** Longest accepted Idempotency-Key. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** The key was used before for another request (another body or another route). */
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/** SHA-256 (hex) of a request body's canonical text: what a key is bound to. */
export function requestHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whether (dealer, key) already holds a finished answer (a repeat of it is a replay). */
export async function isFinishedKey({ db, dealer, key }: { db: Queryable; dealer: string; key: string }): Promise<boolean> {
  return (await readKey({ tx: db, dealer, key })).state === 'done';
}

/** An answer that must not be kept: the transaction rolls back and the answer is still sent. */
class RollBack extends Error {
  constructor(readonly answer: Answer) {
    super('roll back');
  }
}

/**
 * Runs `handle` in one transaction, once per (dealer, key) when a key is given. Only 2xx
 * answers are kept (and only then is anything `handle` wrote committed): a request refused for
 * a bad field may be corrected and sent again with the same key.
 */
export async function withIdempotency({
  db,
  dealer,
  key,
  route,
  hash,
  handle,
}: {
  db: Database;
  dealer: string;
  /** The Idempotency-Key header; undefined = no idempotency. */
  key: string | undefined;
  route: string;
  /** {@link requestHash} of the request's body. */
  hash: string;
  /** Computes the answer, writing only through `tx`. */
  handle: (tx: Queryable) => Promise<Answer>;
}): Promise<Answer> {
  if (key !== undefined && (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
    throw new HttpError({ status: 400, message: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` });
  }
  try {
    return await db.transaction(async (tx) => {
      if (key !== undefined) {
        const replay = await claimOrReplay({ tx, dealer, key, route, hash });
        if (replay) throw new RollBack(replay);
      }
      const answer = await handle(tx);
      if (answer.status < 200 || answer.status >= 300) throw new RollBack(answer);
      if (key !== undefined) await completeKey({ tx, dealer, key, status: answer.status, response: answer.body });
      return answer;
    });
  } catch (error) {
    if (error instanceof RollBack) return error.answer;
    throw error;
  }
}

/** Claims the key (null), or returns the answer it already holds; throws 422 when it was used for another request. */
async function claimOrReplay({
  tx,
  dealer,
  key,
  route,
  hash,
}: {
  tx: Queryable;
  dealer: string;
  key: string;
  route: string;
  hash: string;
}): Promise<Answer | null> {
  // A claim waits here while another transaction holds the same key, then sees its outcome.
  if (await claimKey({ tx, dealer, key, route, requestHash: hash })) return null;
  const record = await readKey({ tx, dealer, key });
  if (record.state === 'done') {
    if (record.route !== route || (record.requestHash !== null && record.requestHash !== hash)) throw new HttpError({ status: 422, message: KEY_REUSED });
    return { status: record.status, body: record.response };
  }
  // Missing (its transaction rolled back after our claim was refused) or pending (left by an
  // older server): claim it afresh.
  await dropPendingKey({ tx, dealer, key });
  if (await claimKey({ tx, dealer, key, route, requestHash: hash })) return null;
  throw new HttpError({ status: 409, message: 'A request with this Idempotency-Key is being handled; try again shortly' });
}
