/**
 * Reserve eligibility (SPEC §5): whether the "Reserve Car Now" button and the checkout route
 * exist for a car. The dealer lists SPEC mentions (dealership ids 560, 561 ... or slug lists)
 * are inputs from the dealer record (rules.reserve_dealership_ids / _slugs), never constants.
 */
import type { PaymentProvider } from './site.ts';
import type { Car } from './types.ts';
import { isTestDriveOnlyTag } from './tags.ts';
import { meetsReservePrice } from './price.ts';

/** The payment providers there are (SPEC §3 Site config payment_provider). */
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['Stripe', 'Till', 'St George'];

/** Each of SPEC §5's eight reserve conditions, by name, so a page or test can say which failed. */
export interface ReserveConditions {
  providerOrListedDealer: boolean;
  inStock: boolean;
  notTestDriveOnly: boolean;
  paymentKey: boolean;
  notSoldOrReserved: boolean;
  priceAbove200: boolean;
  reservable: boolean;
  hasPaymentProcessor: boolean;
}

/** Inputs of the reserve rule. */
export interface ReserveInput {
  car: Pick<Car, 'status' | 'tag' | 'sold' | 'reserved' | 'price' | 'reservable' | 'payment_processors'>;
  /** The site's payment_provider (Stripe, Till, St George) or null. */
  paymentProvider: string | null | undefined;
  dealershipId: number | null | undefined;
  dealershipSlug: string | null | undefined;
  allowedDealershipIds?: readonly number[];
  allowedDealershipSlugs?: readonly string[];
  /**
   * The dealership's publishable payment key (SPEC §3 Site config). When omitted, an
   * authorization_key on one of the car's payment processors counts as the key.
   */
  paymentKey?: string | null;
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Evaluates the eight conditions of SPEC §5 separately. */
export function reserveConditions({
  car,
  paymentProvider,
  dealershipId,
  dealershipSlug,
  allowedDealershipIds = [],
  allowedDealershipSlugs = [],
  paymentKey,
}: ReserveInput): ReserveConditions {
  const processors = Array.isArray(car.payment_processors) ? car.payment_processors : [];
  const listed =
    (dealershipId != null && allowedDealershipIds.includes(dealershipId)) || (dealershipSlug != null && allowedDealershipSlugs.includes(dealershipSlug));
  const key = paymentKey !== undefined ? nonEmpty(paymentKey) : processors.some((p) => nonEmpty(p?.authorization_key));
  return {
    providerOrListedDealer: nonEmpty(paymentProvider) || listed,
    inStock: car.status === 'in_stock',
    notTestDriveOnly: !isTestDriveOnlyTag(car.tag),
    paymentKey: key,
    notSoldOrReserved: car.sold !== true && car.reserved !== true,
    priceAbove200: meetsReservePrice(car.price),
    reservable: car.reservable !== false,
    hasPaymentProcessor: processors.length > 0,
  };
}

/** True only when all eight reserve conditions of SPEC §5 hold. */
export function isReserveEligible(input: ReserveInput): boolean {
  return Object.values(reserveConditions(input)).every(Boolean);
}

/**
 * The deposit a shopper pays to reserve `car`: the deposit_amount of its first payment processor
 * that states a positive one (SPEC §3 payment_processors[]), else null. The reserve page shows it
 * and the lead server charges exactly it, so both read it here.
 */
export function reserveDeposit({ car }: { car: Pick<Car, 'payment_processors'> }): number | null {
  const processor = (car.payment_processors ?? []).find((p) => typeof p.deposit_amount === 'number' && p.deposit_amount > 0);
  return processor?.deposit_amount ?? null;
}
