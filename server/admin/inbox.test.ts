/**
 * The dealer's inbox on each engine, through the real server (app.inject): no route answers
 * without a session, a change needs the session's CSRF token, sign-in is rate-limited, the CSV
 * export has the right columns with formulas neutralised, and resend queues a failed delivery again.
 */
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type EngineHandle, testEngines } from '../db/testEngines.ts';
import { listWebsiteDeliveries } from '../delivery/outboxStore.ts';
import { parseSiteConfig } from '../siteConfig.ts';
import { type AdminAuth, createAdminAuth, sessionCookie } from './adminAuth.ts';
import { listAudit } from './auditLog.ts';
import { RECORD_CSV_COLUMNS } from './recordCsv.ts';

const SLUG = 'test-motors';
const PASSWORD = 'correct horse battery staple';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const site = parseSiteConfig({
  raw: {
    slug: SLUG,
    name: 'Test Motors',
    region: 'AU',
    dealerships: [{ id: 102, slug: 'test-motors-used' }],
    car_ids: [42],
    lead_delivery: {
      destinations: [{ name: 'hook', type: 'webhook', url: 'https://crm.example/hook', secret_env: 'FORECOURT_SECRET_X', kinds: ['lead', 'service_booking'] }],
    },
  },
  slug: SLUG,
  source: 'test',
});

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`the inbox on ${engine.name}`, { timeout: 120_000 }, () => {
    let handle: EngineHandle;
    let app: FastifyInstance;
    let auth: AdminAuth;
    let leadId: number;

    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    // Each sign-in from its own address, so only the rate-limit test meets the limit.
    let addresses = 0;
    const signIn = (password = PASSWORD, remoteAddress = `127.0.1.${++addresses}`) =>
      app.inject({ method: 'POST', url: '/admin/login', payload: form({ user: 'admin', password }), headers: FORM, remoteAddress });
    /** A signed-in session: its cookie and its CSRF token, read from the page like a browser would. */
    async function session() {
      const response = await signIn();
      expect(response.statusCode).toBe(303);
      const cookie = String(response.headers['set-cookie']).split(';')[0];
      const page = await app.inject({ url: '/admin/', headers: { cookie } });
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
      return { cookie, csrf, page };
    }

    beforeAll(async () => {
      handle = await engine.open();
      auth = await createAdminAuth({ user: 'admin', password: PASSWORD });
      app = await buildApp({
        outDir: path.resolve('fixtures/server/sites'),
        site,
        db: handle.db,
        rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
        admin: auth,
        adminLoginLimit: { max: 5, windowMs: 60_000 },
        localToken: 'local',
      });
      const lead = await app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: {
          lead: {
            name: 'Jane',
            last_name: 'Citizen',
            email: 'jane@example.com',
            phone: '0412 345 678',
            postcode: '4000',
            message: '=HYPERLINK("https://evil.example","Click")',
            category: 'Used Vehicle Enquiry',
            dealership_slug: SLUG,
            car_id: 42,
          },
        },
      });
      expect(lead.statusCode, lead.body).toBe(201);
      leadId = lead.json().id;
      // A record whose name starts a formula (stored before names were checked).
      await handle.db.query("INSERT INTO leads (dealership_slug, website_slug, category, payload) VALUES ($1, $2, 'Service Booking', $3)", [
        'test-motors-used',
        SLUG,
        { name: '=1+2', last_name: 'Sum', email: '@attacker', phone: '+61 400 000 000', message: 'Brakes' },
      ]);
      await handle.db.query("UPDATE deliveries SET status = 'failed', attempts = 9, last_error = 'HTTP 500 from the receiver' WHERE subject_id = $1", [leadId]);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
    });

    it('answers nothing under /admin or /api/admin without a session: pages redirect to sign-in, the rest is 401', async () => {
      const requests: [InjectOptions, number][] = [
        [{ url: '/admin/' }, 303],
        [{ url: '/admin' }, 303],
        [{ url: '/admin/records.csv' }, 303],
        [{ url: '/admin/records/lead/1' }, 303],
        [{ url: '/admin/anything/else' }, 303],
        [{ url: '/api/admin/records' }, 401],
        [{ url: '/api/admin/other' }, 401],
        [{ url: '/api/admin/local/records?slug=test-motors' }, 401],
        [{ method: 'POST', url: '/admin/logout', payload: form({ _csrf: 'x' }), headers: FORM }, 401],
        [{ method: 'POST', url: '/admin/deliveries/anything/resend', payload: form({ _csrf: 'x' }), headers: FORM }, 401],
        [{ url: '/admin/', headers: { cookie: 'forecourt_admin=forged' } }, 303],
      ];
      for (const [request, status] of requests) {
        const response = await app.inject(request);
        expect(response.statusCode, `${request.method ?? 'GET'} ${request.url}`).toBe(status);
        if (status === 303) expect(response.headers.location).toBe('/admin/login');
        expect(response.body).not.toContain('jane@example.com');
      }
      const login = await app.inject({ url: '/admin/login' });
      expect(login.statusCode).toBe(200);
      expect(login.body).toMatch(/<label>User name<input [^>]*name="user"/);
      expect(login.body).toMatch(/<label>Password<input type="password" [^>]*name="password"/);
    });

    it('signs in with the password only, with an HttpOnly SameSite=Strict cookie (Secure over https)', async () => {
      const wrong = await signIn('not the password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['set-cookie']).toBeUndefined();
      expect(wrong.body).toContain('Wrong user name or password.');
      const right = await signIn();
      expect(right.headers['set-cookie']).toMatch(/^forecourt_admin=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
      expect(sessionCookie({ id: 'x', secure: true })).toBe('forecourt_admin=x; Path=/; HttpOnly; SameSite=Strict; Max-Age=28800; Secure');
      const audit = await listAudit({ db: handle.db, websiteSlug: SLUG });
      expect(audit.slice(0, 2).map((entry) => [entry.actor, entry.action])).toEqual([
        ['admin', 'sign_in'],
        ['admin', 'sign_in_failed'],
      ]);
    });

    it('lists the records newest first with their delivery state, and filters them', async () => {
      const { cookie, page } = await session();
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('2 records, newest first');
      expect(page.body.indexOf('=1+2 Sum')).toBeLessThan(page.body.indexOf('Jane Citizen'));
      expect(page.body).toContain('<span class="state state-failed">failed</span> after 9 attempts<small>HTTP 500 from the receiver</small>');
      expect(page.body).toContain('aria-label="Resend to hook (record');
      // Text is escaped, never markup.
      expect(page.body).toContain('=HYPERLINK(&quot;https://evil.example&quot;,&quot;Click&quot;)');
      const used = await app.inject({ url: '/admin/?dealership=test-motors-used&kind=service_booking', headers: { cookie } });
      expect(used.body).toContain('1 record, newest first');
      expect(used.body).not.toContain('Jane Citizen');
      const none = await app.inject({ url: '/admin/?q=nobody-like-this', headers: { cookie } });
      expect(none.body).toContain('Nothing matches these filters.');
      const json = await app.inject({ url: '/api/admin/records?kind=lead', headers: { cookie } });
      expect(json.json().records.map((r: { id: number }) => r.id)).toEqual([leadId]);
      expect((await app.inject({ url: '/admin/?kind=cars', headers: { cookie } })).statusCode).toBe(400);
    });

    it("shows one record in full on its own page, linked from the list: every field sent, escaped, and each delivery's state", async () => {
      const { cookie, page } = await session();
      expect(page.body).toContain(`href="/admin/records/lead/${leadId}"`);
      const response = await app.inject({ url: `/admin/records/lead/${leadId}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain(`<h2>Lead #${leadId}</h2>`);
      expect(response.body).toContain('<th scope="row">message</th><td class="value">=HYPERLINK(&quot;https://evil.example&quot;,&quot;Click&quot;)</td>');
      expect(response.body).toContain('<th scope="row">postcode</th><td class="value">4000</td>');
      expect(response.body).toContain('<span class="state state-failed">failed</span> after 9 attempts<small>HTTP 500 from the receiver</small>');
      expect(response.body).toMatch(/name="_csrf" value="[^"]+"/);
      // The service booking is stored as a lead but is not one; an unknown id or kind is not found.
      const [booking] = (await app.inject({ url: '/api/admin/records?kind=service_booking', headers: { cookie } })).json().records as { id: number }[];
      expect((await app.inject({ url: `/admin/records/service_booking/${booking.id}`, headers: { cookie } })).body).toContain('=1+2 Sum');
      for (const url of [`/admin/records/lead/${booking.id}`, '/admin/records/lead/999999', '/admin/records/car/1', '/admin/records/lead/x']) {
        expect((await app.inject({ url, headers: { cookie } })).statusCode, url).toBe(404);
      }
    });

    it('refuses a change without the CSRF token, with a wrong one or from another site; resend queues a failed delivery again', async () => {
      const { cookie, csrf } = await session();
      const [failed] = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(failed.status).toBe('failed');
      const url = `/admin/deliveries/${failed.delivery_id}/resend`;
      const attempts: [Record<string, string>, Record<string, string>][] = [
        [{}, {}],
        [{ _csrf: 'not-the-token' }, {}],
        [{ _csrf: csrf }, { origin: 'https://evil.example' }],
      ];
      for (const [fields, headers] of attempts) {
        const refused = await app.inject({ method: 'POST', url, payload: form(fields), headers: { ...FORM, cookie, ...headers } });
        expect(refused.statusCode).toBe(403);
      }
      expect((await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG }))[0].status).toBe('failed');
      const resent = await app.inject({ method: 'POST', url, payload: form({ _csrf: csrf }), headers: { ...FORM, cookie, origin: 'http://localhost:80' } });
      expect(resent.statusCode).toBe(303);
      expect(resent.headers.location).toBe(`/admin/?resent=${failed.delivery_id}`);
      const [queued] = await listWebsiteDeliveries({ db: handle.db, websiteSlug: SLUG });
      expect(queued).toMatchObject({ delivery_id: failed.delivery_id, status: 'pending', attempts: 0 });
      expect(new Date(queued.give_up_at).getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
      const [entry] = await listAudit({ db: handle.db, websiteSlug: SLUG });
      expect(entry).toMatchObject({
        actor: 'admin',
        action: 'resend_delivery',
        address: '127.0.0.1',
        detail: { delivery_id: failed.delivery_id, destination: 'hook' },
      });
      // Pending already: nothing to resend.
      expect((await app.inject({ method: 'POST', url, payload: form({ _csrf: csrf }), headers: { ...FORM, cookie } })).statusCode).toBe(409);
      const other = await app.inject({
        method: 'POST',
        url: '/admin/deliveries/not-a-delivery/resend',
        payload: form({ _csrf: csrf }),
        headers: { ...FORM, cookie },
      });
      expect(other.statusCode).toBe(404);
    });

    it('exports CSV with the listed columns, formulas neutralised, as an attachment', async () => {
      const { cookie } = await session();
      const response = await app.inject({ url: '/admin/records.csv', headers: { cookie } });
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="test-motors-records.csv"');
      const [header, first, second] = response.body.replace(/^\ufeff/, '').split('\r\n');
      expect(header).toBe(RECORD_CSV_COLUMNS.map(([name]) => `"${name}"`).join(','));
      const cells = (line: string) => line.match(/"(?:[^"]|"")*"|[^,]+/g)!;
      const columns = RECORD_CSV_COLUMNS.map(([name]) => name);
      const booking = Object.fromEntries(cells(first).map((cell, i) => [columns[i], cell]));
      expect(booking).toMatchObject({ kind: '"service_booking"', name: `"'=1+2 Sum"`, email: `"'@attacker"`, phone: `"'+61 400 000 000"` });
      const lead = Object.fromEntries(cells(second).map((cell, i) => [columns[i], cell]));
      expect(lead).toMatchObject({ id: String(leadId), message: `"'=HYPERLINK(""https://evil.example"",""Click"")"`, car_id: '42' });
      expect((await listAudit({ db: handle.db, websiteSlug: SLUG }))[0]).toMatchObject({ action: 'export_csv', detail: { records: 2 } });
    });

    it('signs out with the CSRF token; the session is gone', async () => {
      const { cookie, csrf } = await session();
      expect((await app.inject({ method: 'POST', url: '/admin/logout', payload: form({}), headers: { ...FORM, cookie } })).statusCode).toBe(403);
      const out = await app.inject({ method: 'POST', url: '/admin/logout', payload: form({ _csrf: csrf }), headers: { ...FORM, cookie } });
      expect(out.statusCode).toBe(303);
      expect(out.headers['set-cookie']).toContain('Max-Age=0');
      expect((await app.inject({ url: '/admin/', headers: { cookie } })).headers.location).toBe('/admin/login');
    });

    it('is off unless asked: without --admin, /admin/ is the site 404', async () => {
      const plain = await buildApp({ outDir: path.resolve('fixtures/server/sites'), site, db: handle.db });
      expect((await plain.inject({ url: '/admin/' })).statusCode).toBe(404);
      await plain.close();
    });

    it('limits sign-in attempts per address, the right password included', async () => {
      const address = '10.9.8.7';
      for (let i = 0; i < 5; i++) expect((await signIn('wrong password!', address)).statusCode).toBe(401);
      const limited = await signIn(PASSWORD, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['set-cookie']).toBeUndefined();
      expect(limited.body).toContain('Too many sign-in attempts');
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await signIn(PASSWORD, '10.9.8.6')).statusCode).toBe(303);
    });
  });
}

describe('the admin password', () => {
  it('must be long enough', async () => {
    await expect(createAdminAuth({ user: 'admin', password: 'short' })).rejects.toThrow(/at least 12 characters/);
  });
});
