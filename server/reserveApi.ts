/**
 * The reserve API (issue 6), a Fastify plugin mounted beside the lead API under /api and /mock:
 *
 * - POST /reservations {car_id, lead_id, amount, currency, provider, return_path, description}
 *   starts a deposit payment for a lead of this website through the ONE payment provider
 *   interface (./payments/provider.ts) and answers {id, payment_url};
 * - GET /reservations/{id} tells where that payment stands;
 * - GET /cars/{id}/reservation answers {car_id, reserved} (the static car page asks it);
 * - GET/POST /payments/test/{id} is the local test provider's payment page (Pay, Cancel, Fail).
 *
 * A car is reserved only by a paid payment; a failed, cancelled or abandoned one reserves nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Answer, HttpError, invalidFields } from './answer.ts';
import type { Database } from './db/database.ts';
import { withIdempotency } from './idempotency.ts';
import { errorAnswer } from './leadApi.ts';
import { shapeErrors } from './leadShape.ts';
import { chooseProvider, type LiveProviderSettings } from './payments/chooseProvider.ts';
import { PaymentProviderError } from './payments/provider.ts';
import {
  findReservation,
  insertReservation,
  isCarReserved,
  type ReservationStatus,
  setProviderReference,
  settleReservation,
  type StoredReservation,
} from './reserveStore.ts';
import type { ServedSiteConfig } from './siteConfig.ts';
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
    car_id: { type: 'integer', minimum: 1 },
    lead_id: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
      ],
    },
    amount: { type: 'number', exclusiveMinimum: 0, maximum: MAX_DEPOSIT },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    provider: { type: ['string', 'null'], maxLength: 50 },
    return_path: { type: 'string', pattern: '^/(?!/)[^\\s\\\\]*$', maxLength: 500 },
    description: { type: 'string', maxLength: 200 },
  },
} as const;

/** Options of the reserve API plugin. */
export interface ReserveApiOptions {
  db: Database;
  site: ServedSiteConfig;
  /** Credentials of the live providers; absent in `serve`, which uses the test provider. */
  live?: LiveProviderSettings;
  onServerError?: (error: unknown) => void;
}

const OUTCOMES: Record<string, Exclude<ReservationStatus, 'pending'>> = { pay: 'paid', cancel: 'cancelled', fail: 'failed' };

