/**
 * Settling a reservation: the outcome moves it through the state machine and, when it becomes
 * paid, the dealer's deliveries are written in the same transaction (the outbox). The demo
 * payment page and the providers' verified webhooks both settle through here.
 */
import type { Queryable } from './db/database.ts';
import { enqueueDeliveries } from './delivery/outboxStore.ts';
import type { PaymentOutcome, ReservationStatus } from '../domain/reservationState.ts';
import { findReservation, settleReservation } from './reserveStore.ts';
import type { ServedSiteConfig } from './siteConfig.ts';

/** Writes the deliveries of reservation `reservationId` (a paid deposit is news for the dealer). */
export function enqueueReservationDeliveries({
  tx,
  site,
  reservationId,
  carId,
  now,
}: {
  tx: Queryable;
  site: ServedSiteConfig;
  reservationId: number;
  carId: number;
  now: Date;
}) {
  const car = site.cars.find((c) => c.id === carId);
  return enqueueDeliveries({
    tx,
    site,
    kind: 'reservation',
    subjectId: reservationId,
    dealershipSlug: car?.dealership_slug ?? site.slug,
    locationId: car?.location_id ?? null,
    now,
  });
}

/**
 * Applies `outcome` to reservation `reference` of `site` inside transaction `tx`; returns the
 * status after and whether it moved (null: no such reservation on this website).
 */
export async function applyPaymentOutcome({
  tx,
  site,
  reference,
  outcome,
  now,
}: {
  tx: Queryable;
  site: ServedSiteConfig;
  reference: string;
  outcome: PaymentOutcome;
  now: Date;
}): Promise<{ status: ReservationStatus; moved: boolean } | null> {
  const settled = await settleReservation({ db: tx, reference, websiteSlug: site.slug, outcome });
  if (settled?.moved && settled.status === 'paid') {
    const paid = await findReservation({ db: tx, reference, websiteSlug: site.slug });
    if (paid) await enqueueReservationDeliveries({ tx, site, reservationId: paid.id, carId: paid.car_id, now });
  }
  return settled;
}
