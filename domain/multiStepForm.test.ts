import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  finalSubmitFields,
  incompleteLeadFields,
  initialState,
  isLastStep,
  progressPercent,
  reducer,
  saveMode,
  stepLabel,
  type MultiStepAction,
  type MultiStepState,
} from './multiStepForm.ts';

const run = (state: MultiStepState, ...actions: MultiStepAction[]) => actions.reduce(reducer, state);

describe('progress', () => {
  it.each([
    [0, 3, false, 0],
    [1, 3, false, 33],
    [2, 3, false, 67],
    [1, 2, false, 50],
    [0, 3, true, 100],
  ])('step %s of %s (complete %s) -> %s%%', (index, count, complete, percent) => {
    expect(progressPercent({ index, count, complete })).toBe(percent);
  });

  it('labels and last step', () => {
    const s = initialState({ count: 2 });
    expect(stepLabel(s)).toBe('Step 1 of 2');
    expect(isLastStep(s)).toBe(false);
    expect(isLastStep(reducer(s, { type: 'next' }))).toBe(true);
    expect(initialState({ count: 0 }).count).toBe(1);
    expect(progressPercent({ index: 0, count: 0, complete: false })).toBe(0);
  });
});

describe('transitions (SPEC §4)', () => {
  const start = initialState({ count: 6 });

  it('next increases the index and clears the error; clamps at the last step', () => {
    const s = run(start, { type: 'error', message: 'boom' }, { type: 'next' });
    expect(s.index).toBe(1);
    expect(s.error).toBeNull();
    expect(run(start, ...Array(10).fill({ type: 'next' })).index).toBe(5);
  });

  it('skip records from and to, back returns to the step skipped from', () => {
    const skipped = run(start, { type: 'next' }, { type: 'skip', to: 4 });
    expect(skipped.index).toBe(4);
    expect(skipped.skips).toEqual([{ from: 1, to: 4 }]);
    const back = reducer(skipped, { type: 'back' });
    expect(back.index).toBe(1);
    expect(back.skips).toEqual([]);
    expect(reducer(back, { type: 'back' }).index).toBe(0);
    expect(reducer(start, { type: 'back' }).index).toBe(0);
  });

  it('next drops skip records inside the passed range and keeps the others', () => {
    const s: MultiStepState = {
      ...start,
      index: 2,
      skips: [
        { from: 0, to: 2 },
        { from: 2, to: 4 },
        { from: 3, to: 5 },
      ],
    };
    expect(reducer(s, { type: 'next' }).skips).toEqual([
      { from: 0, to: 2 },
      { from: 3, to: 5 },
    ]);
  });

  it('skip backwards or to the same step does nothing; a new skip from a step replaces the old', () => {
    const s = run(start, { type: 'next' }, { type: 'next' });
    expect(reducer(s, { type: 'skip', to: 1 })).toBe(s);
    const twice: MultiStepState = { ...s, skips: [{ from: 2, to: 3 }] };
    expect(reducer(twice, { type: 'skip', to: 5 }).skips).toEqual([{ from: 2, to: 5 }]);
  });

  it('first save creates and keeps the lead id, later saves update, a saved step just advances', () => {
    expect(saveMode(start)).toBe('create');
    const saved = reducer(start, { type: 'saved', leadId: 'L1' });
    expect(saved).toMatchObject({ index: 1, leadId: 'L1', savedSteps: [0] });
    expect(saveMode(saved)).toBe('update');
    const again = reducer(saved, { type: 'saved', leadId: 'L2' });
    expect(again.leadId).toBe('L1');
    const backAtZero = run(again, { type: 'back' }, { type: 'back' });
    expect(saveMode(backAtZero)).toBe('advance');
    expect(reducer(backAtZero, { type: 'saved' }).savedSteps).toEqual([0, 1]);
    expect(incompleteLeadFields(saved)).toEqual({ lead_status: 'Incomplete', form_completed: false, step_number: 1, skipped_steps: [], lead_id: 'L1' });
    expect(incompleteLeadFields(start)).toEqual({ lead_status: 'Incomplete', form_completed: false, step_number: 0, skipped_steps: [] });
    expect(reducer(start, { type: 'saved' }).leadId).toBeNull();
  });

  it('a save that skips: the step saved is the one skipped from, back returns to it, a skip to the next step is a plain advance', () => {
    const three = initialState({ count: 3 });
    const skipped = reducer(three, { type: 'saved', leadId: 'L1', to: 2 });
    expect(skipped).toMatchObject({ index: 2, leadId: 'L1', savedSteps: [0], skips: [{ from: 0, to: 2 }] });
    expect(finalSubmitFields(skipped).skipped_steps).toEqual([{ from: 0, to: 2 }]);
    const back = reducer(skipped, { type: 'back' });
    expect(back).toMatchObject({ index: 0, skips: [] });
    expect(reducer(three, { type: 'saved', leadId: 'L1', to: 1 })).toMatchObject({ index: 1, skips: [] });
  });

  it('final submit sends isLastStep; complete makes progress 100; an error is kept', () => {
    const last = run(start, ...Array(5).fill({ type: 'next' }), { type: 'saved', leadId: 9 });
    expect(finalSubmitFields(last)).toEqual({ isLastStep: true, form_completed: true, step_number: 5, skipped_steps: [], lead_id: 9 });
    expect(finalSubmitFields(start)).not.toHaveProperty('lead_id');
    const submitting = reducer(last, { type: 'submit' });
    expect(submitting.submitting).toBe(true);
    const failed = reducer(submitting, { type: 'error', message: 'Server down' });
    expect(failed).toMatchObject({ submitting: false, error: 'Server down' });
    const done = reducer(failed, { type: 'complete' });
    expect(progressPercent(done)).toBe(100);
    expect(reducer(done, { type: 'unknown' } as unknown as MultiStepAction)).toBe(done);
  });

  it('stays within bounds for any action sequence', () => {
    const action = fc.oneof(
      fc.constant<MultiStepAction>({ type: 'next' }),
      fc.constant<MultiStepAction>({ type: 'back' }),
      fc.integer({ min: -5, max: 20 }).map((to): MultiStepAction => ({ type: 'skip', to })),
      fc.constant<MultiStepAction>({ type: 'saved', leadId: 1 }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(action, { maxLength: 30 }), (count, actions) => {
        const s = run(initialState({ count }), ...actions);
        expect(s.index).toBeGreaterThanOrEqual(0);
        expect(s.index).toBeLessThan(count);
        expect(progressPercent(s)).toBeLessThanOrEqual(100);
      }),
    );
  });
});
