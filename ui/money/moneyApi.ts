/**
 * The money flows' calls to the dealer API (SPEC §7 valuations, rego lookup, miscellaneous, Car
 * Clarity; reservations). Each returns a value, never throws: {ok, data} or {ok: false,
 * error} with the server's text when it sent one, so a flow can show why and keep what was typed.
 */
import { UPDATE_TOKEN_HEADER } from '../../domain/leadApi.ts';
import { TIMEOUT_MESSAGE } from '../../domain/formMessages.ts';
import { fetchWithTimeout, parseAnswer } from '../fetchWithTimeout.ts';
import type { LeadApiConfig } from '../islandServices.ts';
import { moneyApiRoot } from './apiRoot.ts';

/** An API answer. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number | null; error: string | null; errors: Record<string, string> };

/** The transport (window.fetch in the browser; a fake in tests). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Sends one JSON request to `{apiRoot}{path}`; gives up after `timeoutMs` with the timeout text. */
export async function callApi<T>({
  api,
  path,
  method = 'GET',
  body,
  idempotencyKey,
  updateToken,
  timeoutMs,
  fetch: send = (input, init) => globalThis.fetch(input, init),
}: {
  api: LeadApiConfig;
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  idempotencyKey?: string;
  /** The update token of the record this request is about (a valuation, the lead of a reservation). */
  updateToken?: string | null;
  timeoutMs?: number;
  fetch?: Fetch;
}): Promise<ApiResult<T>> {
  const url = `${moneyApiRoot(api)}${path}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (updateToken) headers[UPDATE_TOKEN_HEADER] = updateToken;
  const sent = await fetchWithTimeout({
    fetch: send,
    url,
    init: { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' },
    timeoutMs,
  });
  if (sent.kind === 'timed-out') {
    console.error(new Error(`${method} ${url} did not answer within ${sent.timeoutMs} ms`));
    return { ok: false, status: null, error: TIMEOUT_MESSAGE, errors: {} };
  }
  if (sent.kind === 'failed') {
    console.error(new Error(`${method} ${url} failed`, { cause: sent.cause }));
    return { ok: false, status: null, error: null, errors: {} };
  }
  const answer = parseAnswer(sent.text) ?? null;
  if (answer === null) console.error(new Error(`${method} ${url} answered ${sent.status} with no JSON`));
  if (sent.ok && answer !== null) return { ok: true, status: sent.status, data: answer as T };
  const record = (answer ?? {}) as { error?: unknown; errors?: unknown };
  const errors: Record<string, string> = {};
  if (record.errors && typeof record.errors === 'object') {
    for (const [k, v] of Object.entries(record.errors as Record<string, unknown>)) if (typeof v === 'string') errors[k] = v;
  }
  return { ok: false, status: sent.status, error: typeof record.error === 'string' ? record.error : null, errors };
}
