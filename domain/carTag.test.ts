import { describe, expect, it } from 'vitest';
import { carTag, NEW_TAG_DAYS, tagClock } from './carTag.ts';
import { makeCar, NOW } from './fixtures/car.ts';
import { DAY_MS } from './days.ts';
import type { Car } from './types.ts';

const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY_MS - extraMs).toISOString();
const old = daysAgo(30);

describe('carTag priority (SPEC §4)', () => {
  it('uses an 8-day new-tag window', () => expect(NEW_TAG_DAYS).toBe(8));

  it.each<[string, Partial<Car>, boolean, string | null, string | null]>([
    ['sold status', { status: 'sold' }, true, 'sold', 'SOLD'],
    ['sold flag beats everything', { sold: true, reserved: true, simple_fuel: 'Electric' }, true, 'sold', 'SOLD'],
    ['electric when enabled', { simple_fuel: 'Electric', reserved: true }, true, 'electric', 'ELECTRIC'],
    ['hybrid when enabled', { simple_fuel: 'Hybrid', reserved: true }, true, 'hybrid', 'HYBRID'],
    ['electric ignored when disabled', { simple_fuel: 'Electric', reserved: true }, false, 'reserved', 'RESERVED'],
    ['reserved beats certified', { reserved: true, certified: true }, false, 'reserved', 'RESERVED'],
    ['Toyota certified used', { certified: true, tag: 'Special' }, false, 'certified', 'Toyota Certified Used'],
    ['certified needs used', { certified: true, car_type: 'demo', tag: 'Special' }, false, 'own', 'Special'],
    ['certified needs Toyota', { certified: true, make: 'Mazda', tag: 'Special' }, false, 'own', 'Special'],
    ['own tag beats coming soon', { tag: 'Pre-order', status: 'coming_soon' }, false, 'own', 'Pre-order'],
    ['blank own tag ignored', { tag: '  ', status: 'coming_soon' }, false, 'coming-soon', 'COMING SOON'],
    ['coming soon beats new', { status: 'coming_soon', created_at: daysAgo(1) }, false, 'coming-soon', 'COMING SOON'],
    ['new on day 7', { created_at: daysAgo(7) }, false, 'new', 'Just arrived'],
    ['new on the 8th day boundary', { created_at: daysAgo(8) }, false, 'new', 'Just arrived'],
    ['a demo listed yesterday reads as a listing, not a condition', { car_type: 'demo', created_at: daysAgo(1) }, false, 'new', 'Just arrived'],
    ['a used car too', { car_type: 'used', created_at: daysAgo(1) }, false, 'new', 'Just arrived'],
    ['not new just past 8 days', { created_at: daysAgo(8, 1) }, false, null, null],
    ['not new on day 9', { created_at: daysAgo(9) }, false, null, null],
    ['no tag', { created_at: old }, false, null, null],
  ])('%s', (_label, fields, electricHybridTag, kind, label) => {
    const tag = carTag({ car: makeCar({ created_at: old, ...fields }), now: NOW, electricHybridTag });
    expect(tag?.kind ?? null).toBe(kind);
    expect(tag?.label ?? null).toBe(label);
  });

  it('takes label overrides from config', () => {
    expect(carTag({ car: makeCar({ created_at: daysAgo(1) }), now: NOW, electricHybridTag: false, labels: { new: 'JUST ARRIVED' } })).toEqual({
      kind: 'new',
      label: 'JUST ARRIVED',
    });
  });
});

describe('tagClock', () => {
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  const created = (ms: number) => at(ms).toISOString();
  const isNew = (car: Car, now: Date) => carTag({ car, now, electricHybridTag: false })?.kind === 'new';

  it('is one millisecond after the last new-tag window that closed before now', () => {
    const cars = [makeCar({ created_at: created(-9 * DAY_MS) }), makeCar({ created_at: created(-10 * DAY_MS) }), makeCar({ created_at: created(-DAY_MS) })];
    expect(tagClock({ cars, now: NOW })).toEqual(at(-DAY_MS + 1));
  });

  it('is the epoch when no window has closed, and skips dates that do not parse', () => {
    expect(tagClock({ cars: [makeCar({ created_at: created(-DAY_MS) }), makeCar({ created_at: 'soon' })], now: NOW })).toEqual(new Date(0));
  });

  it('counts a window closing exactly at now as still open (the boundary is inclusive)', () => {
    const closesNow = makeCar({ created_at: created(-NEW_TAG_DAYS * DAY_MS) });
    const closedJustBefore = makeCar({ created_at: created(-NEW_TAG_DAYS * DAY_MS - 1) });
    expect(tagClock({ cars: [closesNow], now: NOW })).toEqual(new Date(0));
    expect(tagClock({ cars: [closedJustBefore], now: NOW })).toEqual(at(0));
  });

  it('gives every car the new tag it has at now, and stays put until a window closes', () => {
    // Cars created every 7 hours over the last 12 days, and some in the future.
    const cars = Array.from({ length: 50 }, (_, i) => makeCar({ id: i, created_at: created((-12 * 24 + 7 * i) * 3_600_000) }));
    for (let minutes = 0; minutes < 24 * 60; minutes += 37) {
      const now = at(minutes * 60_000);
      const clock = tagClock({ cars, now });
      for (const car of cars) expect(isNew(car, clock)).toBe(isNew(car, now));
    }
    const clock = tagClock({ cars, now: NOW });
    // The next window closes 7 hours after the last one that closed: until then, the same clock.
    expect(tagClock({ cars, now: at(clock.getTime() - NOW.getTime() + 7 * 3_600_000 - 2) })).toEqual(clock);
    expect(tagClock({ cars, now: at(clock.getTime() - NOW.getTime() + 7 * 3_600_000) })).not.toEqual(clock);
  });
});
