/**
 * POST /api/payments/stripe/webhook: Stripe's notification of what happened to a Checkout
 * Session. The signature is verified by the SDK over the raw body (with a tolerance for the
 * timestamp, against replays); an event is applied once per website (payment_events), and its
 * outcome moves the reservation through the one state machine (domain/reservationState.ts) in
 * the same transaction as the dealer's deliveries. Stripe retries until it gets a 2xx, so an
 * unverifiable request gets 400 and a failure to store gets 500 (Stripe sends it again).
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../db/database.ts';
import type { PaymentOutcome } from '../../domain/reservationState.ts';
import { applyPaymentOutcome } from '../reservationSettlement.ts';
import { findReservation, referenceOfPayment, releaseExpiredReservations, setPaymentReference } from '../reserveStore.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';
import { minorUnits } from './provider.ts';
import { stripeClient, type StripeApiAddress } from './stripeProvider.ts';

/** Where the webhook is served (the URL to give Stripe is the site's origin plus this). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** Seconds a signed event stays acceptable after its timestamp (the SDK's default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** What an event means for a reservation: which one (ours or the payment's id), and the outcome. */
export interface StripeEventOutcome {
  reference?: string;
  paymentReference?: string;
  outcome: PaymentOutcome;
  /** The payment's id, remembered so a later refund finds the reservation. */
  paymentIntent?: string;
  /** What Stripe says was paid, in minor units and lower-case currency (checked against the deposit). */
  paid?: { amount: number | null; currency: string | null };
}

/** The reservation outcome of a Stripe event, or null for an event that does not settle anything. */
export function stripeEventOutcome(event: Stripe.Event): StripeEventOutcome | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed method (bank debit) completes unpaid; its async_payment_* event settles it.
      if (session.payment_status !== 'paid') return null;
      return {
        reference: sessionReference(session),
        outcome: 'paid',
        paymentIntent: idOf(session.payment_intent),
        paid: { amount: session.amount_total, currency: session.currency },
      };
    }
    case 'checkout.session.async_payment_failed':
      return { reference: sessionReference(event.data.object), outcome: 'failed' };
    case 'checkout.session.expired':
      return { reference: sessionReference(event.data.object), outcome: 'expired' };
    case 'charge.refunded': {
      const charge = event.data.object;
      // A partial refund leaves the deposit paid: the car stays reserved.
      if (!charge.refunded) return null;
      return { paymentReference: idOf(charge.payment_intent), reference: charge.metadata?.reservation, outcome: 'refunded' };
    }
    default:
      return null;
  }
}

function sessionReference(session: Stripe.Checkout.Session): string | undefined {
  return session.client_reference_id ?? session.metadata?.reservation ?? undefined;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

/** Options of the webhook plugin. */
export interface StripeWebhookOptions {
  db: Database;
  site: ServedSiteConfig;
  secretKey: string;
  webhookSecret: string;
  api?: StripeApiAddress;
  clock?: () => Date;
}

/** Fastify plugin (register it with prefix '/api/payments/stripe'): the webhook route. */
export async function stripeWebhook(app: FastifyInstance, { db, site, secretKey, webhookSecret, api, clock = () => new Date() }: StripeWebhookOptions) {
  const stripe = stripeClient({ secretKey, api });
  // The signature covers the exact bytes Stripe sent: this route keeps them unparsed.
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/webhook', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new Error('no signed body');
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      return reply.code(400).send({ error: 'Invalid signature' });
    }
    const now = clock();
    const applied = await db.transaction(async (tx) => {
      const fresh = await tx.query(
        'INSERT INTO payment_events (website_slug, provider, event_id, type) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id',
        [site.slug, 'Stripe', event.id, event.type],
      );
      if (!fresh.rows.length) return 'duplicate';
      await releaseExpiredReservations({ db: tx, websiteSlug: site.slug, now });
      const what = stripeEventOutcome(event);
      if (!what) return 'ignored';
      const reference =
        what.reference ??
        (what.paymentReference ? await referenceOfPayment({ db: tx, paymentReference: what.paymentReference, websiteSlug: site.slug }) : null);
      const reservation = reference ? await findReservation({ db: tx, reference, websiteSlug: site.slug }) : null;
      if (!reservation) return 'ignored';
      if (what.paid && (what.paid.amount !== minorUnits(reservation.amount) || what.paid.currency?.toUpperCase() !== reservation.currency)) {
        // Not the deposit this reservation asked for: it reserves nothing (the dealer sees it in Stripe).
        return 'ignored';
      }
      if (what.paymentIntent) await setPaymentReference({ db: tx, reference: reservation.reference, paymentReference: what.paymentIntent });
      const settled = await applyPaymentOutcome({ tx, site, reference: reservation.reference, outcome: what.outcome, now });
      return settled?.moved ? 'applied' : 'ignored';
    });
    return reply.send({ received: true, result: applied });
  });
}
