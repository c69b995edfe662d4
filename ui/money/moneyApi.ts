/**
 * The money flows' calls to the dealer API (SPEC §7 valuations, rego lookup, miscellaneous, Car
 * Clarity; issue 6 reservations). Each returns a value, never throws: {ok, data} or {ok: false,
 * error} with the server's text when it sent one, so a flow can show why and keep what was typed.
 */
import type { LeadApiConfig } from '../islandServices.ts';
import { moneyApiRoot } from './apiRoot.ts';

export { moneyApiRoot, reservationUrl } from './apiRoot.ts';

/** An API answer. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number | null; error: string | null; errors: Record<string, string> };

/** The transport (window.fetch in the browser; a fake in tests). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Sends one JSON request to `{apiRoot}{path}`. */
export async function callApi<T>({
  api,
  path,
  method = 'GET',
  body,
  idempotencyKey,
  fetch: send = (input, init) => globalThis.fetch(input, init),
}: {
  api: LeadApiConfig;
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  idempotencyKey?: string;
  fetch?: Fetch;
}): Promise<ApiResult<T>> {
  const url = `${moneyApiRoot(api)}${path}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let response: Response;
  try {
    response = await send(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch (cause) {
    console.error(new Error(`${method} ${url} failed`, { cause }));
    return { ok: false, status: null, error: null, errors: {} };
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch (cause) {
    console.error(new Error(`${method} ${url} answered ${response.status} with no JSON`, { cause }));
  }
  if (response.ok && answer !== null) return { ok: true, status: response.status, data: answer as T };
  const record = (answer ?? {}) as { error?: unknown; errors?: unknown };
  const errors: Record<string, string> = {};
  if (record.errors && typeof record.errors === 'object') {
    for (const [k, v] of Object.entries(record.errors as Record<string, unknown>)) if (typeof v === 'string') errors[k] = v;
  }
  return { ok: false, status: response.status, error: typeof record.error === 'string' ? record.error : null, errors };
}
