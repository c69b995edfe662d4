import { describe, expect, it } from 'vitest';
import { confirmPayment } from './reserveText.ts';

/** Runs confirmPayment over a list of answers, without waiting; returns its result, the waits and the pending calls. */
async function run({ answers, tries = 4 }: { answers: (string | null)[]; tries?: number }) {
  let asked = 0;
  let pending = 0;
  const waits: number[] = [];
  const result = await confirmPayment({
    ask: async () => answers[Math.min(asked++, answers.length - 1)],
    onPending: () => (pending += 1),
    intervalMs: 2000,
    tries,
    wait: async (ms) => void waits.push(ms),
  });
  return { result, asked, pending, waits };
}

describe('confirmPayment', () => {
  it.each([
    { case: 'paid at once: no waiting, never pending', answers: ['paid'], result: 'paid', asked: 1, pending: 0 },
    { case: 'confirmed on the third ask', answers: ['pending', 'pending', 'paid'], result: 'paid', asked: 3, pending: 1 },
    { case: 'confirmed on the last ask', answers: ['pending', 'pending', 'pending', 'paid'], result: 'paid', asked: 4, pending: 1 },
    { case: 'never confirmed within the tries', answers: ['pending'], result: 'pending', asked: 4, pending: 1 },
    { case: 'the payment failed', answers: ['pending', 'failed'], result: 'failed', asked: 2, pending: 1 },
    { case: 'a failed request is asked again', answers: [null, 'paid'], result: 'paid', asked: 2, pending: 1 },
    { case: 'no answer at all', answers: [null], result: null, asked: 4, pending: 1 },
    { case: 'a failed request after pending keeps pending', answers: ['pending', null], result: 'pending', asked: 4, pending: 1 },
  ])('$case', async ({ answers, result, asked, pending }) => {
    const outcome = await run({ answers });
    expect(outcome.result).toBe(result);
    expect(outcome.asked).toBe(asked);
    expect(outcome.pending).toBe(pending);
    // It waits between asks, never after the last one.
    expect(outcome.waits).toEqual(Array(asked - 1).fill(2000));
  });
});
