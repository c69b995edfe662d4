/**
 * Lead delivery end to end on each engine, with real parts: leads posted to the real lead API,
 * a real SMTP server (smtp-server) and a real HTTP receiver; time moves by an injected clock.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_CAP_MS, retryDelayMs } from '../../domain/leadDelivery.ts';
import { buildApp } from '../app.ts';
import { type EngineHandle, testEngines } from '../db/testEngines.ts';
import { LOOPBACK_ALLOWED, startReceiver, startSmtp, type TestReceiver, type TestSmtp } from '../../fixtures/delivery/receivers.ts';
import { parseSiteConfig, type ServedSiteConfig } from '../siteConfig.ts';
import { createDeliveryWorker } from './deliveryWorker.ts';
import { listWebsiteDeliveries, resendDelivery } from './outboxStore.ts';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, verifyWebhook } from './webhookSignature.ts';

const SLUG = 'test-motors';
const SECRET = 'whsec-test-only';
const NO_RATE_LIMIT = { windowMs: 60_000, writes: 1_000_000, reads: 1_000_000 };
const HOSTILE = `<b>"O'Brien" & Sons &amp; &e; &#65;]]></b>\u202e=cmd|' /C calc'!A0`;
const SLOW = 300_000;

async function siteWithDelivery(destinations: unknown[]): Promise<ServedSiteConfig> {
  const raw = JSON.parse(await readFile(path.resolve('fixtures/server/sites', SLUG, 'site-config.json'), 'utf8'));
  return parseSiteConfig({
    raw: {
      ...raw,
      base_url: 'https://test-motors.example',
      lead_delivery: {
        smtp: { url_env: 'FORECOURT_SECRET_TEST_SMTP_URL', port: 587, secure: false },
        from: 'leads@test-motors.example',
        destinations,
        retry_hours: 24,
      },
      cars: [
        {
          id: 42,
          path: '/cars/2019-toyota-corolla',
          name: '2019 Toyota Corolla',
          year: 2019,
          make: 'Toyota',
          model: 'Corolla',
          badge: 'Ascent',
          vin: 'JTDBR32E720012345',
          stocknum: 'STK-42',
          price: 23990,
          km: 41000,
          car_type: 'used',
          dealership_slug: 'test-motors',
          location_id: 1,
        },
        {
          id: 43,
          path: '/cars/2024-mazda-cx-5',
          name: '2024 Mazda CX-5',
          year: 2024,
          make: 'Mazda',
          model: 'CX-5',
          badge: null,
          vin: null,
          stocknum: 'U-43',
          price: 39990,
          km: 10,
          car_type: 'new',
          dealership_slug: 'test-motors-used',
          location_id: 2,
        },
      ],
    },
    slug: SLUG,
    source: 'test',
  });
}

function lead(overrides: Record<string, unknown> = {}) {
  return {
    lead: {
      name: 'Jane',
      last_name: 'Citizen',
      subcategory: HOSTILE,
      email: 'jane@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      message: `Is it available?\n${HOSTILE}`,
      category: 'Used Vehicle Enquiry',
      dealership_slug: SLUG,
      website_slug: SLUG,
      url: 'https://test-motors.example/cars/2019-toyota-corolla',
      car_id: 42,
      ...overrides,
    },
  };
}

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`lead delivery on ${engine.name}`, { timeout: SLOW }, () => {
    let handle: EngineHandle;
    let smtp: TestSmtp;
    let receiver: TestReceiver;
    let now: Date;
    const clock = () => now;

    beforeAll(async () => {
      [handle, smtp, receiver] = await Promise.all([engine.open(), startSmtp(), startReceiver()]);
    }, SLOW);
    afterAll(async () => {
      await Promise.all([handle?.dispose(), smtp?.stop(), receiver?.close()]);
    });
    beforeEach(async () => {
      now = new Date('2030-01-01T00:00:00Z');
      smtp.mails.length = 0;
      receiver.requests.length = 0;
      receiver.state.status = 200;
      await handle.db.query('DELETE FROM deliveries');
    });

    async function setUp(destinations: unknown[]) {
      const site = await siteWithDelivery(destinations);
      const app: FastifyInstance = await buildApp({
        mode: { demo: true, live: {} },
        outDir: path.resolve('fixtures/server/sites'),
        site,
        db: handle.db,
        rateLimits: NO_RATE_LIMIT,
        clock,
      });
      const env = {
        FORECOURT_SECRET_TEST_SMTP_URL: smtp.url,
        FORECOURT_SECRET_TEST_HOOK_URL: receiver.url,
        FORECOURT_SECRET_TEST_HOOK_SECRET: SECRET,
        ...LOOPBACK_ALLOWED,
      };
      const worker = createDeliveryWorker({ db: handle.db, sites: [site], clock, env, timeoutMs: 5_000 });
      const post = async (body: unknown) => {
        const response = await app.inject({ method: 'POST', url: '/api/leads', payload: body as object, headers: { origin: 'https://test-motors.example' } });
        return response;
      };
      return { site, app, worker, post };
    }

    const ALL = [
      { name: 'sales', type: 'email', to: 'sales@test-motors.example', kinds: ['lead', 'valuation', 'reservation', 'service_booking'] },
      { name: 'crm', type: 'adf_email', to: 'crm@test-motors.example', kinds: ['lead', 'valuation'] },
      { name: 'hook', type: 'webhook', url_env: 'FORECOURT_SECRET_TEST_HOOK_URL', secret_env: 'FORECOURT_SECRET_TEST_HOOK_SECRET', kinds: ['lead'] },
    ];

    it('sends the salesperson email, the ADF email and a signed webhook with every field as typed', async () => {
      const { app, worker, post } = await setUp(ALL);
      const response = await post(lead());
      expect(response.json()).toMatchObject({ id: expect.any(Number) });
      expect(response.statusCode).toBe(201);
      const leadId = response.json().id as number;
      const deliveries = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(deliveries.map((d) => [d.subject_id, d.destination.name, d.status])).toEqual([
        [leadId, 'sales', 'pending'],
        [leadId, 'crm', 'pending'],
        [leadId, 'hook', 'pending'],
      ]);
      expect(await worker.runOnce()).toBe(3);
      expect((await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG })).map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);

      const sales = smtp.mails.find((m) => m.to === 'sales@test-motors.example')!;
      expect(sales.replyTo).toBe('jane@example.com');
      expect(sales.text).toContain('Name: Jane Citizen');
      expect(sales.text).toContain(`Enquiry: Used Vehicle Enquiry / ${HOSTILE}`);
      expect(sales.text).toContain('Stock number: STK-42');
      expect(sales.text).toContain('Link: https://test-motors.example/cars/2019-toyota-corolla');
      expect(sales.html).not.toContain('<b>');
      expect(sales.html).toContain('&lt;b&gt;&quot;O&#39;Brien&quot; &amp; Sons &amp;amp; &amp;e; &amp;#65;]]&gt;&lt;/b&gt;');
      expect(sales.deliveryId).toBe(deliveries[0].delivery_id);

      const crm = smtp.mails.find((m) => m.to === 'crm@test-motors.example')!;
      const xml = crm.text;
      expect(XMLValidator.validate(xml)).toBe(true);
      const adf = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: false }).parse(xml).adf;
      const prospect = adf.prospect;
      expect(prospect.requestdate).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(prospect.vehicle).toMatchObject({
        '@interest': 'buy',
        '@status': 'used',
        year: '2019',
        make: 'Toyota',
        model: 'Corolla',
        vin: 'JTDBR32E720012345',
        stock: 'STK-42',
      });
      const names = prospect.customer.contact.name as { '#text': string; '@part': string }[];
      expect(names).toEqual([
        { '#text': 'Jane', '@part': 'first' },
        { '#text': 'Citizen', '@part': 'last' },
      ]);
      expect(prospect.customer.contact.email).toBe('jane@example.com');
      expect(prospect.customer.contact.address.postalcode).toBe('4000');
      expect(prospect.customer.comments).toContain(`Is it available?\n${HOSTILE}`);
      expect(prospect.customer.comments).toContain(`Enquiry: Used Vehicle Enquiry / ${HOSTILE}`);
      expect(prospect.vendor.vendorname).toBe('Test Motors');
      expect(prospect.provider.url).toBe('https://test-motors.example');

      expect(receiver.requests).toHaveLength(1);
      const hook = receiver.requests[0];
      expect(hook.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(deliveries[2].delivery_id);
      const signature = hook.headers[SIGNATURE_HEADER.toLowerCase()] as string;
      expect(verifyWebhook({ secret: SECRET, header: signature, body: hook.body, now })).toBe(true);
      expect(verifyWebhook({ secret: 'wrong-secret', header: signature, body: hook.body, now })).toBe(false);
      expect(verifyWebhook({ secret: SECRET, header: signature, body: hook.body.replace('Citizen', 'Citizem'), now })).toBe(false);
      expect(JSON.parse(hook.body)).toMatchObject({ event: 'lead.created', id: leadId, subcategory: HOSTILE, comments: `Is it available?\n${HOSTILE}` });
      await app.close();
    });

    it('a refused lead has no delivery; a valuation goes out with its trade-in as interest="trade-in"', async () => {
      const { app, worker, post } = await setUp(ALL);
      expect((await post(lead({ email: 'not-an-email' }))).statusCode).toBe(400);
      expect(await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG })).toEqual([]);
      const valuation = await app.inject({
        method: 'POST',
        url: '/api/valuations',
        payload: { valuation: { rego: 'ABC123', regoState: 'NSW', km: 88000, name: 'Val', email: 'val@example.com' } },
        headers: { origin: 'https://test-motors.example' },
      });
      expect(valuation.statusCode).toBe(201);
      expect(await worker.runOnce()).toBe(2);
      const crm = smtp.mails.find((m) => m.to === 'crm@test-motors.example')!;
      const prospect = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(crm.text).adf.prospect;
      expect(prospect.vehicle['@interest']).toBe('trade-in');
      expect(prospect.vehicle.odometer['#text']).toBe('88000');
      await app.close();
    });

    it('retries while the SMTP server is down, then delivers every lead once per delivery id', async () => {
      const { app, worker, post } = await setUp(ALL.slice(0, 1));
      await smtp.stop();
      for (let i = 0; i < 5; i++) expect((await post(lead({ postcode: `400${i}` }))).statusCode).toBe(201);
      expect(await worker.runOnce()).toBe(5);
      let rows = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(rows.every((d) => d.status === 'pending' && d.attempts === 1 && d.last_error)).toBe(true);
      expect(await worker.runOnce()).toBe(0); // not due before the backoff
      now = new Date(now.getTime() + retryDelayMs({ attempts: 1 }));
      await smtp.start();
      expect(await worker.runOnce()).toBe(5);
      rows = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(rows.map((d) => d.status)).toEqual(Array(5).fill('sent'));
      expect(smtp.mails.map((m) => m.deliveryId).sort()).toEqual(rows.map((d) => d.delivery_id).sort());
      await app.close();
    });

    it('backs off exponentially (capped) while the receiver answers 500, marks it failed after the retry window, and resends it', async () => {
      const { app, worker, post } = await setUp(ALL.slice(2));
      receiver.state.status = 500;
      expect((await post(lead())).statusCode).toBe(201);
      const gaps: number[] = [];
      let [row] = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      const start = now.getTime();
      while (row.status === 'pending') {
        now = new Date(Math.max(now.getTime(), new Date(row.next_attempt_at).getTime()));
        const before = now.getTime();
        await worker.runOnce();
        [row] = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
        if (row.status === 'pending') gaps.push(new Date(row.next_attempt_at).getTime() - before);
      }
      expect(row.status).toBe('failed');
      expect(row.last_error).toContain('HTTP 500');
      expect(now.getTime() - start).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(gaps.slice(0, 3)).toEqual([retryDelayMs({ attempts: 1 }), retryDelayMs({ attempts: 2 }), retryDelayMs({ attempts: 3 })]);
      expect(Math.max(...gaps)).toBe(RETRY_CAP_MS);
      const ids = new Set(receiver.requests.map((r) => r.headers[DELIVERY_ID_HEADER.toLowerCase()]));
      expect([...ids]).toEqual([row.delivery_id]);

      receiver.state.status = 204;
      expect(await resendDelivery({ db: handle.db, deliveryId: row.delivery_id, now, retryHours: 24 })).toBe(true);
      expect(await worker.runOnce()).toBe(1);
      [row] = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(row.status).toBe('sent');
      await app.close();
    });

    it('two workers never take one delivery at once; a lease left by a killed worker expires and another sends it', async () => {
      const { site, app, post } = await setUp(ALL.slice(0, 1));
      for (let i = 0; i < 6; i++) await post(lead());
      const env = { FORECOURT_SECRET_TEST_SMTP_URL: smtp.url, ...LOOPBACK_ALLOWED };
      const a = createDeliveryWorker({ db: handle.db, sites: [site], clock, env, owner: 'a', batchSize: 3, leaseMs: 60_000 });
      const b = createDeliveryWorker({ db: handle.db, sites: [site], clock, env, owner: 'b', batchSize: 100, leaseMs: 60_000 });
      const [sentA, sentB] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(sentA + sentB).toBe(6);
      expect(new Set(smtp.mails.map((m) => m.deliveryId)).size).toBe(6);
      expect(smtp.mails).toHaveLength(6);

      // A worker that leased a delivery and died: nobody else sends it until the lease ends.
      await post(lead());
      await handle.db.query(`UPDATE deliveries SET lease_owner = 'dead', lease_until = $1, attempts = 1 WHERE status = 'pending'`, [
        new Date(now.getTime() + 60_000),
      ]);
      expect(await b.runOnce()).toBe(0);
      now = new Date(now.getTime() + 60_001);
      expect(await b.runOnce()).toBe(1);
      expect(smtp.mails).toHaveLength(7);
      await app.close();
    });

    it('refuses loopback, private and metadata destinations unless the operator allows them: failed at once, saying so, nothing sent', async () => {
      const { site, app, post } = await setUp([
        { name: 'mail', type: 'email', to: 'sales@test-motors.example', kinds: ['lead'] },
        { name: 'hook', type: 'webhook', url_env: 'FORECOURT_SECRET_TEST_HOOK_URL', secret_env: 'FORECOURT_SECRET_TEST_HOOK_SECRET', kinds: ['lead'] },
        { name: 'metadata', type: 'adf_http', url: 'http://169.254.169.254/latest/meta-data/', kinds: ['lead'] },
        { name: 'private', type: 'webhook', url: 'http://10.0.0.5/hook', secret_env: 'FORECOURT_SECRET_TEST_HOOK_SECRET', kinds: ['lead'] },
      ]);
      expect((await post(lead())).statusCode).toBe(201);
      // The operator's environment without FORECOURT_ALLOW_DESTINATIONS: the receivers on 127.0.0.1 are refused too.
      const env = { FORECOURT_SECRET_TEST_SMTP_URL: smtp.url, FORECOURT_SECRET_TEST_HOOK_URL: receiver.url, FORECOURT_SECRET_TEST_HOOK_SECRET: SECRET };
      const worker = createDeliveryWorker({ db: handle.db, sites: [site], clock, env, timeoutMs: 5_000 });
      expect(await worker.runOnce()).toBe(4);
      const rows = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(rows.map((d) => [d.destination.name, d.status, d.attempts])).toEqual([
        ['mail', 'failed', 1],
        ['hook', 'failed', 1],
        ['metadata', 'failed', 1],
        ['private', 'failed', 1],
      ]);
      for (const row of rows) {
        expect(row.last_error).toContain(`${row.destination.name}: refused by the address policy`);
        expect(row.last_error).not.toMatch(/HTTP \d{3}/);
      }
      expect(rows[2].last_error).toContain('link-local');
      expect(rows[3].last_error).toContain('private-network');
      expect(smtp.mails).toHaveLength(0);
      expect(receiver.requests).toHaveLength(0);
      await app.close();
    });

    it('sends a lead of a group to the destinations of the store that has the car, only', async () => {
      const { app, worker, post } = await setUp([
        { name: 'group', type: 'email', to: 'group@test-motors.example', kinds: ['lead'] },
        { name: 'new-cars', type: 'email', to: 'new@test-motors.example', dealership_slug: 'test-motors', kinds: ['lead'] },
        { name: 'used-cars', type: 'email', to: 'used@test-motors.example', dealership_slug: 'test-motors-used', kinds: ['lead'] },
        { name: 'used-yard', type: 'email', to: 'yard@test-motors.example', location_id: 2, kinds: ['lead'] },
      ]);
      await post(lead({ car_id: 43 })); // the car is at test-motors-used, location 2
      await post(lead({ car_id: 42, dealership_slug: 'test-motors-used' })); // the car wins over the chosen dealership
      await post(lead({ car_id: null, dealership_slug: 'test-motors-used' }));
      await post(lead({ car_id: null }));
      await worker.runOnce();
      expect(smtp.mails.map((m) => m.to).sort()).toEqual(
        ['new@test-motors.example', 'new@test-motors.example', 'used@test-motors.example', 'yard@test-motors.example'].sort(),
      );
      await app.close();
    });
  });
}
