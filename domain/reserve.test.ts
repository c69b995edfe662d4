import { describe, expect, it } from 'vitest';
import { isReserveEligible, reserveConditions, reserveDeposit, type ReserveInput } from './reserve.ts';
import { makeCar } from './fixtures/car.ts';
import type { Car } from './types.ts';

// SPEC §5 lists these dealership ids; they reach the rule as dealer-record input only.
const LISTED_IDS = [560, 561, 562, 563, 628, 559, 268];

function input(car: Partial<Car>, rest: Partial<ReserveInput> = {}): ReserveInput {
  return {
    car: makeCar(car),
    paymentProvider: 'Stripe',
    dealershipId: 42,
    dealershipSlug: 'sample-toyota',
    allowedDealershipIds: LISTED_IDS,
    allowedDealershipSlugs: ['listed-motors'],
    ...rest,
  };
}

describe('isReserveEligible: all eight SPEC §5 conditions', () => {
  it.each<[string, ReserveInput, boolean]>([
    ['eligible baseline', input({}), true],
    // 1. payment provider set, or listed dealer
    ['no provider, unlisted dealer', input({}, { paymentProvider: null }), false],
    ['blank provider, unlisted dealer', input({}, { paymentProvider: ' ' }), false],
    ['no provider, listed id 560', input({}, { paymentProvider: null, dealershipId: 560 }), true],
    ['no provider, listed id 268', input({}, { paymentProvider: null, dealershipId: 268 }), true],
    ['no provider, listed slug', input({}, { paymentProvider: null, dealershipSlug: 'listed-motors' }), true],
    [
      'no provider, no lists given',
      input({}, { paymentProvider: null, dealershipId: 560, allowedDealershipIds: undefined, allowedDealershipSlugs: undefined }),
      false,
    ],
    // 2. status in_stock
    ['coming soon', input({ status: 'coming_soon' }), false],
    ['sold status', input({ status: 'sold' }), false],
    // 3. not test-drive-only
    ['tag Test Drive Only', input({ tag: 'Test Drive Only' }), false],
    ['tag *** Test Drive Vehicle Only ***', input({ tag: '*** Test Drive Vehicle Only ***' }), false],
    ['tag Special', input({ tag: 'Special' }), true],
    // 4. payment processor key
    ['processor without key', input({ payment_processors: [{ authorization_type: 'stripe', authorization_key: '' }] }), false],
    ['explicit dealership key', input({ payment_processors: [{ authorization_type: 'stripe' }] }, { paymentKey: 'pk_live_1' }), true],
    ['explicit empty key', input({}, { paymentKey: null }), false],
    // 5. not sold, not reserved
    ['sold flag', input({ sold: true }), false],
    ['reserved', input({ reserved: true }), false],
    // 6. price above 200
    ['price 199', input({ price: 199 }), false],
    ['price 200', input({ price: 200 }), false],
    ['price 201', input({ price: 201 }), true],
    // 7. reservable not false
    ['reservable false', input({ reservable: false }), false],
    ['reservable null', input({ reservable: null }), true],
    ['reservable absent', input({ reservable: undefined }), true],
    // 8. at least one processor
    ['no processors', input({ payment_processors: [] }, { paymentKey: 'pk_live_1' }), false],
    ['processors missing', input({ payment_processors: undefined }, { paymentKey: 'pk_live_1' }), false],
  ])('%s -> %s', (_label, args, eligible) => {
    expect(isReserveEligible(args)).toBe(eligible);
  });

  it('names the condition that failed', () => {
    const conditions = reserveConditions(input({ price: 150 }));
    expect(
      Object.entries(conditions)
        .filter(([, ok]) => !ok)
        .map(([name]) => name),
    ).toEqual(['priceAbove200']);
    expect(Object.keys(conditions)).toHaveLength(8);
  });
});

describe('reserveDeposit', () => {
  it.each([
    [[], null],
    [[{ deposit_amount: null }], null],
    [[{ deposit_amount: 0 }], null],
    [[{ deposit_amount: 0 }, { deposit_amount: 500 }], 500],
    [[{ deposit_amount: 1000 }, { deposit_amount: 500 }], 1000],
  ])('%j -> %s', (payment_processors, deposit) => {
    expect(reserveDeposit({ car: { payment_processors } })).toBe(deposit);
  });
  it('is null without payment processors', () => {
    expect(reserveDeposit({ car: {} })).toBeNull();
  });
});
