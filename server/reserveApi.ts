/**
 * The reserve API, a Fastify plugin mounted beside the lead API under /api and /mock:
 *
 * - POST /reservations {car_id, lead_id, amount, currency, provider, return_path, description}
 *   starts a deposit payment for a lead of this website through the ONE payment provider
 *   interface (./payments/provider.ts) and answers {id, payment_url};
 * - GET /reservations/{id} tells where that payment stands;
 * - GET /cars/{id}/reservation answers {car_id, reserved} (the static car page asks it);
 * - GET/POST /payments/test/{id} is the test provider's payment page (Pay, Cancel, Fail), served
 *   in demo mode only: in production the payment's outcome comes from the provider's verified
 *   webhook (./payments/stripeWebhook.ts), and this path is a 404.
 *
 * A car is reserved only by a paid payment; a failed, cancelled or abandoned one reserves nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Answer, HttpError, invalidFields } from './answer.ts';
import { setUpApiScope } from './apiScope.ts';
import type { Database, Queryable } from './db/database.ts';
import type { ServerErrorReporter } from './errorLog.ts';
import { isFinishedKey, requestHash, withIdempotency } from './idempotency.ts';
import { idempotencyKey, UNKNOWN_CAR } from './jsonRoute.ts';
import { shapeErrors } from './leadShape.ts';
import { MAX_ROW_ID } from '../domain/leadApi.ts';
import { escapeMarkup } from '../domain/escapeMarkup.ts';
import { PAYMENT_PROVIDERS } from '../domain/reserve.ts';
import { requestTokenHash } from './updateToken.ts';
import { chooseProvider } from './payments/chooseProvider.ts';
import { type LiveProviderSettings, PaymentSetupError } from './payments/paymentSettings.ts';
import { PaymentProviderError, type PaymentSession } from './payments/provider.ts';
import {
  findReservation,
  insertReservation,
  isCarReserved,
  type ReservationStatus,
  releaseExpiredReservations,
  setProviderReference,
  type StoredReservation,
} from './reserveStore.ts';
import { ownedLead } from './db/leadStore.ts';
import { applyPaymentOutcome, enqueueReservationDeliveries } from './reservationSettlement.ts';
import type { PaymentOutcome } from '../domain/reservationState.ts';
import { isKnownCarId, type ServedSiteConfig } from './siteConfig.ts';
import { formatPrice } from '../domain/price.ts';
import { regionSettings } from '../domain/region.ts';

/** Largest deposit accepted (a deposit, not a purchase). */
export const MAX_DEPOSIT = 100_000;

/** SPEC-style message when the car was reserved by someone else first. */
export const ALREADY_RESERVED = 'Sorry, this car has just been reserved by someone else.';

/** Body of POST /reservations. */
export const RESERVATION_SCHEMA = {
  type: 'object',
  required: ['car_id', 'lead_id', 'amount', 'return_path'],
  properties: {
    car_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    lead_id: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: MAX_ROW_ID },
        { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
      ],
    },
    amount: { type: 'number', exclusiveMinimum: 0, maximum: MAX_DEPOSIT },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    /** The dealer's payment_provider: one of the providers there are, never any other name. */
    provider: { enum: [...PAYMENT_PROVIDERS, null] },
    return_path: { type: 'string', pattern: '^/(?!/)[^\\s\\\\]*$', maxLength: 500 },
    description: { type: 'string', maxLength: 200 },
  },
} as const;

/** Options of the reserve API plugin. */
export interface ReserveApiOptions {
  db: Database;
  site: ServedSiteConfig;
  /** Demo mode: the test provider and its payment page; otherwise the dealer's live provider. */
  demo?: boolean;
  /** Credentials of the live providers (from the operator's environment). */
  live?: LiveProviderSettings;
  onServerError?: ServerErrorReporter;
  /** The time deliveries are scheduled by; default the system clock. */
  clock?: () => Date;
}

/** A hosted payment started for a reservation not yet stored. */
interface StartedPayment {
  reservation: Parameters<typeof insertReservation>[0]['reservation'];
  session: PaymentSession;
}

const OUTCOMES: Record<string, PaymentOutcome> = { pay: 'paid', cancel: 'cancelled', fail: 'failed' };

