import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeApi, stripeEvent, type StripeApiStandIn } from '../fixtures/money/stripeApi.ts';
import { isPastRelease, RELEASE_GRACE_MS } from '../domain/reservationState.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import {
  livePaymentSettings,
  PAYMENT_SESSION_MINUTES_ENV,
  PaymentSetupError,
  STRIPE_API_ENV,
  STRIPE_KEY_ENV,
  STRIPE_WEBHOOK_ENV,
} from './payments/paymentSettings.ts';
import { STRIPE_WEBHOOK_PATH } from './payments/stripeWebhook.ts';
import { createReservationSweeper, DEFAULT_SWEEP_MS, RESERVATION_SWEEP_ENV, reservationSweepMs } from './reservationSweep.ts';
import { defaultSiteConfig } from './siteConfig.ts';
import { tokenHash } from './updateToken.ts';

const SLUG = 'test-motors';
const TOKEN = 'sweep-test-update-token';
const MINUTE = 60_000;
const SESSION_MINUTES = 45;

describe('operator settings of the sweep and the payment session', () => {
  it.each([
    ['', DEFAULT_SWEEP_MS],
    ['1', 1000],
    ['86400', 86_400_000],
  ])('%j sweeps every %i ms', (text, ms) => {
    expect(reservationSweepMs({ env: { [RESERVATION_SWEEP_ENV]: text } })).toBe(ms);
  });
  it.each(['0', '86401', '1.5', 'soon', '-5'])('%j is refused, naming the variable', (text) => {
    expect(() => reservationSweepMs({ env: { [RESERVATION_SWEEP_ENV]: text } })).toThrow(`${RESERVATION_SWEEP_ENV} must be a whole number of seconds`);
  });
  const stripeEnv = { [STRIPE_KEY_ENV]: 'sk_test_x', [STRIPE_WEBHOOK_ENV]: 'whsec_x' };
  it.each([
    ['30', 30],
    ['1440', 1440],
  ])('%j: %i minutes of Stripe Checkout', (text, minutes) => {
    expect(livePaymentSettings({ env: { ...stripeEnv, [PAYMENT_SESSION_MINUTES_ENV]: text } }).stripe?.sessionMinutes).toBe(minutes);
  });
  it.each(['29', '1441', 'x'])('%s minutes is refused (Stripe takes 30 to 1440)', (text) => {
    expect(() => livePaymentSettings({ env: { ...stripeEnv, [PAYMENT_SESSION_MINUTES_ENV]: text } })).toThrow(PaymentSetupError);
  });
  it('releases only after the grace that follows the expiry', () => {
    const expiresAt = new Date('2026-01-01T00:00:00Z');
    expect(isPastRelease({ expiresAt, now: new Date(expiresAt.getTime() + RELEASE_GRACE_MS) })).toBe(false);
    expect(isPastRelease({ expiresAt, now: new Date(expiresAt.getTime() + RELEASE_GRACE_MS + 1) })).toBe(true);
  });
});

describe('the reservation sweep of serve (real database, Stripe SDK against a local API)', () => {
  let db: Database;
  let app: FastifyInstance;
  let stripeApi: StripeApiStandIn;
  let env: NodeJS.ProcessEnv;
  let now = new Date('2026-11-28T10:00:00Z');
  const clock = () => now;
  const stripe = new Stripe('sk_test_unused');

  beforeAll(async () => {
    stripeApi = await startStripeApi();
    env = {
      [STRIPE_KEY_ENV]: 'sk_test_local',
      [STRIPE_WEBHOOK_ENV]: 'whsec_sweep_secret',
      [STRIPE_API_ENV]: `http://127.0.0.1:${stripeApi.address.port}`,
      [PAYMENT_SESSION_MINUTES_ENV]: String(SESSION_MINUTES),
    };
    db = await openDatabase({ dataDir: null });
    app = await buildApp({
      outDir: path.resolve('fixtures/server/sites'),
      site: {
        ...defaultSiteConfig({ slug: SLUG }),
        payment_provider: 'Stripe',
        deposits: [801, 802, 803].map((car_id) => ({ car_id, amount: 500, currency: 'AUD' })),
      },
      db,
      uploadDir: path.resolve('.tmp/uploads-sweep'),
      rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
      clock,
      mode: { demo: false, live: livePaymentSettings({ env }) },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await stripeApi?.close();
  });

  async function reserve(carId: number): Promise<string> {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO leads (dealership_slug, website_slug, category, payload, update_token_hash) VALUES ($1, $1, 'Reserve', $2, $3) RETURNING id",
      [SLUG, { car_id: carId, email: 'r@example.com' }, tokenHash(TOKEN)],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { car_id: carId, lead_id: rows[0].id, amount: 500, return_path: '/cars/x/checkout' },
      headers: { 'update-token': TOKEN },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  // Read from the table, not GET /reservations/{id} (which releases lazily itself).
  const stored = async (reference: string) =>
    (await db.query<{ status: string; updated_at: Date }>('SELECT status, updated_at FROM reservations WHERE reference = $1', [reference])).rows[0];
  const expiredEvent = (id: string, reference: string) => {
    const session = [...stripeApi.sessions.values()].find((s) => s.client_reference_id === reference)!;
    const payload = JSON.stringify(stripeEvent({ id, type: 'checkout.session.expired', object: { ...session, status: 'expired' } }));
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: env[STRIPE_WEBHOOK_ENV]! });
    return app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
  };

  it("asks Stripe for the operator's session length, and releases an unpaid reservation on its timer once that ends", async () => {
    const reference = await reserve(801);
    expect(Number(stripeApi.requests.at(-1)!.form.get('expires_at'))).toBe(now.getTime() / 1000 + SESSION_MINUTES * 60);
    const sweeper = createReservationSweeper({ db, sites: [{ slug: SLUG }], clock, intervalMs: 25 });
    sweeper.start();
    try {
      // At the expiry plus the grace: still open (the provider's 'paid' may be on its way).
      now = new Date(now.getTime() + SESSION_MINUTES * MINUTE + RELEASE_GRACE_MS);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await stored(reference)).status).toBe('pending');
      // A moment later the timer releases it, with nobody asking.
      now = new Date(now.getTime() + 1000);
      await vi.waitFor(async () => expect((await stored(reference)).status).toBe('expired'), { timeout: 5000, interval: 25 });
    } finally {
      await sweeper.stop();
    }
    expect((await app.inject({ url: '/api/cars/801/reservation' })).json()).toEqual({ car_id: 801, reserved: false });
    // Stripe's own 'expired' event afterwards changes nothing: one release.
    const releasedAt = (await stored(reference)).updated_at;
    const late = await expiredEvent('evt_expired_801', reference);
    expect(late.json()).toEqual({ received: true, result: 'ignored' });
    expect(await stored(reference)).toEqual({ status: 'expired', updated_at: releasedAt });
    // The car can be reserved again.
    expect(await reserve(801)).not.toBe(reference);
  });

  it("after the webhook's 'expired' the sweep finds nothing to release", async () => {
    const reference = await reserve(802);
    const webhook = await expiredEvent('evt_expired_802', reference);
    expect(webhook.json()).toEqual({ received: true, result: 'applied' });
    now = new Date(now.getTime() + 24 * 60 * MINUTE);
    const sweeper = createReservationSweeper({ db, sites: [{ slug: SLUG }], clock, intervalMs: 25 });
    const swept = await sweeper.runOnce();
    expect(swept.find((s) => s.slug === SLUG)?.released).not.toContain(reference);
    expect((await stored(reference)).status).toBe('expired');
  });
});
