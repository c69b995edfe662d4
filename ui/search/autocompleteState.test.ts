import { describe, expect, it } from 'vitest';
import { CLOSED, comboReducer, type ComboAction, type ComboState } from './autocompleteState.ts';

const run = (actions: ComboAction[], from: ComboState = CLOSED) => actions.reduce(comboReducer, from);

describe('combobox keys', () => {
  it('results open the list with nothing active; none keep it closed', () => {
    expect(run([{ type: 'results', count: 3 }])).toEqual({ open: true, active: -1, count: 3 });
    expect(run([{ type: 'results', count: 0 }])).toEqual({ open: false, active: -1, count: 0 });
  });
  it('ArrowDown and ArrowUp move and wrap', () => {
    const open = run([{ type: 'results', count: 3 }]);
    expect(run([{ type: 'down' }], open).active).toBe(0);
    expect(run([{ type: 'down' }, { type: 'down' }, { type: 'down' }, { type: 'down' }], open).active).toBe(0);
    expect(run([{ type: 'up' }], open).active).toBe(2);
    expect(run([{ type: 'down' }, { type: 'up' }], open).active).toBe(2);
  });
  it('Escape closes; arrows reopen a closed list that has options', () => {
    const closed = run([{ type: 'results', count: 2 }, { type: 'down' }, { type: 'escape' }]);
    expect(closed).toEqual({ open: false, active: -1, count: 2 });
    expect(run([{ type: 'down' }], closed)).toEqual({ open: true, active: 0, count: 2 });
    expect(run([{ type: 'up' }], closed)).toEqual({ open: true, active: 1, count: 2 });
    expect(run([{ type: 'down' }], CLOSED)).toEqual(CLOSED);
  });
  it('hover activates an option inside the list only', () => {
    const open = run([{ type: 'results', count: 2 }]);
    expect(run([{ type: 'hover', index: 1 }], open).active).toBe(1);
    expect(run([{ type: 'hover', index: 5 }], open).active).toBe(-1);
  });
});