/** Fastify plugin: the reserve routes on the (prefixed) instance. */
export async function reserveApi(
  app: FastifyInstance,
  { db, site, demo = false, live = {}, onServerError, clock = () => new Date() }: ReserveApiOptions,
): Promise<void> {
  const apiRoot = app.prefix || '/api';
  // The test payment page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  setUpApiScope({ app, site, onServerError });

  app.post('/reservations', async (request, reply) => {
    const key = idempotencyKey(request);
    // The provider is asked before the transaction opens: a slow provider holds no database
    // connection (PGlite has one). A replay of a finished request is answered from its key
    // without starting another payment.
    const replay = key !== undefined && (await isFinishedKey({ db, dealer: site.slug, key }));
    const started = replay ? null : await startPayment(request);
    const answer = await withIdempotency({
      db,
      dealer: site.slug,
      key,
      route: 'POST /reservations',
      hash: requestHash(JSON.stringify(request.body ?? null)),
      handle: (tx) => storeReservation({ tx, started }),
    });
    return reply.code(answer.status).send(answer.body);
  });

  /** Checks the request and starts the hosted payment; stores nothing. */
  async function startPayment(request: FastifyRequest): Promise<StartedPayment> {
    const body = request.body as Record<string, unknown>;
    const errors = shapeErrors({ schema: RESERVATION_SCHEMA, value: body });
    if (Object.keys(errors).length) throw invalidFields(errors);
    const carId = body.car_id as number;
    if (!isKnownCarId({ site, carId })) throw invalidFields({ car_id: UNKNOWN_CAR });
    const leadId = Number(body.lead_id);
    // Only whoever created the lead (and holds its update token) may reserve with it.
    const token = requestTokenHash(request);
    const lead = token ? await ownedLead({ db, id: leadId, websiteSlug: site.slug, tokenHash: token }) : null;
    if (!lead) throw new HttpError({ status: 404, message: `Lead ${leadId} not found` });
    if (Number(lead.payload.car_id) !== carId) throw invalidFields({ lead_id: 'is not a lead about this car' });
    if (await isCarReserved({ db, websiteSlug: site.slug, carId })) throw new HttpError({ status: 409, message: ALREADY_RESERVED });
    // The deposit is the site's, never the browser's: only a car the build offered to reserve,
    // for exactly its deposit (site-config.json, from domain/reserve.ts reserveDeposit).
    const deposit = site.deposits.find((d) => d.car_id === carId);
    if (!deposit) throw new HttpError({ status: 409, message: `Car ${carId} cannot be reserved online` });
    if (deposit.amount !== body.amount) throw invalidFields({ amount: `must be the car's deposit of ${deposit.amount}` });
    let provider;
    try {
      // Live: the site's own provider, whatever the browser names; demo: the test provider, labelled.
      const name = demo ? ((body.provider as string | null | undefined) ?? site.payment_provider) : site.payment_provider;
      provider = chooseProvider({ name, apiRoot, demo, live, clock });
    } catch (error) {
      if (error instanceof PaymentSetupError) throw new HttpError({ status: 503, message: 'Deposits cannot be taken online on this site', cause: error });
      throw error;
    }
    const reservation = {
      reference: randomUUID(),
      website_slug: site.slug,
      car_id: carId,
      lead_id: leadId,
      amount: body.amount as number,
      currency: deposit.currency,
      provider: provider.name,
      return_path: body.return_path as string,
      description: (body.description as string | undefined) ?? `Deposit for car ${carId}`,
    };
    const origin = `${request.protocol}://${request.host}`;
    try {
      const session = await provider.createPayment({
        reference: reservation.reference,
        amount: reservation.amount,
        currency: reservation.currency,
        description: reservation.description,
        successUrl: origin + returnUrl({ reservation, status: 'paid' }),
        cancelUrl: origin + returnUrl({ reservation, status: 'cancelled' }),
        failureUrl: origin + returnUrl({ reservation, status: 'failed' }),
      });
      return { reservation, session };
    } catch (error) {
      // Nothing was stored: a payment that could not start leaves no reservation.
      if (error instanceof PaymentProviderError) throw new HttpError({ status: 502, message: error.message, cause: error });
      throw error;
    }
  }

  /** Stores the started payment's reservation and its deliveries (in the request's transaction). */
  async function storeReservation({ tx, started }: { tx: Queryable; started: StartedPayment | null }): Promise<Answer> {
    // Only a replay has no payment, and withIdempotency answers it before this runs.
    if (!started) throw new HttpError({ status: 409, message: 'A request with this Idempotency-Key is being handled; try again shortly' });
    const { reservation: fields, session } = started;
    // Paid by someone else while the provider was asked: the unused payment page just expires.
    if (await isCarReserved({ db: tx, websiteSlug: site.slug, carId: fields.car_id })) throw new HttpError({ status: 409, message: ALREADY_RESERVED });
    const reservation = await insertReservation({ db: tx, reservation: fields });
    await setProviderReference({ db: tx, reference: fields.reference, providerReference: session.providerReference, expiresAt: session.expiresAt ?? null });
    await enqueueReservationDeliveries({ tx, site, reservationId: reservation.id, carId: fields.car_id, now: clock() });
    return { status: 201, body: { id: fields.reference, payment_url: session.paymentUrl, provider: fields.provider } };
  }

  app.get('/reservations/:id', async (request, reply) => {
    const reference = referenceParam(request);
    // A hosted page that expired without a payment releases its reservation (the webhook may be late).
    await releaseExpiredReservations({ db, websiteSlug: site.slug, now: clock() });
    const reservation = reference ? await findReservation({ db, reference, websiteSlug: site.slug }) : null;
    if (!reservation) return reply.code(404).send({ error: 'Reservation not found' });
    const { status, car_id, amount, currency } = reservation;
    return reply.send({ id: reservation.reference, status, car_id, amount, currency });
  });

  app.get('/cars/:id/reservation', async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    if (!/^[1-9][0-9]{0,15}$/.test(raw)) return reply.code(400).send({ error: 'id must be a car id', errors: { id: 'must be a car id' } });
    if (!isKnownCarId({ site, carId: Number(raw) })) return reply.code(404).send({ error: 'Unknown car' });
    const reserved = await isCarReserved({ db, websiteSlug: site.slug, carId: Number(raw) });
    // Never cached: the answer changes the moment a deposit is paid.
    return reply.header('Cache-Control', 'no-store').send({ car_id: Number(raw), reserved });
  });

  // The test payment page says itself that it is a stand-in, under a CSP that allows no inline style: no badge (./demoBadge.ts).
  app.get('/payments/test/:id', { config: { demoBadge: false } }, async (request, reply) => {
    // Production: no stand-in payment page exists.
    if (!demo) return reply.code(404).send({ error: 'Not found' });
    const reference = referenceParam(request);
    const reservation = reference ? await findReservation({ db, reference, websiteSlug: site.slug }) : null;
    if (!reservation)
      return reply
        .code(404)
        .type('text/html')
        .headers(TEST_PAGE_HEADERS)
        .send(testPage({ title: 'Payment not found', body: '<p>This payment does not exist.</p>' }));
    return reply
      .type('text/html')
      .headers(TEST_PAGE_HEADERS)
      .header('Cache-Control', 'no-store')
      .send(testPaymentPage({ reservation, action: request.url.split('?')[0], locale: regionSettings(site.region).locale }));
  });

  app.post('/payments/test/:id', { config: { body: 'form', demoBadge: false } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!demo) return reply.code(404).send({ error: 'Not found' });
    const reference = referenceParam(request);
    const outcome = Object.hasOwn(OUTCOMES, String((request.body as Record<string, unknown> | undefined)?.outcome ?? ''))
      ? OUTCOMES[String((request.body as Record<string, unknown>).outcome)]
      : undefined;
    if (!outcome) return reply.code(400).send({ error: 'outcome must be pay, cancel or fail' });
    if (!reference) return reply.code(404).send({ error: 'Reservation not found' });
    // A paid deposit is news for the dealer: its deliveries are written with the settlement.
    const settled = await db.transaction((tx) => applyPaymentOutcome({ tx, site, reference, outcome, now: clock() }));
    const reservation = await findReservation({ db, reference, websiteSlug: site.slug });
    if (!settled || !reservation) return reply.code(404).send({ error: 'Reservation not found' });
    return reply.redirect(returnUrl({ reservation, status: settled.status }), 303);
  });
}

