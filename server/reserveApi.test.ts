import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { ALREADY_RESERVED, returnUrl } from './reserveApi.ts';
import { defaultSiteConfig } from './siteConfig.ts';
import { tokenHash } from './updateToken.ts';

const SLUG = 'test-motors';
const TOKEN = 'reserve-test-update-token';

// What site-config.json lists for this site: the cars offered for reserve and their deposits.
const DEPOSITS = [
  { car_id: 501, amount: 500, currency: 'AUD' },
  { car_id: 502, amount: 250, currency: 'AUD' },
  { car_id: 503, amount: 100, currency: 'AUD' },
];
describe('reserve API with the local test provider', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    app = await buildApp({
      mode: { demo: true, live: {} },
      outDir: path.resolve('fixtures/server/sites'),
      site: { ...defaultSiteConfig({ slug: SLUG }), deposits: DEPOSITS },
      db,
      uploadDir: path.resolve('.tmp/uploads-reserve'),
      rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** A reserve lead of `carId`, stored with the update token {@link TOKEN} (what the form's POST answers). */
  async function lead(carId: number): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO leads (dealership_slug, website_slug, category, payload, update_token_hash) VALUES ($1, $1, 'Reserve', $2, $3) RETURNING id",
      [SLUG, { car_id: carId, email: 'r@example.com' }, tokenHash(TOKEN)],
    );
    return rows[0].id;
  }
  const start = (body: Record<string, unknown>, key?: string, token: string | null = TOKEN) =>
    app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: body,
      headers: { ...(key ? { 'idempotency-key': key } : {}), ...(token ? { 'update-token': token } : {}) },
    });
  const reserved = async (carId: number) => (await app.inject({ url: `/api/cars/${carId}/reservation` })).json().reserved;
  const pay = (paymentUrl: string, outcome: string) =>
    app.inject({ method: 'POST', url: paymentUrl, payload: `outcome=${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('pay: the car is reserved, the shopper returns to the reserve page with payment=paid', async () => {
    const leadId = await lead(501);
    const res = await start({ car_id: 501, lead_id: leadId, amount: 500, currency: 'AUD', provider: 'Stripe', return_path: '/cars/x/checkout' }, 'k-501');
    expect(res.statusCode).toBe(201);
    const { id, payment_url } = res.json();
    expect(payment_url).toBe(`/api/payments/test/${id}`);
    // Same key: the same answer, no second payment.
    expect(
      (await start({ car_id: 501, lead_id: leadId, amount: 500, currency: 'AUD', provider: 'Stripe', return_path: '/cars/x/checkout' }, 'k-501')).json().id,
    ).toBe(id);
    const page = await app.inject({ url: payment_url });
    // The narrowest policy the page works with: its own style by hash, a form to itself, no script, no frame.
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
    );
    const style = /<style>([^<]*)<\/style>/.exec(page.body)![1];
    expect(page.headers['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(page.body).not.toMatch(/<script|style=/);
    expect(page.body).toContain('$500');
    expect(page.body).toContain('Test (Stripe)');
    expect(await reserved(501)).toBe(false);
    const done = await pay(payment_url, 'pay');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/cars/x/checkout?payment=paid&reservation=${id}`);
    expect(await reserved(501)).toBe(true);
    expect((await app.inject({ url: `/api/reservations/${id}` })).json()).toMatchObject({ status: 'paid', car_id: 501, amount: 500 });
    // Paying twice changes nothing; a second reservation of the car is refused.
    expect((await pay(payment_url, 'fail')).headers.location).toContain('payment=paid');
    const again = await start({ car_id: 501, lead_id: await lead(501), amount: 500, return_path: '/c' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ALREADY_RESERVED);
  });

  it('fail and cancel leave no reservation', async () => {
    for (const outcome of ['fail', 'cancel']) {
      const res = await start({ car_id: 502, lead_id: await lead(502), amount: 250, return_path: '/cars/y/buy-online' });
      const done = await pay(res.json().payment_url, outcome);
      expect(done.headers.location).toContain(outcome === 'fail' ? 'payment=failed' : 'payment=cancelled');
      expect(await reserved(502)).toBe(false);
    }
    // Abandoned: started, never settled.
    await start({ car_id: 502, lead_id: await lead(502), amount: 250, return_path: '/c' });
    expect(await reserved(502)).toBe(false);
  });

  it("refuses bad bodies, other cars' leads, unknown leads and bad ids", async () => {
    expect((await start({ car_id: 503, lead_id: await lead(1), amount: 100, return_path: '/c' })).json().errors).toHaveProperty('lead_id');
    expect((await start({ car_id: 503, lead_id: 999999, amount: 100, return_path: '/c' })).statusCode).toBe(404);
    // Someone else's lead: without its update token it does not exist for this request.
    const theirs = await lead(503);
    expect((await start({ car_id: 503, lead_id: theirs, amount: 100, return_path: '/c' }, undefined, null)).statusCode).toBe(404);
    expect((await start({ car_id: 503, lead_id: theirs, amount: 100, return_path: '/c' }, undefined, 'guessed')).statusCode).toBe(404);
    // An unknown provider is refused without its name in the answer.
    const unknown = await start({ car_id: 503, lead_id: theirs, amount: 100, provider: 'Evil<script>Pay', return_path: '/c' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['provider']);
    expect(unknown.body).not.toContain('Evil');
    const bad = await start({ car_id: 'x', lead_id: 1, amount: -1, return_path: '//evil.example' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'car_id', 'return_path']);
    expect((await app.inject({ url: '/api/cars/abc/reservation' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/reservations/nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/mock/cars/1/reservation' })).json()).toEqual({ car_id: 1, reserved: false });
  });

  it('return URLs keep the path and hash', () => {
    expect(returnUrl({ reservation: { return_path: '/a?x=1#form', reference: 'r' }, status: 'failed' })).toBe('/a?x=1&payment=failed&reservation=r#form');
  });
});
