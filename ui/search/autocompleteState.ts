/**
 * Keyboard state of the header autocomplete (ARIA combobox pattern with a listbox popup): which
 * option is active and whether the list is open. Pure, so every key is tested without a DOM.
 */

/** Open flag, active option (-1 = none) and how many options there are. */
export interface ComboState {
  open: boolean;
  active: number;
  count: number;
}

/** What can happen to the combobox. */
export type ComboAction =
  { type: 'results'; count: number } | { type: 'down' } | { type: 'up' } | { type: 'escape' } | { type: 'close' } | { type: 'hover'; index: number };

/** Closed, nothing active, no options. */
export const CLOSED: ComboState = { open: false, active: -1, count: 0 };

/**
 * The next state. Down/Up open a closed list that has options and wrap around an open one;
 * Escape closes (the component clears the box when Escape comes with the list already closed).
 */
export function comboReducer(state: ComboState, action: ComboAction): ComboState {
  switch (action.type) {
    case 'results':
      return { open: action.count > 0, active: -1, count: action.count };
    case 'down':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: 0 };
      return { ...state, active: (state.active + 1) % state.count };
    case 'up':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: state.count - 1 };
      return { ...state, active: state.active <= 0 ? state.count - 1 : state.active - 1 };
    case 'hover':
      return action.index >= 0 && action.index < state.count ? { ...state, active: action.index } : state;
    case 'escape':
    case 'close':
      return { ...state, open: false, active: -1 };
  }
}