/** The reservation reference of the path (a UUID this server made), or null for anything else. */
function referenceParam(request: FastifyRequest): string | null {
  const raw = (request.params as { id: string }).id;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw) ? raw : null;
}

/** Where the shopper lands after paying: the reserve page with the outcome. */
export function returnUrl({ reservation, status }: { reservation: Pick<StoredReservation, 'return_path' | 'reference'>; status: ReservationStatus }): string {
  const [path, hash = ''] = reservation.return_path.split('#');
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}payment=${encodeURIComponent(status)}&reservation=${encodeURIComponent(reservation.reference)}${hash ? `#${hash}` : ''}`;
}

/** The one style sheet of the test payment pages (inline, allowed by its hash). */
const TEST_PAGE_STYLE =
  'body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;cursor:pointer}';

/**
 * Headers of the test payment pages: the narrowest policy they work with (their own style, a
 * form posting to themselves, no script, no frame), and no type sniffing.
 */
export const TEST_PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(TEST_PAGE_STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
} as const;

function testPage({ title, body }: { title: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title><style>${TEST_PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The test provider's hosted payment page. */
function testPaymentPage({ reservation, action, locale }: { reservation: StoredReservation; action: string; locale: string }): string {
  const amount = formatPrice({ amount: reservation.amount, locale, currency: reservation.currency });
  if (reservation.status !== 'pending') {
    return testPage({
      title: 'Payment already settled',
      body: `<h1>Payment ${escapeMarkup(reservation.status)}</h1><p><a href="${escapeMarkup(returnUrl({ reservation, status: reservation.status }))}">Back to the dealer</a></p>`,
    });
  }
  return testPage({
    title: 'Test payment',
    body: `<h1>Test payment</h1>
<p>Local test provider for <strong>${escapeMarkup(reservation.provider)}</strong>. No card is charged.</p>
<p>${escapeMarkup(reservation.description)}</p>
<p>Amount: <strong data-amount>${escapeMarkup(amount)}</strong></p>
<form method="post" action="${escapeMarkup(action)}">
<button type="submit" name="outcome" value="pay">Pay ${escapeMarkup(amount)}</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>`,
  });
}
