/**
 * Sends a lead (SPEC §7) and reads the answer: {id} on success, {error, errors} on failure.
 * A network failure or a non-JSON answer is a failure with no server text, so the form shows
 * SPEC §8's 'An error occurred when submitting this form'.
 */
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
}

/** Submits one lead; never throws. */
export async function submitLead({ request, env }: { request: LeadRequest; env: LeadClientEnv }): Promise<LeadResult> {
  const files = request.files ?? [];
  const { method, url } = leadEndpoint({ api: request.api, leadId: request.leadId, hasFiles: files.length > 0 });
  const body = leadBody({
    form: request.form,
    values: request.leadId != null && request.leadId !== '' ? { ...request.values, lead_id: request.leadId } : request.values,
    context: request.context,
    session: env.session(),
    url: env.url(),
    userAgent: env.userAgent,
  });
  const headers: Record<string, string> = { 'Idempotency-Key': request.idempotencyKey, Accept: 'application/json' };
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
  let response: Response;
  try {
    response = await env.fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
  } catch (cause) {
    env.logError(new Error(`Sending the ${request.form} form to ${url} failed`, { cause }));
    return { ok: false, status: null, error: null, errors: {} };
  }
  let answer: { id?: unknown; error?: unknown; errors?: unknown } = {};
  try {
    answer = (await response.json()) as typeof answer;
  } catch (cause) {
    env.logError(new Error(`The lead API answered ${response.status} with no JSON`, { cause }));
  }
  if (response.ok && answer && (typeof answer.id === 'number' || typeof answer.id === 'string')) return { ok: true, id: answer.id };
  if (response.ok && answer && !('error' in answer)) return { ok: true, id: null };
  const errors: Record<string, string> = {};
  if (answer && answer.errors && typeof answer.errors === 'object') {
    for (const [k, v] of Object.entries(answer.errors as Record<string, unknown>)) if (typeof v === 'string') errors[k] = v;
  }
  return { ok: false, status: response.status, error: typeof answer?.error === 'string' ? answer.error : null, errors };
}
