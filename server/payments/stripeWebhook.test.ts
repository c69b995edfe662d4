import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeApi, stripeEvent, type StripeApiStandIn } from '../../fixtures/money/stripeApi.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { defaultSiteConfig } from '../siteConfig.ts';
import { tokenHash } from '../updateToken.ts';
import { livePaymentSettings, STRIPE_API_ENV, STRIPE_KEY_ENV, STRIPE_WEBHOOK_ENV } from './paymentSettings.ts';
import { STRIPE_WEBHOOK_PATH } from './stripeWebhook.ts';

const SLUG = 'test-motors';
const TOKEN = 'stripe-test-update-token';
const DEPOSITS = [
  { car_id: 701, amount: 500, currency: 'AUD' },
  { car_id: 702, amount: 250, currency: 'AUD' },
  { car_id: 703, amount: 300, currency: 'AUD' },
];

describe('Stripe deposits through the official SDK and its verified webhook (production mode)', () => {
  let db: Database;
  let app: FastifyInstance;
  let stripeApi: StripeApiStandIn;
  // The secrets come from the environment, as the operator sets them.
  let env: NodeJS.ProcessEnv;
  const stripe = new Stripe('sk_test_unused');

  beforeAll(async () => {
    stripeApi = await startStripeApi();
    env = {
      [STRIPE_KEY_ENV]: 'sk_test_local',
      [STRIPE_WEBHOOK_ENV]: 'whsec_local_secret',
      [STRIPE_API_ENV]: `http://127.0.0.1:${stripeApi.address.port}`,
    };
    db = await openDatabase({ dataDir: null });
    app = await buildApp({
      outDir: path.resolve('fixtures/server/sites'),
      site: { ...defaultSiteConfig({ slug: SLUG }), payment_provider: 'Stripe', deposits: DEPOSITS },
      db,
      uploadDir: path.resolve('.tmp/uploads-stripe'),
      rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
      mode: { demo: false, live: livePaymentSettings({ env }) },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await stripeApi?.close();
  });

  async function reserve(carId: number, amount: number): Promise<{ id: string; payment_url: string }> {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO leads (dealership_slug, website_slug, category, payload, update_token_hash) VALUES ($1, $1, 'Reserve', $2, $3) RETURNING id",
      [SLUG, { car_id: carId, email: 'r@example.com' }, tokenHash(TOKEN)],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      // The browser's provider name is ignored in production: the site's own provider is used.
      payload: { car_id: carId, lead_id: rows[0].id, amount, currency: 'AUD', provider: 'Till', return_path: '/cars/x/checkout' },
      headers: { 'update-token': TOKEN },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const session = (id: string) => [...stripeApi.sessions.values()].find((s) => s.client_reference_id === id)!;
  const post = (event: Record<string, unknown>, secret = env[STRIPE_WEBHOOK_ENV]!) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
  };
  const status = async (id: string) => (await app.inject({ url: `/api/reservations/${id}` })).json().status;
  const reserved = async (carId: number) => (await app.inject({ url: `/api/cars/${carId}/reservation` })).json().reserved;
  const deliveries = async (id: string) =>
    (
      await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM deliveries d JOIN reservations r ON r.id = d.subject_id AND d.subject_kind = 'reservation' WHERE r.reference = $1",
        [id],
      )
    ).rows[0].n;

  it('creates a Checkout Session for the deposit in the region currency and sends the shopper there', async () => {
    const { id, payment_url } = await reserve(701, 500);
    const request = stripeApi.requests.at(-1)!;
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_local');
    expect(request.headers['idempotency-key']).toBe(`reserve-${id}`);
    expect(request.form.get('line_items[0][price_data][unit_amount]')).toBe('50000');
    expect(request.form.get('line_items[0][price_data][currency]')).toBe('aud');
    expect(request.form.get('client_reference_id')).toBe(id);
    expect(request.form.get('success_url')).toMatch(new RegExp(`/cars/x/checkout\\?payment=paid&reservation=${id}$`));
    expect(payment_url).toBe(session(id).url);
    expect(await status(id)).toBe('pending');
  });

  it('a bad signature gets 400 and changes nothing; a good one marks it paid once; the same event again changes nothing', async () => {
    const { id } = await reserve(702, 250);
    const paid = stripeEvent({
      id: 'evt_paid_702',
      type: 'checkout.session.completed',
      object: { ...session(id), status: 'complete', payment_status: 'paid', payment_intent: 'pi_702' },
    });
    const forged = await post(paid, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: JSON.stringify(paid),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await status(id)).toBe('pending');
    expect(await reserved(702)).toBe(false);

    const good = await post(paid);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true, result: 'applied' });
    expect(await status(id)).toBe('paid');
    expect(await reserved(702)).toBe(true);
    const sent = await deliveries(id);

    const again = await post(paid);
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });
    expect(await deliveries(id)).toBe(sent);

    // Out of order: the session's expiry arrives after its payment, and it stays paid.
    const expired = await post(stripeEvent({ id: 'evt_expired_702', type: 'checkout.session.expired', object: { ...session(id), status: 'expired' } }));
    expect(expired.json().result).toBe('ignored');
    expect(await status(id)).toBe('paid');
    expect(await reserved(702)).toBe(true);

    // A full refund releases the car (found by the payment's id).
    await post(
      stripeEvent({
        id: 'evt_refund_702',
        type: 'charge.refunded',
        object: { id: 'ch_1', object: 'charge', refunded: true, payment_intent: 'pi_702', metadata: {} },
      }),
    );
    expect(await status(id)).toBe('refunded');
    expect(await reserved(702)).toBe(false);
  });

  it('an expired session releases the reservation; a payment of another amount reserves nothing', async () => {
    const { id } = await reserve(703, 300);
    await post(stripeEvent({ id: 'evt_wrong_703', type: 'checkout.session.completed', object: { ...session(id), payment_status: 'paid', amount_total: 100 } }));
    expect(await status(id)).toBe('pending');
    await post(stripeEvent({ id: 'evt_expired_703', type: 'checkout.session.expired', object: { ...session(id), status: 'expired' } }));
    expect(await status(id)).toBe('expired');
    expect(await reserved(703)).toBe(false);
  });

  it('a session past its expiry is released without its webhook', async () => {
    const { id } = await reserve(701, 500);
    await db.query("UPDATE reservations SET expires_at = now() - interval '10 minutes' WHERE reference = $1", [id]);
    expect(await status(id)).toBe('expired');
  });

  it('production mode serves no stand-in: no test payment page, no invented lookup', async () => {
    for (const url of ['/api/payments/test/00000000-0000-4000-8000-000000000000', '/mock/payments/test/00000000-0000-4000-8000-000000000000']) {
      expect(
        (await app.inject({ method: 'POST', url, payload: 'outcome=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode,
      ).toBe(404);
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
    const lookup = await app.inject({ method: 'POST', url: '/api/simple-autograb-lookup', payload: { rego: 'ABC123', regoState: 'NSW' } });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.body).not.toMatch(/make|vin|market_price/);
  });
});