/** Fastify plugin: the reserve routes on the (prefixed) instance. */
export async function reserveApi(app: FastifyInstance, { db, site, live, onServerError }: ReserveApiOptions): Promise<void> {
  const apiRoot = app.prefix || '/api';
  // The test payment page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  app.setErrorHandler((error, _request, reply) => {
    const answer = errorAnswer({ error, onServerError });
    return reply.code(answer.status).send(answer.body);
  });

  app.post('/reservations', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    const answer = await withIdempotency({ db, dealer: site.slug, key, route: 'POST /reservations', handle: () => startReservation(request) });
    return reply.code(answer.status).send(answer.body);
  });

  async function startReservation(request: FastifyRequest): Promise<Answer> {
    const body = request.body as Record<string, unknown>;
    const errors = shapeErrors({ schema: RESERVATION_SCHEMA, value: body });
    if (Object.keys(errors).length) throw invalidFields(errors);
    const carId = body.car_id as number;
    const leadId = Number(body.lead_id);
    const { rows } = await db.query<{ payload: Record<string, unknown> }>('SELECT payload FROM leads WHERE id = $1 AND website_slug = $2', [leadId, site.slug]);
    if (!rows.length) throw new HttpError({ status: 404, message: `Lead ${leadId} not found` });
    if (Number(rows[0].payload.car_id) !== carId) throw invalidFields({ lead_id: 'is not a lead about this car' });
    if (await isCarReserved({ db, websiteSlug: site.slug, carId })) throw new HttpError({ status: 409, message: ALREADY_RESERVED });
    // The deposit is the site's, never the browser's: only a car the build offered to reserve,
    // for exactly its deposit (site-config.json, from domain/reserve.ts reserveDeposit).
    const deposit = site.deposits.find((d) => d.car_id === carId);
    if (!deposit) throw new HttpError({ status: 409, message: `Car ${carId} cannot be reserved online` });
    if (deposit.amount !== body.amount) throw invalidFields({ amount: `must be the car's deposit of ${deposit.amount}` });

    const provider = chooseProvider({ name: (body.provider as string | null | undefined) ?? null, apiRoot, live });
    const reference = randomUUID();
    const returnPath = body.return_path as string;
    const reservation = await insertReservation({
      db,
      reservation: {
        reference,
        website_slug: site.slug,
        car_id: carId,
        lead_id: leadId,
        amount: body.amount as number,
        currency: deposit.currency,
        provider: provider.name,
        return_path: returnPath,
        description: (body.description as string | undefined) ?? `Deposit for car ${carId}`,
      },
    });
    const origin = `${request.protocol}://${request.host}`;
    try {
      const session = await provider.createPayment({
        reference,
        amount: reservation.amount,
        currency: reservation.currency,
        description: reservation.description,
        successUrl: origin + returnUrl({ reservation, status: 'paid' }),
        cancelUrl: origin + returnUrl({ reservation, status: 'cancelled' }),
        failureUrl: origin + returnUrl({ reservation, status: 'failed' }),
      });
      await setProviderReference({ db, reference, providerReference: session.providerReference });
      return { status: 201, body: { id: reference, payment_url: session.paymentUrl, provider: provider.name } };
    } catch (error) {
      await settleReservation({ db, reference, websiteSlug: site.slug, outcome: 'failed' });
      if (error instanceof PaymentProviderError) throw new HttpError({ status: 502, message: error.message, cause: error });
      throw error;
    }
  }

  app.get('/reservations/:id', async (request, reply) => {
    const reservation = await findReservation({ db, reference: (request.params as { id: string }).id, websiteSlug: site.slug });
    if (!reservation) return reply.code(404).send({ error: 'Reservation not found' });
    const { reference, status, car_id, amount, currency } = reservation;
    return reply.send({ id: reference, status, car_id, amount, currency });
  });

  app.get('/cars/:id/reservation', async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    if (!/^[1-9][0-9]{0,9}$/.test(raw)) return reply.code(400).send({ error: 'id must be a car id', errors: { id: 'must be a car id' } });
    const reserved = await isCarReserved({ db, websiteSlug: site.slug, carId: Number(raw) });
    // Never cached: the answer changes the moment a deposit is paid.
    return reply.header('Cache-Control', 'no-store').send({ car_id: Number(raw), reserved });
  });

  app.get('/payments/test/:id', async (request, reply) => {
    const reservation = await findReservation({ db, reference: (request.params as { id: string }).id, websiteSlug: site.slug });
    if (!reservation)
      return reply
        .code(404)
        .type('text/html')
        .send(testPage({ title: 'Payment not found', body: '<p>This payment does not exist.</p>' }));
    return reply
      .type('text/html')
      .header('Cache-Control', 'no-store')
      .send(testPaymentPage({ reservation, action: request.url.split('?')[0], locale: regionSettings(site.region).locale }));
  });

  app.post('/payments/test/:id', async (request: FastifyRequest, reply: FastifyReply) => {
    const reference = (request.params as { id: string }).id;
    const outcome = OUTCOMES[String((request.body as Record<string, unknown> | undefined)?.outcome ?? '')];
    if (!outcome) return reply.code(400).send({ error: 'outcome must be pay, cancel or fail' });
    const status = await settleReservation({ db, reference, websiteSlug: site.slug, outcome });
    const reservation = await findReservation({ db, reference, websiteSlug: site.slug });
    if (!status || !reservation) return reply.code(404).send({ error: 'Reservation not found' });
    return reply.redirect(returnUrl({ reservation, status }), 303);
  });
}

/** Where the shopper lands after paying: the reserve page with the outcome. */
export function returnUrl({ reservation, status }: { reservation: Pick<StoredReservation, 'return_path' | 'reference'>; status: ReservationStatus }): string {
  const [path, hash = ''] = reservation.return_path.split('#');
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}payment=${encodeURIComponent(status)}&reservation=${encodeURIComponent(reservation.reference)}${hash ? `#${hash}` : ''}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function testPage({ title, body }: { title: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;cursor:pointer}</style></head><body><main>${body}</main></body></html>`;
}

/** The test provider's hosted payment page. */
function testPaymentPage({ reservation, action, locale }: { reservation: StoredReservation; action: string; locale: string }): string {
  const amount = formatPrice({ amount: reservation.amount, locale, currency: reservation.currency });
  if (reservation.status !== 'pending') {
    return testPage({
      title: 'Payment already settled',
      body: `<h1>Payment ${escapeHtml(reservation.status)}</h1><p><a href="${escapeHtml(returnUrl({ reservation, status: reservation.status }))}">Back to the dealer</a></p>`,
    });
  }
  return testPage({
    title: 'Test payment',
    body: `<h1>Test payment</h1>
<p>Local test provider for <strong>${escapeHtml(reservation.provider)}</strong>. No card is charged.</p>
<p>${escapeHtml(reservation.description)}</p>
<p>Amount: <strong data-amount>${escapeHtml(amount)}</strong></p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="outcome" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>`,
  });
}
