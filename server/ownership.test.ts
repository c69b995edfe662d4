/**
 * Nobody changes a lead, valuation or reservation that is not theirs: every update needs the
 * update token answered to whoever created the record. Without it (missing, wrong, another
 * record's, on the other prefix) the record does not exist for the request (404) and stays
 * exactly as it was.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type EngineHandle, testEngines } from './db/testEngines.ts';
import { loadSiteConfig } from './siteConfig.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
const SLUG = 'test-motors';

function lead(overrides: Record<string, unknown> = {}) {
  return {
    lead: {
      form: 'enquiry',
      name: 'Jane',
      last_name: 'Owner',
      email: 'jane.owner@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      message: 'Mine',
      dealership_slug: SLUG,
      car_id: 42,
      ...overrides,
    },
  };
}

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`ownership on ${engine.name}`, () => {
    let handle: EngineHandle;
    let app: FastifyInstance;

    beforeAll(async () => {
      handle = await engine.open();
      const site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: SLUG });
      app = await buildApp({
        mode: { demo: true, live: {} },
        outDir: FIXTURE_SITES,
        site: { ...site, deposits: [{ car_id: 42, amount: 500, currency: 'AUD' }] },
        db: handle.db,
        uploadDir: path.resolve('.tmp/uploads-ownership'),
      });
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
    });

    const row = async (table: 'leads' | 'valuations', id: number) =>
      (await handle.db.query(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;

    /** Tokens that are not the record's own: none, wrong, empty, another record's, the right one altered. */
    const strangers = (own: string, other: string): [string, Record<string, string>][] => [
      ['no token', {}],
      ['a made-up token', { 'update-token': 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }],
      ['an empty token', { 'update-token': '' }],
      ["another lead's token", { 'update-token': other }],
      ['the token in upper case', { 'update-token': own.toUpperCase() === own ? own.toLowerCase() : own.toUpperCase() }],
      ['the token cut short', { 'update-token': own.slice(0, -1) }],
    ];

    it('a PUT without the right token never changes a lead (404), the owner still can', async () => {
      const mine = (await app.inject({ method: 'POST', url: '/api/leads', payload: lead({ lead_status: 'Incomplete', form_completed: false }) })).json();
      const theirs = (await app.inject({ method: 'POST', url: '/api/leads', payload: lead({ email: 'other@example.com' }) })).json();
      const before = await row('leads', mine.id);
      for (const [label, headers] of strangers(mine.update_token, theirs.update_token)) {
        for (const prefix of ['/api', '/mock']) {
          const res = await app.inject({
            method: 'PUT',
            url: `${prefix}/leads/${mine.id}`,
            headers,
            payload: lead({ name: 'Intruder', email: 'evil@example.com' }),
          });
          expect(res.statusCode, `${prefix} ${label}`).toBe(404);
          expect(res.json()).toEqual({ error: `Lead ${mine.id} not found` });
        }
      }
      expect(await row('leads', mine.id)).toEqual(before);
      // The same answer as for a lead that does not exist: the id is not confirmed.
      const missing = await app.inject({ method: 'PUT', url: '/api/leads/999999', headers: { 'update-token': mine.update_token }, payload: lead() });
      expect(missing.statusCode).toBe(404);
      const owner = await app.inject({
        method: 'PUT',
        url: `/api/leads/${mine.id}`,
        headers: { 'update-token': mine.update_token },
        payload: lead({ name: 'Janet' }),
      });
      expect(owner.statusCode).toBe(200);
      expect((await row('leads', mine.id)).payload).toMatchObject({ name: 'Janet', email: 'jane.owner@example.com' });
    });

    it('a token answered for a lead is never stored, only its hash; a replayed key answers the same token', async () => {
      const headers = { 'idempotency-key': `owner-${engine.name}` };
      const first = (await app.inject({ method: 'POST', url: '/api/leads', headers, payload: lead() })).json();
      const again = (await app.inject({ method: 'POST', url: '/api/leads', headers, payload: lead() })).json();
      expect(again).toEqual(first);
      const stored = await row('leads', first.id);
      expect(JSON.stringify(stored)).not.toContain(first.update_token);
      expect(stored.update_token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('a PUT without the right token never changes a valuation (404)', async () => {
      const mine = (await app.inject({ method: 'POST', url: '/api/valuations', payload: { rego: 'OWN123', regoState: 'NSW' } })).json();
      const theirs = (await app.inject({ method: 'POST', url: '/api/valuations', payload: { rego: 'OTH456', regoState: 'NSW' } })).json();
      const before = await row('valuations', mine.id);
      for (const [label, headers] of strangers(mine.update_token, theirs.update_token)) {
        const res = await app.inject({ method: 'PUT', url: '/api/valuations', headers, payload: { id: mine.id, adjustmentAnswers: { condition: 'poor' } } });
        expect(res.statusCode, label).toBe(404);
      }
      expect(await row('valuations', mine.id)).toEqual(before);
      const owner = await app.inject({
        method: 'PUT',
        url: '/api/valuations',
        headers: { 'update-token': mine.update_token },
        payload: { id: mine.id, adjustmentAnswers: { condition: 'poor' } },
      });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().offer_price).toBeLessThan(mine.offer_price);
    });

    it("nobody reserves a car with someone else's lead", async () => {
      const mine = (await app.inject({ method: 'POST', url: '/api/leads', payload: lead({ form: 'reserve' }) })).json();
      const theirs = (await app.inject({ method: 'POST', url: '/api/leads', payload: lead({ form: 'reserve', email: 'x@example.com' }) })).json();
      const count = async () => Number((await handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations')).rows[0].n);
      const before = await count();
      const body = { car_id: 42, lead_id: mine.id, amount: 500, return_path: '/cars/x/checkout' };
      for (const [label, headers] of strangers(mine.update_token, theirs.update_token)) {
        const res = await app.inject({ method: 'POST', url: '/api/reservations', headers, payload: body });
        expect(res.statusCode, label).toBe(404);
      }
      expect(await count()).toBe(before);
      const owner = await app.inject({ method: 'POST', url: '/api/reservations', headers: { 'update-token': mine.update_token }, payload: body });
      expect(owner.statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });
}
