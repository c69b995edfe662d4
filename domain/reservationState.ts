/**
 * The one state machine of a deposit reservation. Every payment outcome (the provider's verified
 * webhook, the demo payment page, the session expiry sweep) moves a reservation through
 * {@link nextReservationStatus}; only 'paid' shows the car as reserved.
 *
 *   pending -> paid -> refunded
 *   pending -> expired | cancelled | failed
 *
 * Providers deliver events late, twice and out of order: an outcome that does not apply to the
 * current status changes nothing (an 'expired' after 'paid' leaves it paid; a second 'paid'
 * changes nothing). Released states are final: a session that expired can no longer be paid.
 */

/** Where a reservation's payment stands. */
export type ReservationStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded';

/** What a provider (or the expiry sweep) says happened to the payment. */
export type PaymentOutcome = Exclude<ReservationStatus, 'pending'>;

const MOVES: Record<ReservationStatus, readonly PaymentOutcome[]> = {
  pending: ['paid', 'cancelled', 'failed', 'expired'],
  paid: ['refunded'],
  cancelled: [],
  failed: [],
  expired: [],
  refunded: [],
};

/** The status after `outcome`, or null when the outcome does not move a reservation in `current`. */
export function nextReservationStatus({ current, outcome }: { current: ReservationStatus; outcome: PaymentOutcome }): ReservationStatus | null {
  return MOVES[current].includes(outcome) ? outcome : null;
}

/** Whether a reservation in `status` holds the car (shown reserved to every visitor). */
export function holdsCar(status: ReservationStatus): boolean {
  return status === 'paid';
}

/**
 * How long after a hosted payment page's expiry an unpaid reservation is released. The provider
 * decides by its own clock and its 'paid' event may arrive a little late: releasing at the exact
 * second could release a deposit the shopper just paid (released states are final).
 */
export const RELEASE_GRACE_MS = 120_000;

/** Whether a reservation whose hosted page expires at `expiresAt` is released at `now`. */
export function isPastRelease({ expiresAt, now }: { expiresAt: Date; now: Date }): boolean {
  return now.getTime() - expiresAt.getTime() > RELEASE_GRACE_MS;
}
