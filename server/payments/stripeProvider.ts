/**
 * Stripe through its official SDK: a Checkout Session (Stripe's hosted payment page) for the
 * deposit, in the smallest unit of the region's currency. The shopper returns to the reserve
 * page; what settles the reservation is Stripe's signed webhook (./stripeWebhook.ts), never the
 * return URL, which anyone can open.
 */
import Stripe from 'stripe';
import { minorUnits, PaymentProviderError, type PaymentProvider, type PaymentRequest, type PaymentSession } from './provider.ts';

/**
 * How long the hosted page takes the payment unless the operator says otherwise
 * (FORECOURT_PAYMENT_SESSION_MINUTES). Stripe accepts 30 minutes to 24 hours; an unpaid
 * reservation is released when it ends (server/reservationSweep.ts).
 */
export const STRIPE_SESSION_MINUTES = 30;

/** Where the SDK sends its requests: Stripe itself unless a test points it at a local server. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** An SDK client for `secretKey` (at `api`, default Stripe's own API). */
export function stripeClient({ secretKey, api }: { secretKey: string; api?: StripeApiAddress }): Stripe {
  return new Stripe(secretKey, { ...api, maxNetworkRetries: 1, timeout: 20_000, telemetry: false });
}

/** The Checkout Session parameters of `request` (exported for the shape test). */
export function stripeSessionParams({
  request,
  now,
  sessionMinutes = STRIPE_SESSION_MINUTES,
}: {
  request: PaymentRequest;
  now: Date;
  sessionMinutes?: number;
}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    client_reference_id: request.reference,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(now.getTime() / 1000) + sessionMinutes * 60,
    line_items: [
      {
        quantity: 1,
        price_data: { currency: request.currency.toLowerCase(), unit_amount: minorUnits(request.amount), product_data: { name: request.description } },
      },
    ],
    metadata: { reservation: request.reference },
    payment_intent_data: { metadata: { reservation: request.reference } },
  };
}

/** A Stripe provider using `secretKey`. */
export function createStripeProvider({
  secretKey,
  api,
  sessionMinutes,
  clock = () => new Date(),
}: {
  secretKey: string;
  api?: StripeApiAddress;
  /** Minutes the Checkout Session takes the payment (default STRIPE_SESSION_MINUTES). */
  sessionMinutes?: number;
  clock?: () => Date;
}): PaymentProvider {
  const stripe = stripeClient({ secretKey, api });
  return {
    name: 'Stripe',
    async createPayment(request): Promise<PaymentSession> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(stripeSessionParams({ request, now: clock(), sessionMinutes }), {
          idempotencyKey: `reserve-${request.reference}`,
        });
      } catch (cause) {
        const message = cause instanceof Error ? cause.message : 'no answer';
        throw new PaymentProviderError(`Stripe refused the payment: ${message}`, { cause });
      }
      if (!session.url) throw new PaymentProviderError('Stripe refused the payment: no checkout url');
      return { paymentUrl: session.url, providerReference: session.id, expiresAt: new Date(session.expires_at * 1000) };
    },
  };
}
