/**
 * HeaderMenu state as a pure reducer (SPEC §4 Dropdowns and menus): one dropdown open at a time,
 * the header marked `dropdown-open` while one is, the mobile menu toggles, and with a drawer the
 * body is marked `modal-open` while the menu is open. Pure so it is tested without a DOM.
 */

/** Menu state. `open` is the index of the open dropdown (or drawer section), null when none. */
export interface HeaderMenuState {
  open: number | null;
  mobileOpen: boolean;
  /** The mobile menu is a drawer (site.features.mobile_drawer). */
  drawer: boolean;
}

/** Things that happen to the menu. */
export type HeaderMenuAction =
  | { type: 'toggle'; index: number }
  | { type: 'open'; index: number }
  /** Close the given dropdown if it is the open one (focus left it). */
  | { type: 'close'; index: number }
  | { type: 'escape' }
  | { type: 'outside' }
  | { type: 'toggleMobile' }
  | { type: 'navigate' };

/** Where focus returns after Escape: the open dropdown's toggle, the burger, or nowhere. */
export type FocusTarget = { kind: 'toggle'; index: number } | { kind: 'burger' } | null;

/** The closed menu. */
export function initialMenuState({ drawer }: { drawer: boolean }): HeaderMenuState {
  return { open: null, mobileOpen: false, drawer };
}

/** Next state for an action. */
export function headerMenuReducer(state: HeaderMenuState, action: HeaderMenuAction): HeaderMenuState {
  switch (action.type) {
    case 'toggle':
      return { ...state, open: state.open === action.index ? null : action.index };
    case 'open':
      return state.open === action.index ? state : { ...state, open: action.index };
    case 'close':
      return state.open === action.index ? { ...state, open: null } : state;
    case 'escape':
      // Escape closes the innermost thing first: an open dropdown, then the mobile menu.
      if (state.open !== null) return { ...state, open: null };
      if (state.mobileOpen) return { ...state, mobileOpen: false };
      return state;
    case 'outside':
    case 'navigate':
      return state.open === null && !state.mobileOpen ? state : { ...state, open: null, mobileOpen: false };
    case 'toggleMobile':
      return state.mobileOpen ? { ...state, mobileOpen: false, open: null } : { ...state, mobileOpen: true };
  }
}

/** Where Escape in `state` sends focus (computed before the reducer runs). */
export function escapeFocusTarget(state: HeaderMenuState): FocusTarget {
  if (state.open !== null) return { kind: 'toggle', index: state.open };
  if (state.mobileOpen) return { kind: 'burger' };
  return null;
}

/** The header element gets `dropdown-open` while a desktop dropdown is open. */
export function headerDropdownOpen(state: HeaderMenuState): boolean {
  return state.open !== null && !state.mobileOpen;
}

/** The body gets `modal-open` while the drawer is open. */
export function bodyModalOpen(state: HeaderMenuState): boolean {
  return state.drawer && state.mobileOpen;
}

/**
 * Roving focus for arrow keys in a list of `count` items: Down/Right next, Up/Left previous (both
 * wrapping), Home first, End last. Null for any other key, so the browser keeps it (Tab stays native).
 */
export function moveFocus({ index, count, key }: { index: number; count: number; key: string }): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return index < 0 ? 0 : (index + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return index < 0 ? count - 1 : (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
