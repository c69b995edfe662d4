/**
 * Multi-step form state (SPEC §4 "Multi-step form"): a pure reducer the form island drives,
 * plus the lead fields each save and the final submit send.
 */

/** A skip from one step to a later one. */
export interface SkipRecord {
  from: number;
  to: number;
}

/** The whole state of a multi-step form. Steps are indexed from 0. */
export interface MultiStepState {
  index: number;
  count: number;
  complete: boolean;
  submitting: boolean;
  error: string | null;
  skips: SkipRecord[];
  /** Set by the first save; later saves update this lead. */
  leadId: string | number | null;
  /** Steps already saved as an incomplete lead. */
  savedSteps: number[];
}

/** What the island dispatches. */
export type MultiStepAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'skip'; to: number }
  | { type: 'submit' }
  | { type: 'saved'; leadId?: string | number | null; to?: number }
  | { type: 'error'; message: string }
  | { type: 'complete' };

/** A fresh form at step 0. */
export function initialState({ count }: { count: number }): MultiStepState {
  const steps = Number.isSafeInteger(count) && count > 0 ? count : 1;
  return { index: 0, count: steps, complete: false, submitting: false, error: null, skips: [], leadId: null, savedSteps: [] };
}

function clampIndex(state: MultiStepState, index: number): number {
  return Math.max(0, Math.min(state.count - 1, Math.trunc(Number.isFinite(index) ? index : state.index)));
}

/** Moving forward: index + 1, error cleared, skip records starting inside the passed range dropped. */
function advance(state: MultiStepState): MultiStepState {
  const to = clampIndex(state, state.index + 1);
  const skips = state.skips.filter((s) => !(s.from >= state.index && s.from < to));
  return { ...state, index: to, error: null, submitting: false, skips };
}

/**
 * SPEC §4 transitions:
 * - next: index + 1, error cleared, skip records whose `from` lies in the passed range dropped
 *   (the shopper has now walked through the step they once skipped from);
 * - back: to the step this one was skipped from (that record removed), else the previous step;
 * - skip: records { from, to } and jumps to `to`;
 * - saved: keeps the first lead id, marks the step saved, and advances (or, given a later `to`,
 *   skips there: the step saved is the one skipped from);
 * - submit / error / complete: the final submit's progress; complete makes progress 100.
 */
export function reducer(state: MultiStepState, action: MultiStepAction): MultiStepState {
  switch (action.type) {
    case 'next':
      return advance(state);
    case 'back': {
      const record = [...state.skips].reverse().find((s) => s.to === state.index);
      if (record) return { ...state, index: record.from, error: null, skips: state.skips.filter((s) => s !== record) };
      return { ...state, index: clampIndex(state, state.index - 1), error: null };
    }
    case 'skip': {
      const to = clampIndex(state, action.to);
      if (to <= state.index) return state;
      const skips = [...state.skips.filter((s) => s.from !== state.index), { from: state.index, to }];
      return { ...state, index: to, error: null, skips };
    }
    case 'saved': {
      const leadId = state.leadId ?? action.leadId ?? null;
      const savedSteps = state.savedSteps.includes(state.index) ? state.savedSteps : [...state.savedSteps, state.index];
      const saved = { ...state, leadId, savedSteps, submitting: false };
      return action.to !== undefined && action.to > state.index + 1 ? reducer(saved, { type: 'skip', to: action.to }) : advance(saved);
    }
    case 'submit':
      return { ...state, submitting: true, error: null };
    case 'error':
      return { ...state, submitting: false, error: action.message };
    case 'complete':
      return { ...state, submitting: false, complete: true, error: null };
    default:
      return state;
  }
}

/** round(index / count × 100), 100 once complete. */
export function progressPercent(state: Pick<MultiStepState, 'index' | 'count' | 'complete'>): number {
  if (state.complete) return 100;
  return state.count > 0 ? Math.round((state.index / state.count) * 100) : 0;
}

/** 'Step X of Y' (SPEC §2 multi-step form shell). */
export function stepLabel(state: Pick<MultiStepState, 'index' | 'count'>): string {
  return `Step ${state.index + 1} of ${state.count}`;
}

/** True on the final step, whose submit sends isLastStep. */
export function isLastStep(state: Pick<MultiStepState, 'index' | 'count'>): boolean {
  return state.index >= state.count - 1;
}

/**
 * What saving the current step does: 'create' the lead (first save), 'update' it (later
 * saves), or just 'advance' when this step was already saved.
 */
export function saveMode(state: Pick<MultiStepState, 'index' | 'leadId' | 'savedSteps'>): 'create' | 'update' | 'advance' {
  if (state.savedSteps.includes(state.index)) return 'advance';
  return state.leadId == null ? 'create' : 'update';
}

/** Lead fields of an incomplete save: lead_status Incomplete, form_completed false. */
export function incompleteLeadFields(state: MultiStepState): {
  lead_status: 'Incomplete';
  form_completed: false;
  step_number: number;
  skipped_steps: SkipRecord[];
  lead_id?: string | number;
} {
  const fields = { lead_status: 'Incomplete' as const, form_completed: false as const, step_number: state.index, skipped_steps: state.skips };
  return state.leadId == null ? fields : { ...fields, lead_id: state.leadId };
}

/** Lead fields of the final submit: isLastStep and form_completed true. */
export function finalSubmitFields(state: MultiStepState): {
  isLastStep: true;
  form_completed: true;
  step_number: number;
  skipped_steps: SkipRecord[];
  lead_id?: string | number;
} {
  const fields = { isLastStep: true as const, form_completed: true as const, step_number: state.index, skipped_steps: state.skips };
  return state.leadId == null ? fields : { ...fields, lead_id: state.leadId };
}
