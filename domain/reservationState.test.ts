import { describe, expect, it } from 'vitest';
import { holdsCar, nextReservationStatus, type PaymentOutcome, type ReservationStatus } from './reservationState.ts';

describe('reservation state machine', () => {
  const cases: [ReservationStatus, PaymentOutcome, ReservationStatus | null][] = [
    ['pending', 'paid', 'paid'],
    ['pending', 'expired', 'expired'],
    ['pending', 'cancelled', 'cancelled'],
    ['pending', 'failed', 'failed'],
    ['pending', 'refunded', null],
    ['paid', 'refunded', 'refunded'],
    // Out of order or repeated: nothing moves.
    ['paid', 'paid', null],
    ['paid', 'expired', null],
    ['paid', 'cancelled', null],
    ['paid', 'failed', null],
    ['expired', 'paid', null],
    ['cancelled', 'paid', null],
    ['refunded', 'paid', null],
    ['refunded', 'refunded', null],
  ];
  it.each(cases)('%s + %s -> %s', (current, outcome, next) => {
    expect(nextReservationStatus({ current, outcome })).toBe(next);
  });
  it('only a paid reservation holds the car', () => {
    expect((['pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded'] as const).filter(holdsCar)).toEqual(['paid']);
  });
});
