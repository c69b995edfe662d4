/**
 * The one payment hand-off every reserve goes through: a dealer's provider (Stripe,
 * Till, St George; SPEC §3 Site config payment_provider) is an implementation of
 * {@link PaymentProvider}. The reserve API never knows which one it talks to: it asks for a
 * hosted payment page for a deposit and sends the shopper there; the outcome comes back to the
 * return URL (and, for the local test provider, through its own page).
 */

/** What a deposit payment is for. */
export interface PaymentRequest {
  /** Our reservation reference; the provider echoes it back so the outcome finds the reservation. */
  reference: string;
  /** Deposit in whole currency units (dollars), as the car's payment_processors state it. */
  amount: number;
  /** ISO currency, e.g. 'AUD' (the site's region currency). */
  currency: string;
  /** Shown on the payment page, e.g. 'Deposit: 2022 Toyota Corolla'. */
  description: string;
  /** Absolute URLs the provider sends the shopper back to. */
  successUrl: string;
  cancelUrl: string;
  failureUrl: string;
}

/** A started payment: where to send the shopper, and the provider's own id of it. */
export interface PaymentSession {
  paymentUrl: string;
  providerReference: string;
  /** When the hosted page stops taking the payment (the reservation is released then); absent: never. */
  expiresAt?: Date;
}

/** One payment provider. */
export interface PaymentProvider {
  /** 'Stripe' | 'Till' | 'St George' | 'Test'. */
  readonly name: string;
  /** Starts a hosted payment; rejects (with a cause) when the provider refuses. */
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
}

/** Thrown when a provider cannot start a payment; the API answers 502 with this message. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** Amount in the smallest currency unit (cents), as card APIs take it. */
export function minorUnits(amount: number): number {
  return Math.round(amount * 100);
}
