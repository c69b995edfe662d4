import { describe, expect, it } from 'vitest';
import { isAvailable, isForSale, isShownOnSite, isSold, searchStatus } from './visibility.ts';
import { makeCar, NOW } from './fixtures/car.ts';
import { DAY_MS, parseTime, withinDays } from './days.ts';
import { nextSoldWindowEnd } from './stockVisibility.ts';

const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY_MS - extraMs).toISOString();

describe('availability', () => {
  it.each([
    ['in_stock', false, true, true],
    ['coming_soon', false, true, true],
    ['sold', false, false, false],
    ['in_stock', true, true, false],
  ] as const)('status %s sold=%s: available %s, for sale %s', (status, sold, available, forSale) => {
    const car = makeCar({ status, sold });
    expect(isAvailable(car)).toBe(available);
    expect(isForSale(car)).toBe(forSale);
    expect(isSold(car)).toBe(status === 'sold' || sold);
  });
});

describe('isShownOnSite', () => {
  it.each([
    // [status, sold_date, window, show flag, shown]
    ['in_stock', null, 3, true, true],
    ['coming_soon', null, 3, undefined, true],
    ['in_stock', null, 3, false, false],
    ['sold', daysAgo(2), 3, true, true],
    ['sold', daysAgo(3), 3, true, true], // the window's last moment
    ['sold', daysAgo(3, 1), 3, true, false], // one millisecond past it
    ['sold', daysAgo(4), 3, true, false],
    ['sold', daysAgo(3), undefined, true, true], // default window is 3 days
    ['sold', daysAgo(3, 1), undefined, true, false],
    ['sold', daysAgo(14), 14, true, true],
    ['sold', daysAgo(14, 1), 14, true, false],
    ['sold', daysAgo(0), 0, true, false], // a window of 0 hides sold cars
    ['sold', null, 3, true, false], // no sold date: window unknown
    ['sold', 'not a date', 3, true, false],
    ['sold', daysAgo(1), 3, false, false],
  ] as const)('%s sold %s, window %s, flag %s -> %s', (status, sold_date, soldWindowDays, flag, shown) => {
    const car = makeCar({ status, sold_date, show_on_dealer_website: flag });
    expect(isShownOnSite({ car, now: NOW, soldWindowDays })).toBe(shown);
  });

  it.each([
    // [status, sold_date, window, shown]: the sold flag follows the same window as status sold
    ['in_stock', null, 3, false],
    ['in_stock', daysAgo(0), 0, false],
    ['in_stock', daysAgo(2), 3, true],
    ['in_stock', daysAgo(3, 1), 3, false],
    ['coming_soon', daysAgo(1), 0, false],
    ['coming_soon', daysAgo(1), 1, true],
  ] as const)('%s with the sold flag, sold %s, window %s -> %s', (status, sold_date, soldWindowDays, shown) => {
    const car = makeCar({ status, sold: true, sold_date });
    expect(isShownOnSite({ car, now: NOW, soldWindowDays })).toBe(shown);
    expect(searchStatus(car)).toBe('sold');
  });
});

describe('nextSoldWindowEnd', () => {
  it('is the first instant a listed sold car is hidden; null without listed sold cars', () => {
    const cars = [
      makeCar({ id: 1, status: 'sold', sold_date: daysAgo(1) }),
      makeCar({ id: 2, sold: true, sold_date: daysAgo(2) }),
      makeCar({ id: 3, status: 'sold', sold_date: daysAgo(9) }), // already hidden
      makeCar({ id: 4 }),
    ];
    const end = nextSoldWindowEnd({ cars, now: NOW, soldWindowDays: 3 })!;
    expect(end.getTime()).toBe(NOW.getTime() + DAY_MS + 1);
    expect(isShownOnSite({ car: cars[1], now: new Date(end.getTime() - 1), soldWindowDays: 3 })).toBe(true);
    expect(isShownOnSite({ car: cars[1], now: end, soldWindowDays: 3 })).toBe(false);
    expect(nextSoldWindowEnd({ cars, now: NOW, soldWindowDays: 0 })).toBeNull();
    expect(nextSoldWindowEnd({ cars: [cars[3]], now: NOW })).toBeNull();
  });
});

describe('days', () => {
  it('parses ISO dates and rejects junk', () => {
    expect(parseTime('2025-06-15T00:00:00Z')).toBe(NOW.getTime());
    expect(parseTime('')).toBeNull();
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime('yesterday')).toBeNull();
  });
  it('treats a future date as inside and a negative window as empty', () => {
    expect(withinDays({ then: daysAgo(-1), now: NOW, days: 1 })).toBe(true);
    expect(withinDays({ then: daysAgo(0), now: NOW, days: -1 })).toBe(false);
  });
});
