import { describe, expect, it } from 'vitest';
import { buildFreshUntil, nextTagWindowEnd, nextUtcDay } from './buildFreshness.ts';
import { carTag } from './carTag.ts';
import { DAY_MS } from './days.ts';
import { isShownOnSite } from './visibility.ts';
import { makeCar } from './fixtures/car.ts';
import type { Car } from './types.ts';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const MIDNIGHT = Date.parse('2026-11-21T00:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
/** A car whose new-tag window (8 days) closes `ms` after NOW. */
const tagClosesIn = (ms: number): Car => makeCar({ created_at: at(NOW.getTime() - 8 * DAY_MS + ms - 1) });
/** A sold car (3-day window) that leaves its window `ms` after NOW. */
const soldLeavesIn = (ms: number): Car => makeCar({ status: 'sold', created_at: at(0), sold_date: at(NOW.getTime() - 3 * DAY_MS + ms - 1) });

describe('buildFreshUntil', () => {
  it.each<[string, Car[], number]>([
    ['no cars: the next UTC day', [], MIDNIGHT],
    ['an old car: the next UTC day', [makeCar({ created_at: at(0) })], MIDNIGHT],
    ['a new-tag window closing before midnight', [tagClosesIn(60_000)], NOW.getTime() + 60_000],
    ['a new-tag window closing one millisecond from now', [tagClosesIn(1)], NOW.getTime() + 1],
    ['a new-tag window closing after midnight: midnight', [tagClosesIn(20 * 3600_000)], MIDNIGHT],
    ['a window that closed already counts no more', [tagClosesIn(0), tagClosesIn(-5)], MIDNIGHT],
    [
      'a car created in the future: its window closes 8 days after',
      [makeCar({ created_at: at(NOW.getTime() + 3600_000 - 8 * DAY_MS) })],
      NOW.getTime() + 3600_000 + 1,
    ],
    ['a sold car leaving its window first', [tagClosesIn(120_000), soldLeavesIn(90_000)], NOW.getTime() + 90_000],
    ['a sold car already gone changes nothing', [soldLeavesIn(0)], MIDNIGHT],
    ['the earliest of several', [tagClosesIn(5000), tagClosesIn(3000), soldLeavesIn(4000)], NOW.getTime() + 3000],
  ])('%s', (_label, cars, expected) => {
    expect(buildFreshUntil({ cars, now: NOW, soldWindowDays: 3 }).getTime()).toBe(expected);
  });

  it('the next UTC day, at midnight itself and one millisecond before', () => {
    expect(nextUtcDay({ now: new Date(MIDNIGHT) }).getTime()).toBe(MIDNIGHT + DAY_MS);
    expect(nextUtcDay({ now: new Date(MIDNIGHT - 1) }).getTime()).toBe(MIDNIGHT);
  });

  it('no open window: null', () => expect(nextTagWindowEnd({ cars: [makeCar({ created_at: undefined })], now: NOW })).toBeNull());

  it('tags and visibility hold until the moment and change at it', () => {
    const cars = [tagClosesIn(7000), soldLeavesIn(9000)];
    const state = (now: Date) => cars.map((car) => [carTag({ car, now, electricHybridTag: false })?.kind, isShownOnSite({ car, now, soldWindowDays: 3 })]);
    const until = buildFreshUntil({ cars, now: NOW, soldWindowDays: 3 });
    expect(state(new Date(until.getTime() - 1))).toEqual(state(NOW));
    expect(state(until)).not.toEqual(state(NOW));
    const next = buildFreshUntil({ cars, now: until, soldWindowDays: 3 });
    expect(state(new Date(next.getTime() - 1))).toEqual(state(until));
    expect(state(next)).not.toEqual(state(until));
  });
});
