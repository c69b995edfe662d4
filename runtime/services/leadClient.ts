/**
 * Sends a lead (SPEC §7) and reads the answer: `lead_id`, else `id`, and the update token on
 * success (domain/leadApi.ts readCreatedAnswer, the one reader); {error, errors} on failure.
 * A network failure or a non-JSON answer is a failure with no server text, so the form shows
 * SPEC §8's 'An error occurred when submitting this form'. A server that does not answer within
 * the timeout is a failure with the timeout text: the form keeps every field and sending again
 * reuses the Idempotency-Key, so a lead that did arrive is not stored twice.
 */
import { readCreatedAnswer, UPDATE_TOKEN_HEADER } from '../../domain/leadApi.ts';
import { TIMEOUT_MESSAGE } from '../../domain/formMessages.ts';
import { fetchWithTimeout, parseAnswer } from '../../ui/fetchWithTimeout.ts';
import type { LeadRequest, LeadResult } from '../../ui/islandServices.ts';
import { leadBody, leadEndpoint } from './leadBody.ts';
import type { VisitSession } from './sessionTracking.ts';

/** What the client needs from the page. */
export interface LeadClientEnv {
  fetch: typeof fetch;
  session: () => VisitSession;
  url: () => string;
  userAgent: string;
  /** Where failures are reported (console.error in the browser). */
  logError: (error: Error) => void;
  /** How long to wait for an answer; default domain/leadApi.ts LEAD_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Submits one lead; never throws. */
export async function submitLead({ request, env }: { request: LeadRequest; env: LeadClientEnv }): Promise<LeadResult> {
  const files = request.files ?? [];
  const updating = request.leadId != null && request.leadId !== '';
  const { method, url } = leadEndpoint({ api: request.api, leadId: request.leadId, hasFiles: files.length > 0 });
  const body = leadBody({
    form: request.form,
    values: updating ? { ...request.values, lead_id: request.leadId } : request.values,
    context: request.context,
    session: env.session(),
    url: env.url(),
    userAgent: env.userAgent,
  });
  const headers: Record<string, string> = { 'Idempotency-Key': request.idempotencyKey, Accept: 'application/json' };
  if (updating && method === 'PUT' && request.updateToken) headers[UPDATE_TOKEN_HEADER] = request.updateToken;
  let payload: BodyInit;
  if (files.length > 0) {
    const data = new FormData();
    data.append('lead', JSON.stringify(body));
    for (const { field, file, name } of files) data.append(field, file, name);
    payload = data;
  } else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const sent = await fetchWithTimeout({
    fetch: env.fetch,
    url,
    init: { method, headers, body: payload, credentials: 'same-origin' },
    timeoutMs: env.timeoutMs,
  });
  if (sent.kind === 'timed-out') {
    env.logError(new Error(`The lead API did not answer the ${request.form} form within ${sent.timeoutMs} ms`));
    return { ok: false, status: null, error: TIMEOUT_MESSAGE, errors: {}, timedOut: true };
  }
  if (sent.kind === 'failed') {
    env.logError(new Error(`Sending the ${request.form} form to ${url} failed`, { cause: sent.cause }));
    return { ok: false, status: null, error: null, errors: {} };
  }
  const answer = parseAnswer(sent.text);
  if (answer === undefined) env.logError(new Error(`The lead API answered ${sent.status} with no JSON`));
  const created = readCreatedAnswer(answer);
  if (sent.ok && created.id !== null) return { ok: true, id: created.id, token: created.token };
  const record = (typeof answer === 'object' && answer !== null ? answer : {}) as { error?: unknown; errors?: unknown };
  if (sent.ok && !('error' in record)) return { ok: true, id: null };
  const errors: Record<string, string> = {};
  if (record.errors && typeof record.errors === 'object') {
    for (const [k, v] of Object.entries(record.errors as Record<string, unknown>)) if (typeof v === 'string') errors[k] = v;
  }
  return { ok: false, status: sent.status, error: created.error, errors };
}
