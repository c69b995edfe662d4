/**
 * The reserve flow's code that is not needed to show the page: its API calls, outcome texts,
 * the draft refill and the once-per-details lead submission. Loaded when a lead is sent or a
 * payment returns.
 */
export { ERROR_MESSAGES } from '../../domain/formMessages.ts';
export { callApi } from './moneyApi.ts';
export { fillControls } from './fillControls.ts';
export { clearDraft } from './draft.ts';
import { readDraft, writeDraft } from './draft.ts';
import type { IslandServices, LeadResult } from '../islandServices.ts';

function print(values: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(values)
      .sort()
      .map((k) => [k, values[k]]),
  );
}

/**
 * Sends the reserve lead once per set of details: unchanged details after a failed or abandoned
 * payment reuse the lead already stored (its id is in the draft) instead of sending another.
 */
export async function submitOnce({
  submit,
  key,
  request,
}: {
  submit: IslandServices['submitLead'];
  key: string;
  request: Parameters<IslandServices['submitLead']>[0];
}): Promise<LeadResult> {
  const draft = readDraft(key);
  const fingerprint = print(request.values);
  if (draft?.leadId != null && draft.leadPrint === fingerprint) {
    return { ok: true, id: draft.leadId as string | number, token: typeof draft.leadToken === 'string' ? draft.leadToken : null };
  }
  const result = await submit(request);
  // The lead's update token stays in this tab's sessionStorage with its id: the reservation must carry it.
  if (result.ok && result.id != null) writeDraft(key, { leadId: result.id, leadToken: result.token ?? null, leadPrint: fingerprint });
  return result;
}

/** Texts of the reserve flow. */
export const RESERVE_TEXT = {
  failed: 'Your payment did not go through, so the car is not reserved yet. Your details are still here: check them and try again.',
  cancelled: 'You cancelled the payment, so the car is not reserved yet. Your details are still here whenever you are ready.',
  taken: 'Sorry, this car has already been reserved.',
  paid: (depositText: string, carName: string) =>
    `Thank you. Your deposit of ${depositText} has been received and the ${carName} is reserved for you. We will call you shortly to arrange the next steps.`,
  starting: 'Taking you to the secure payment page…',
  confirming: 'Thank you. We are confirming your payment with the payment provider. This usually takes a few seconds: please do not pay again.',
  stillConfirming:
    'Your payment is still being confirmed. Please do not pay again: this page shows the reservation as soon as the confirmation arrives, and we will be in touch either way.',
} as const;

/** How often, and how many times, a return from the payment page asks whether the payment was confirmed. */
export const CONFIRM_POLL = { intervalMs: 2000, tries: 15 } as const;

/**
 * The reservation's status after the shopper came back from the payment page: the provider's
 * confirmation (a webhook) may arrive after the shopper does, so a pending reservation is asked
 * about again every `intervalMs`, `tries` times in all; `onPending` is told the first time it is
 * still pending. Answers the last status seen ('pending' when it never settled, null when the
 * reservation could not be read at all).
 */
export async function confirmPayment({
  ask,
  onPending,
  intervalMs = CONFIRM_POLL.intervalMs,
  tries = CONFIRM_POLL.tries,
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}: {
  /** Reads the reservation's status (null when the request failed). */
  ask: () => Promise<string | null>;
  onPending: () => void;
  intervalMs?: number;
  tries?: number;
  wait?: (ms: number) => Promise<void>;
}): Promise<string | null> {
  let last: string | null = null;
  for (let attempt = 1; attempt <= tries; attempt++) {
    const status = await ask();
    // A failed request (offline for a moment, rate limited) is asked again like a pending one.
    if (status !== null) last = status;
    if (last !== null && last !== 'pending') return last;
    if (attempt === 1) onPending();
    if (attempt < tries) await wait(intervalMs);
  }
  return last;
}
