import { describe, expect, it } from 'vitest';
import { offerStock, runningOffers } from './offers.ts';
import { makeCar } from './fixtures/car.ts';

const NOW = new Date('2025-06-15T10:00:00.000Z');

describe('runningOffers (SPEC §4: offer end is the last day of the current month)', () => {
  it.each<[string, string | undefined, string | null]>([
    ['no end date: the last day of the month', undefined, '2025-06-30'],
    ['ends today: still running', '2025-06-15', '2025-06-15'],
    ['ended yesterday: gone', '2025-06-14', null],
    ['ends next month', '2025-07-31', '2025-07-31'],
  ])('%s', (_label, ends_on, shown) => {
    const [offer] = runningOffers({ offers: [{ title: 'Offer', ends_on }], now: NOW });
    expect(offer ? offer.endsOn.toISOString().slice(0, 10) : null).toBe(shown);
  });
});

describe('offerStock', () => {
  const cars = [
    makeCar({ id: 1, make: 'Subaru', model: 'Forester' }),
    makeCar({ id: 2, make: 'Subaru', model: 'Outback' }),
    makeCar({ id: 3, make: 'Toyota', model: 'Corolla' }),
  ];
  it('matches make, then model, ignoring case; nothing without a make', () => {
    expect(offerStock({ offer: { make: 'subaru' }, cars }).map((c) => c.id)).toEqual([1, 2]);
    expect(offerStock({ offer: { make: 'Subaru', model: 'OUTBACK' }, cars }).map((c) => c.id)).toEqual([2]);
    expect(offerStock({ offer: { make: 'Kia' }, cars })).toEqual([]);
    expect(offerStock({ offer: {}, cars })).toEqual([]);
    expect(offerStock({ offer: { make: 'Subaru' }, cars, limit: 1 })).toHaveLength(1);
  });
});
