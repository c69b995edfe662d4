/**
 * One request to the lead API that gives up after a timeout (domain/leadApi.ts
 * LEAD_REQUEST_TIMEOUT_MS): the answer (status and body text, read within the same time), the
 * network failure, or a timeout. Shared by the lead client and the money flows' calls.
 */
import { LEAD_REQUEST_TIMEOUT_MS } from '../domain/leadApi.ts';

/** How one request ended. */
export type Sent =
  { kind: 'answered'; status: number; ok: boolean; text: string } | { kind: 'failed'; cause: unknown } | { kind: 'timed-out'; timeoutMs: number };

/** Sends `init` to `url`; never throws. */
export async function fetchWithTimeout({
  fetch: send,
  url,
  init,
  timeoutMs = LEAD_REQUEST_TIMEOUT_MS,
}: {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  url: string;
  init: RequestInit;
  timeoutMs?: number;
}): Promise<Sent> {
  const controller = new AbortController();
  let timedOut = false;
  // setTimeout rather than AbortSignal.timeout, so a test's fake clock can move it.
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await send(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { kind: 'answered', status: response.status, ok: response.ok, text };
  } catch (cause) {
    return timedOut ? { kind: 'timed-out', timeoutMs } : { kind: 'failed', cause };
  } finally {
    clearTimeout(timer);
  }
}

/** The JSON of an answer's text, or undefined when it is not JSON. */
export function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
