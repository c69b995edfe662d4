/**
 * Inbox users scoped to one dealership of a group website: the scope rule as a table, then
 * through the real server on each engine: the user lists, opens, exports and resends the records
 * of their dealership only; another dealership's record answers 404 by id, as if it did not exist.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type EngineHandle, testEngines } from '../db/testEngines.ts';
import { parseSiteConfig } from '../siteConfig.ts';
import { createAdminAuth } from './adminAuth.ts';
import { audit } from './auditLog.ts';
import { inboxScope, scopeHolds } from './inboxScope.ts';
import { hashPassword } from './passwordHash.ts';

// The fixture site's pages; its settings here make it a group of two dealerships.
const SLUG = 'test-motors';
const NORTH = 'test-motors-north';
const SOUTH = 'test-motors-south';
const PASSWORD = 'north yard keeps its own books';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const group = { slug: SLUG, dealerships: [{ slug: NORTH }, { slug: SOUTH }] };

describe('inboxScope', () => {
  it.each([
    ['every dealer (the password account)', null, { dealerships: null }],
    ['the website', [SLUG], { dealerships: null }],
    ['the website and one dealership', [NORTH, SLUG], { dealerships: null }],
    ['one dealership', [NORTH], { dealerships: [NORTH] }],
    ['both dealerships', [SOUTH, NORTH, 'elsewhere'], { dealerships: [NORTH, SOUTH] }],
    ['another website', ['elsewhere'], null],
  ])('a user of %s', (_name, dealers, scope) => {
    expect(inboxScope({ dealers, site: group })).toEqual(scope);
  });

  it.each([
    [{ dealerships: null }, SOUTH, true],
    [{ dealerships: [NORTH] }, NORTH, true],
    [{ dealerships: [NORTH] }, SOUTH, false],
    [{ dealerships: [NORTH] }, SLUG, false],
    [{ dealerships: [NORTH] }, null, false],
  ])('scope %j holds a record of %s: %s', (scope, dealershipSlug, holds) => {
    expect(scopeHolds({ scope, dealershipSlug })).toBe(holds);
  });
});

const site = parseSiteConfig({
  raw: {
    slug: SLUG,
    name: 'Test Group',
    region: 'AU',
    dealerships: [
      { id: 201, name: 'North', slug: NORTH },
      { id: 202, name: 'South', slug: SOUTH },
    ],
    lead_delivery: {
      destinations: [{ name: 'hook', type: 'webhook', url: 'https://crm.example/hook', secret_env: 'FORECOURT_SECRET_X', kinds: ['lead'] }],
    },
  },
  slug: SLUG,
  source: 'test',
});

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`a user of one dealership of a group website, on ${engine.name}`, { timeout: 120_000 }, () => {
    let handle: EngineHandle;
    let app: FastifyInstance;
    const ids: Record<string, number> = {};
    const deliveries: Record<string, string> = {};
    let cookie: string;
    let csrf: string;

    const signIn = (user: string, password: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/admin/login', payload: new URLSearchParams({ user, password }).toString(), headers: FORM, remoteAddress });

    beforeAll(async () => {
      handle = await engine.open();
      const password_hash = await hashPassword({ password: PASSWORD });
      const auth = await createAdminAuth({
        users: [
          { user: 'north', dealers: [NORTH], password_hash },
          { user: 'elsewhere', dealers: ['elsewhere-motors'], password_hash },
        ],
      });
      app = await buildApp({ outDir: path.resolve('fixtures/server/sites'), site, db: handle.db, admin: auth });
      for (const dealership of [NORTH, SOUTH]) {
        const lead = await app.inject({
          method: 'POST',
          url: '/api/leads',
          payload: {
            lead: {
              name: 'Jane',
              last_name: 'Citizen',
              email: `jane@${dealership}.example`,
              phone: '0412 345 678',
              postcode: '4000',
              category: 'General Enquiry',
              dealership_slug: dealership,
            },
          },
        });
        expect(lead.statusCode, lead.body).toBe(201);
        ids[dealership] = lead.json().id;
        const { rows } = await handle.db.query<{ delivery_id: string }>("SELECT delivery_id FROM deliveries WHERE subject_kind = 'lead' AND subject_id = $1", [
          ids[dealership],
        ]);
        deliveries[dealership] = rows[0].delivery_id;
      }
      await handle.db.query("UPDATE deliveries SET status = 'failed', attempts = 9, last_error = 'HTTP 500 from the receiver'");
      const signedIn = await signIn('north', PASSWORD, '127.0.2.1');
      expect(signedIn.statusCode).toBe(303);
      cookie = String(signedIn.headers['set-cookie']).split(';')[0];
      const page = await app.inject({ url: '/admin/', headers: { cookie } });
      csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
      expect(page.body).toContain(`jane@${NORTH}.example`);
      expect(page.body).not.toContain(`jane@${SOUTH}.example`);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
    });

    it("shows their own actions in the page's audit trail, not another dealership's user's", async () => {
      await audit({ db: handle.db, actor: 'south', address: '198.51.100.7', action: 'export_csv', websiteSlug: SLUG });
      const page = await app.inject({ url: '/admin/', headers: { cookie } });
      expect(page.body).toContain('north sign in');
      expect(page.body).not.toContain('south export csv');
    });

    it('lists and exports the records of their dealership only, whatever the filter asks', async () => {
      const listed = async (query: string) =>
        (await app.inject({ url: `/api/admin/records${query}`, headers: { cookie } })).json().records.map((record: { id: number }) => record.id);
      expect(await listed('')).toEqual([ids[NORTH]]);
      expect(await listed(`?dealership=${SOUTH}`)).toEqual([]);
      const csv = await app.inject({ url: '/admin/records.csv', headers: { cookie } });
      expect(csv.body).toContain(`jane@${NORTH}.example`);
      expect(csv.body).not.toContain(`jane@${SOUTH}.example`);
    });

    it("opens and resends their dealership's records, and answers 404 for another dealership's by id", async () => {
      expect((await app.inject({ url: `/admin/records/lead/${ids[NORTH]}`, headers: { cookie } })).statusCode).toBe(200);
      expect((await app.inject({ url: `/admin/records/lead/${ids[SOUTH]}`, headers: { cookie } })).statusCode).toBe(404);
      const resend = (deliveryId: string) =>
        app.inject({
          method: 'POST',
          url: `/admin/deliveries/${deliveryId}/resend`,
          payload: new URLSearchParams({ _csrf: csrf }).toString(),
          headers: { ...FORM, cookie },
        });
      expect((await resend(deliveries[SOUTH])).statusCode).toBe(404);
      const { rows } = await handle.db.query<{ status: string }>('SELECT status FROM deliveries WHERE delivery_id = $1', [deliveries[SOUTH]]);
      expect(rows[0].status).toBe('failed');
      expect((await resend(deliveries[NORTH])).statusCode).toBe(303);
    });

    it("refuses a user of another website's dealership at sign-in", async () => {
      expect((await signIn('elsewhere', PASSWORD, '127.0.2.2')).statusCode).toBe(401);
    });
  });
}
