import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeApi, type StripeApiStandIn } from '../fixtures/money/stripeApi.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { livePaymentSettings, STRIPE_API_ENV, STRIPE_KEY_ENV, STRIPE_WEBHOOK_ENV } from './payments/paymentSettings.ts';
import { defaultSiteConfig } from './siteConfig.ts';
import { tokenHash } from './updateToken.ts';

const SLUG = 'test-motors';
const TOKEN = 'payment-start-update-token';
const ENQUIRY = {
  form: 'enquiry',
  name: 'Sam',
  last_name: 'Lee',
  email: 'sam@example.com',
  phone: '0412 345 678',
  postcode: '4000',
  message: 'Is it still available?',
  category: 'Used Vehicle Enquiry',
  url: 'http://x/cars/a',
  source: 'Website',
  dealership_slug: SLUG,
};

describe('starting a deposit payment holds no database connection while the provider answers', () => {
  let db: Database;
  let app: FastifyInstance;
  let stripeApi: StripeApiStandIn;
  // The stand-in holds each Checkout Session until the test lets it answer.
  let arrived: () => void = () => {};
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (arrived = resolve));
  const gate = () => {
    arrived();
    return new Promise<void>((resolve) => (release = resolve));
  };

  beforeAll(async () => {
    stripeApi = await startStripeApi({ gate });
    const env = {
      [STRIPE_KEY_ENV]: 'sk_test_local',
      [STRIPE_WEBHOOK_ENV]: 'whsec_local',
      [STRIPE_API_ENV]: `http://127.0.0.1:${stripeApi.address.port}`,
    };
    db = await openDatabase({ dataDir: null });
    app = await buildApp({
      outDir: path.resolve('fixtures/server/sites'),
      site: { ...defaultSiteConfig({ slug: SLUG }), payment_provider: 'Stripe', deposits: [{ car_id: 901, amount: 500, currency: 'AUD' }] },
      db,
      uploadDir: path.resolve('.tmp/uploads-payment-start'),
      rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
      mode: { demo: false, live: livePaymentSettings({ env }) },
    });
  }, 60_000);
  afterAll(async () => {
    release();
    await app?.close();
    await db?.close();
    await stripeApi?.close();
  });

  it('another lead is stored while Stripe is still creating the session; the reservation is stored once it answers', async () => {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO leads (dealership_slug, website_slug, category, payload, update_token_hash) VALUES ($1, $1, 'Reserve', $2, $3) RETURNING id",
      [SLUG, { car_id: 901, email: 'r@example.com' }, tokenHash(TOKEN)],
    );
    const finished: string[] = [];
    const reservation = app
      .inject({
        method: 'POST',
        url: '/api/reservations',
        payload: { car_id: 901, lead_id: rows[0].id, amount: 500, return_path: '/cars/x/checkout' },
        headers: { 'update-token': TOKEN, 'idempotency-key': 'reserve-901-a' },
      })
      .then((response) => (finished.push('reservation'), response));
    await held;
    const lead = await app.inject({ method: 'POST', url: '/api/leads', payload: { lead: ENQUIRY } }).then((response) => (finished.push('lead'), response));
    expect(lead.statusCode, lead.body).toBe(201);
    expect(finished).toEqual(['lead']);
    const pending = await db.query('SELECT 1 FROM reservations WHERE car_id = 901');
    expect(pending.rows).toHaveLength(0);
    release();
    const answer = await reservation;
    expect(answer.statusCode, answer.body).toBe(201);
    const { rows: stored } = await db.query<{ status: string; provider_reference: string }>(
      'SELECT status, provider_reference FROM reservations WHERE reference = $1',
      [answer.json().id],
    );
    expect(stored).toEqual([{ status: 'pending', provider_reference: 'cs_test_1' }]);

    // The same request again (a double click) is answered from its key: no second session is asked for.
    held = new Promise<void>((resolve) => (arrived = resolve));
    const requests = stripeApi.requests.length;
    const again = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { car_id: 901, lead_id: rows[0].id, amount: 500, return_path: '/cars/x/checkout' },
      headers: { 'update-token': TOKEN, 'idempotency-key': 'reserve-901-a' },
    });
    expect(again.json()).toEqual(answer.json());
    expect(stripeApi.requests.length).toBe(requests);
  }, 30_000);
});
