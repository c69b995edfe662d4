import { describe, expect, it } from 'vitest';
import { offersValuations, showTradeInButton } from './tradeIn.ts';
import { showHistoryReport } from './historyReport.ts';
import { makeCar } from './fixtures/car.ts';
import type { Car } from './types.ts';

describe('showTradeInButton (SPEC §5)', () => {
  it.each<[string, Partial<Car>, boolean | undefined, boolean]>([
    ['all conditions hold', {}, true, true],
    ['autograb off', {}, false, false],
    ['autograb unset', {}, undefined, false],
    ['coming soon', { status: 'coming_soon' }, true, false],
    ['sold', { sold: true }, true, false],
    ['reserved', { reserved: true }, true, false],
    ['price 199', { price: 199 }, true, false],
    ['price 200', { price: 200 }, true, false],
    ['price 201', { price: 201 }, true, true],
  ])('%s -> %s', (_label, fields, autograb, shown) => {
    expect(showTradeInButton({ car: makeCar(fields), autograb })).toBe(shown);
  });
  it.each([
    ['off', false],
    ['lead', true],
    ['instant', true],
  ] as const)('valuation %s: shown %s', (valuation, shown) => {
    expect(showTradeInButton({ car: makeCar({}), autograb: true, valuation })).toBe(shown);
    expect(offersValuations({ valuation })).toBe(shown);
  });
});

describe('showHistoryReport (SPEC §5)', () => {
  it.each([
    ['https://files.example.com/report.pdf', true],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
  ])('file %s -> %s', (file, shown) => expect(showHistoryReport({ car: makeCar({ file }) })).toBe(shown));
});
