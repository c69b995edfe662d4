/**
 * Special offers of an information page (SPEC §4 'Offer end is shown as the last day of the
 * current month'): each offer's last day (its own, else the end of the month), whether it still
 * runs, and the cars in stock it applies to.
 */
import { offerEndDate } from './openingHours.ts';
import type { Car } from './types.ts';

/** An offer as the record writes it. */
export interface OfferInput {
  title: string;
  body?: string;
  /** 'yyyy-mm-dd', the last day of the offer. */
  ends_on?: string;
  make?: string;
  model?: string;
}

/** An offer still running, with its last day. */
export interface RunningOffer extends OfferInput {
  endsOn: Date;
}

/** The offers whose last day (UTC) is today or later, each with that day; the record's order kept. */
export function runningOffers({ offers, now }: { offers: readonly OfferInput[]; now: Date }): RunningOffer[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return offers.flatMap((offer) => {
    const own = offer.ends_on ? new Date(`${offer.ends_on}T00:00:00.000Z`) : null;
    const endsOn = own && !Number.isNaN(own.getTime()) ? own : offerEndDate({ now });
    return endsOn.getTime() >= today ? [{ ...offer, endsOn }] : [];
  });
}

/** The cars an offer applies to: same make (and model, when it names one), ignoring case; none when it names no make. */
export function offerStock({ offer, cars, limit = 3 }: { offer: Pick<OfferInput, 'make' | 'model'>; cars: readonly Car[]; limit?: number }): Car[] {
  const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
  if (!offer.make) return [];
  return cars.filter((car) => same(car.make, offer.make!) && (!offer.model || same(car.model, offer.model))).slice(0, limit);
}
