import { describe, expect, it } from 'vitest';
import {
  bodyModalOpen,
  escapeFocusTarget,
  headerDropdownOpen,
  headerMenuReducer,
  initialMenuState,
  moveFocus,
  type HeaderMenuAction,
  type HeaderMenuState,
} from './headerMenuState.ts';

const run = (state: HeaderMenuState, ...actions: HeaderMenuAction[]) => actions.reduce(headerMenuReducer, state);
const closed = initialMenuState({ drawer: false });
const drawer = initialMenuState({ drawer: true });

describe('headerMenuReducer (SPEC §4 Dropdowns and menus)', () => {
  it('starts closed', () => {
    expect(closed).toEqual({ open: null, mobileOpen: false, drawer: false });
    expect(headerDropdownOpen(closed)).toBe(false);
    expect(bodyModalOpen(drawer)).toBe(false);
  });

  it('keeps one dropdown open at a time', () => {
    const first = run(closed, { type: 'toggle', index: 1 });
    expect(first.open).toBe(1);
    const second = run(first, { type: 'toggle', index: 3 });
    expect(second.open).toBe(3);
    expect(run(second, { type: 'toggle', index: 3 }).open).toBeNull();
  });

  it('marks the header dropdown-open only while a dropdown is open', () => {
    expect(headerDropdownOpen(run(closed, { type: 'toggle', index: 0 }))).toBe(true);
    expect(headerDropdownOpen(run(closed, { type: 'toggle', index: 0 }, { type: 'toggle', index: 0 }))).toBe(false);
  });

  it('open is idempotent and close only closes the named dropdown', () => {
    const open = run(closed, { type: 'open', index: 2 });
    expect(run(open, { type: 'open', index: 2 })).toBe(open);
    expect(run(open, { type: 'close', index: 1 }).open).toBe(2);
    expect(run(open, { type: 'close', index: 2 }).open).toBeNull();
  });

  it('Escape closes the dropdown first, then the mobile menu, and says where focus returns', () => {
    const both = run(closed, { type: 'toggleMobile' }, { type: 'toggle', index: 4 });
    expect(escapeFocusTarget(both)).toEqual({ kind: 'toggle', index: 4 });
    const afterFirst = run(both, { type: 'escape' });
    expect(afterFirst).toMatchObject({ open: null, mobileOpen: true });
    expect(escapeFocusTarget(afterFirst)).toEqual({ kind: 'burger' });
    const afterSecond = run(afterFirst, { type: 'escape' });
    expect(afterSecond.mobileOpen).toBe(false);
    expect(escapeFocusTarget(afterSecond)).toBeNull();
    expect(run(afterSecond, { type: 'escape' })).toBe(afterSecond);
  });

  it('clicking outside or navigating closes everything', () => {
    const both = run(closed, { type: 'toggleMobile' }, { type: 'toggle', index: 0 });
    expect(run(both, { type: 'outside' })).toMatchObject({ open: null, mobileOpen: false });
    expect(run(both, { type: 'navigate' })).toMatchObject({ open: null, mobileOpen: false });
    expect(run(closed, { type: 'outside' })).toBe(closed);
  });

  it('toggles the mobile menu; closing it also closes its open section', () => {
    const open = run(closed, { type: 'toggleMobile' });
    expect(open.mobileOpen).toBe(true);
    const section = run(open, { type: 'toggle', index: 2 });
    expect(run(section, { type: 'toggleMobile' })).toMatchObject({ mobileOpen: false, open: null });
  });

  it('marks the body modal-open only while the drawer is open', () => {
    expect(bodyModalOpen(run(drawer, { type: 'toggleMobile' }))).toBe(true);
    expect(bodyModalOpen(run(drawer, { type: 'toggleMobile' }, { type: 'toggleMobile' }))).toBe(false);
    // Without a drawer the mobile menu is not modal.
    expect(bodyModalOpen(run(closed, { type: 'toggleMobile' }))).toBe(false);
    // The header marker is for desktop dropdowns, not sections inside the open mobile menu.
    expect(headerDropdownOpen(run(drawer, { type: 'toggleMobile' }, { type: 'toggle', index: 1 }))).toBe(false);
  });
});

describe('moveFocus (arrow keys)', () => {
  it.each([
    ['ArrowDown', 0, 1],
    ['ArrowDown', 2, 0],
    ['ArrowRight', 1, 2],
    ['ArrowUp', 0, 2],
    ['ArrowLeft', 2, 1],
    ['Home', 2, 0],
    ['End', 0, 2],
    ['ArrowDown', -1, 0],
    ['ArrowUp', -1, 2],
  ])('%s from %i of 3 -> %i', (key, index, expected) => {
    expect(moveFocus({ index, count: 3, key })).toBe(expected);
  });

  it('leaves Tab and other keys to the browser', () => {
    expect(moveFocus({ index: 0, count: 3, key: 'Tab' })).toBeNull();
    expect(moveFocus({ index: 0, count: 0, key: 'ArrowDown' })).toBeNull();
  });
});
