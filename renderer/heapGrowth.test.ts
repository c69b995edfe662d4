import { describe, expect, it } from 'vitest';
import { boundHeapGrowth } from './heapGrowth.ts';

describe('boundHeapGrowth', () => {
  it.each([0, -5, 2.5, Number.NaN])('refuses a growth of %s', (percent) => {
    expect(() => boundHeapGrowth({ percent })).toThrow(/whole positive percentage/);
  });

  it.each([1, 20, 100])('accepts a growth of %i%%', (percent) => {
    expect(() => boundHeapGrowth({ percent })).not.toThrow();
  });
});
