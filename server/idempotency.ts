/**
 * Idempotency-Key handling for the lead API: a repeated POST with the same key (per dealer)
 * gets the first successful answer, also after a restart and also when the duplicate arrives
 * while the first is still being handled (a double click sends one lead).
 */
import type { Answer } from './answer.ts';
import { HttpError } from './answer.ts';
import type { Database } from './db/database.ts';
import { claimKey, completeKey, readKey, releaseKey } from './db/idempotencyStore.ts';

/** Longest accepted Idempotency-Key. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** A claim older than this without an answer belongs to a request that died; it may be taken over. */
export const STALE_CLAIM_MS = 60_000;
/** How long a duplicate waits for the first request's answer. */
export const WAIT_FOR_FIRST_MS = 15_000;

/**
 * Runs `handle` once per (dealer, key). Only 2xx answers are kept: a request refused for a bad
 * field may be corrected and sent again with the same key. `key` null/undefined = no idempotency.
 */
export async function withIdempotency({
  db,
  dealer,
  key,
  route,
  handle,
}: {
  db: Database;
  dealer: string;
  key: string | undefined | null;
  route: string;
  handle: () => Promise<Answer>;
}): Promise<Answer> {
  if (key === undefined || key === null) return handle();
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new HttpError({ status: 400, message: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` });
  }
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    if (await claimKey({ db, dealer, key, route })) return runClaimed({ db, dealer, key, handle });
    const record = await readKey({ db, dealer, key });
    if (record.state === 'done') {
      if (record.route !== route) throw reusedKey();
      return { status: record.status, body: record.response };
    }
    if (record.state === 'pending') {
      if (record.route !== route) throw reusedKey();
      if (record.ageMs > STALE_CLAIM_MS) await releaseKey({ db, dealer, key });
      else if (Date.now() > deadline) {
        throw new HttpError({ status: 409, message: 'A request with this Idempotency-Key is still being handled; try again shortly' });
      } else await sleep(25);
    }
    // 'missing': the first request failed and released the key; claim it again.
  }
}

async function runClaimed({ db, dealer, key, handle }: { db: Database; dealer: string; key: string; handle: () => Promise<Answer> }): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await handle();
  } catch (error) {
    await releaseKey({ db, dealer, key }).catch((releaseError: unknown) => {
      throw new AggregateError([error, releaseError], 'The request failed and its Idempotency-Key could not be released');
    });
    throw error;
  }
  if (answer.status >= 200 && answer.status < 300) await completeKey({ db, dealer, key, status: answer.status, response: answer.body });
  else await releaseKey({ db, dealer, key });
  return answer;
}

function reusedKey(): HttpError {
  return new HttpError({ status: 422, message: 'This Idempotency-Key was already used for a different request' });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
