/**
 * Fire-and-forget POSTs the lead API only logs the answer of (SPEC §7 phone reveal, §7 phone call
 * event). Loaded on the first reveal or call click, not with the page: a shopper who never taps
 * a phone number never downloads it.
 */
import type { LeadApiConfig } from '../../ui/islandServices.ts';
import { apiRoot } from './leadBody.ts';

/** POSTs `payload` as JSON to `{apiRoot}{path}` (keepalive, so a call link's navigation does not cancel it). */
export function sendBeacon({
  fetch,
  api,
  path,
  payload,
  what,
}: {
  fetch: typeof globalThis.fetch;
  api: LeadApiConfig;
  path: string;
  payload: unknown;
  what: string;
}): Promise<void> {
  return fetch(`${apiRoot(api)}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
    keepalive: true,
  }).then(
    // SPEC §7/§8: the reveal's answer is only logged; a failure is a console log.
    (response) => console.log(`${what}: ${response.status}`),
    (cause: unknown) => console.log(new Error(`${what} failed`, { cause })),
  );
}
