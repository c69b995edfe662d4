import { describe, expect, it } from 'vitest';
import { carTag, NEW_TAG_DAYS } from './carTag.ts';
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
    ['new on day 7', { created_at: daysAgo(7) }, false, 'new', 'NEW'],
    ['new on the 8th day boundary', { created_at: daysAgo(8) }, false, 'new', 'NEW'],
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
