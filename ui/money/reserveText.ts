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
} as const;
