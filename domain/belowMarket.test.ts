import { describe, expect, it } from 'vitest';
import { belowMarket, BELOW_MARKET_MARGIN } from './belowMarket.ts';
import { makeCar } from './fixtures/car.ts';

describe('belowMarket (more than $499 under)', () => {
  it('margin is 499', () => expect(BELOW_MARKET_MARGIN).toBe(499));

  it.each([
    // [price, state, national, below, amount, reference]
    [20501, 21000, null, false, null, 'state'], // 499 under
    [20500, 21000, null, true, 500, 'state'], // 500 under
    [20499, 21000, null, true, 501, 'state'],
    [20000, null, 20500, true, 500, 'national'], // fallback to national
    [20001, null, 20500, false, null, 'national'],
    [20000, 0, 20500, true, 500, 'national'], // 0 state figure is missing data
    [20000, 21000, 30000, true, 1000, 'state'], // state wins when present
    [20000, null, null, false, null, null],
    [10, 21000, null, false, null, 'state'], // no real price
  ] as const)('price %s state %s national %s -> %s', (price, state, national, below, amount, reference) => {
    const car = makeCar({ price, autograb_data: { state_average_market_price: state, average_market_price: national } });
    expect(belowMarket({ car })).toEqual({ below, amount, reference });
  });

  it('handles a car without market data', () => {
    expect(belowMarket({ car: makeCar({ autograb_data: null }) })).toEqual({ below: false, amount: null, reference: null });
  });
});
