/**
 * The dealer's view of stored records, a person's export and erasure, and the retention period,
 * on each engine: records are made through the real lead and reserve API, then read, exported,
 * erased and expired.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePersonKey, type PersonKey } from '../../domain/personMatch.ts';
import { buildApp } from '../app.ts';
import { type EngineHandle, testEngines } from '../db/testEngines.ts';
import { parseSiteConfig } from '../siteConfig.ts';
import { listAudit } from './auditLog.ts';
import { LOCAL_ADMIN_PREFIX } from './localAdminApi.ts';
import { erasePerson, exportPerson } from './personData.ts';
import { listRecords } from './recordQuery.ts';
import { createRetentionSweeper, deleteExpiredRecords } from './retention.ts';

const SLUG = 'test-motors';
const TOKEN = 'local-test-token';
const ORIGIN = { origin: 'https://test-motors.example' };
const site = parseSiteConfig({
  raw: {
    slug: SLUG,
    name: 'Test Motors',
    region: 'AU',
    dealerships: [
      { id: 101, slug: SLUG },
      { id: 102, slug: 'test-motors-used' },
    ],
    car_ids: [42, 43],
    deposits: [{ car_id: 42, amount: 500, currency: 'AUD' }],
    origins: ['https://test-motors.example'],
    lead_delivery: {
      destinations: [{ name: 'sales', type: 'email', to: 'sales@test-motors.example', kinds: ['lead', 'valuation', 'reservation', 'service_booking'] }],
    },
  },
  slug: SLUG,
  source: 'test',
});
const person = (text: string): PersonKey => parsePersonKey(text) as PersonKey;

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`stored records on ${engine.name}`, { timeout: 120_000 }, () => {
    let handle: EngineHandle;
    let app: FastifyInstance;
    let dir: string;
    const ids: Record<string, number> = {};

    const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'POST', url, payload, headers: { ...ORIGIN, ...headers } });
      expect(response.statusCode, response.body).toBeLessThan(400);
      return response;
    };
    const lead = (fields: Record<string, unknown>) =>
      post('/api/leads', {
        lead: {
          name: 'Jane',
          last_name: 'Citizen',
          email: 'jane@example.com',
          phone: '0412 345 678',
          postcode: '4000',
          message: 'Hello',
          dealership_slug: SLUG,
          website_slug: SLUG,
          ...fields,
        },
      });
    /** Moves a record's creation time (the database stamps now() on insert). */
    const createdAt = (table: string, id: number, at: string) => handle.db.query(`UPDATE ${table} SET created_at = $2 WHERE id = $1`, [id, new Date(at)]);

    beforeAll(async () => {
      handle = await engine.open();
      dir = await mkdtemp(path.join(tmpdir(), 'forecourt-records-'));
      app = await buildApp({
        mode: { demo: true, live: {} },
        outDir: path.resolve('fixtures/server/sites'),
        site,
        db: handle.db,
        uploadDir: dir,
        rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
        localToken: TOKEN,
      });
      ids.lead = (await lead({ category: 'Used Vehicle Enquiry', car_id: 42 })).json().id;
      ids.service = (await lead({ category: 'Service Booking', email: 'other@example.com', phone: '+61 412 345 678' })).json().id;
      ids.valuation = (
        await post('/api/valuations', {
          valuation: { rego: 'ABC123', regoState: 'NSW', name: 'Jane', email: 'JANE@example.com', phone: '0411 111 111', postcode: '2000' },
        })
      ).json().id;
      const reserveLead = await lead({ category: 'Reserve', car_id: 42, email: 'jane@example.com' });
      ids.reserveLead = reserveLead.json().id;
      const reservation = await post(
        '/api/reservations',
        { car_id: 42, lead_id: ids.reserveLead, amount: 500, currency: 'AUD', provider: 'Stripe', return_path: '/cars/x/checkout' },
        { 'update-token': reserveLead.json().update_token },
      );
      ids.reservation = (await handle.db.query<{ id: number }>('SELECT id FROM reservations WHERE lead_id = $1', [ids.reserveLead])).rows[0].id;
      await app.inject({
        method: 'POST',
        url: reservation.json().payment_url,
        payload: 'outcome=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      ids.bob = (await lead({ name: 'Bob', message: '=HYPERLINK("x")', email: 'bob@example.com', phone: '0499 999 999' })).json().id;
      await createdAt('leads', ids.lead, '2030-01-01T00:00:00Z');
      await createdAt('leads', ids.service, '2030-01-02T00:00:00Z');
      await createdAt('valuations', ids.valuation, '2030-01-03T00:00:00Z');
      await createdAt('leads', ids.reserveLead, '2030-01-04T00:00:00Z');
      await createdAt('reservations', ids.reservation, '2030-01-04T00:00:01Z');
      await createdAt('leads', ids.bob, '2030-01-05T00:00:00Z');
      // An upload of Jane's lead, with its file.
      const file = path.join(dir, 'licence.jpg');
      await writeFile(file, 'jpeg');
      await handle.db.query(
        `INSERT INTO uploads (lead_id, field, filename, stored_path, mimetype, size) VALUES ($1, 'licence', 'licence.jpg', $2, 'image/jpeg', 4)`,
        [ids.lead, file],
      );
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
      await rm(dir, { recursive: true, force: true });
    });

    it('lists every kind newest first, reservations with their payment state, each with its deliveries', async () => {
      const records = await listRecords({ db: handle.db, filter: { slug: SLUG } });
      expect(records.map((r) => [r.kind, r.id])).toEqual([
        ['lead', ids.bob],
        ['reservation', ids.reservation],
        ['lead', ids.reserveLead],
        ['valuation', ids.valuation],
        ['service_booking', ids.service],
        ['lead', ids.lead],
      ]);
      const reservation = records.find((r) => r.kind === 'reservation')!;
      expect(reservation).toMatchObject({ status: 'paid', email: 'jane@example.com', car_id: 42 });
      expect(reservation.payment).toMatchObject({ status: 'paid', amount: 500, currency: 'AUD', provider: 'Test (Stripe)' });
      expect(records.find((r) => r.kind === 'valuation')).toMatchObject({ status: 'Offered', offer_price: expect.any(Number), email: 'JANE@example.com' });
      // One delivery per record; a reservation gets another when its deposit is paid.
      for (const record of records) {
        expect(
          record.deliveries.map((d) => [d.destination, d.status]),
          record.kind,
        ).toEqual(Array(record.kind === 'reservation' ? 2 : 1).fill(['sales', 'pending']));
      }
    });

    it('filters by kind, by creation time at its boundaries, by dealership and by text', async () => {
      const list = (filter: object) => listRecords({ db: handle.db, filter: { slug: SLUG, ...filter } }).then((rows) => rows.map((r) => r.id));
      expect(await list({ kinds: ['service_booking'] })).toEqual([ids.service]);
      expect(await list({ kinds: ['valuation', 'reservation'] })).toEqual([ids.reservation, ids.valuation]);
      // since is inclusive, until exclusive.
      expect(await list({ since: new Date('2030-01-03T00:00:00Z'), until: new Date('2030-01-04T00:00:00Z') })).toEqual([ids.valuation]);
      expect(await list({ since: new Date('2030-01-03T00:00:00.001Z'), until: new Date('2030-01-04T00:00:00.001Z') })).toEqual([ids.reserveLead]);
      expect(await list({ search: 'hyperlink' })).toEqual([ids.bob]);
      expect(await list({ search: '100%' })).toEqual([]);
      expect(await list({ dealership: 'test-motors-used' })).toEqual([]);
      expect((await list({ dealership: SLUG })).length).toBe(6);
    });

    it('exports what is held about a person by email or by phone in any format, and nobody else', async () => {
      const byEmail = await exportPerson({ db: handle.db, slug: SLUG, person: person(' Jane@Example.com ') });
      expect(byEmail.records.map((r) => [r.kind, r.id])).toEqual([
        ['lead', ids.lead],
        ['lead', ids.reserveLead],
        ['valuation', ids.valuation],
        ['reservation', ids.reservation],
      ]);
      expect(byEmail.uploads).toEqual([expect.objectContaining({ lead_id: ids.lead, filename: 'licence.jpg' })]);
      const byPhone = await exportPerson({ db: handle.db, slug: SLUG, person: person('+61412345678') });
      expect(byPhone.records.map((r) => r.id).sort()).toEqual([ids.lead, ids.service, ids.reserveLead, ids.reservation].sort());
      expect(JSON.stringify(byPhone)).not.toContain('bob@example.com');
      // Six digits at least; a shorter number names nobody.
      expect(parsePersonKey('12345')).toHaveProperty('error');
      expect((await exportPerson({ db: handle.db, slug: SLUG, person: person('345678') })).records).toEqual([]);
    });

    it('answers /api/admin/local only with the serve token', async () => {
      expect((await app.inject({ url: `${LOCAL_ADMIN_PREFIX}/records?slug=${SLUG}` })).statusCode).toBe(401);
      expect((await app.inject({ url: `${LOCAL_ADMIN_PREFIX}/records?slug=${SLUG}`, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const erase = await app.inject({ method: 'POST', url: `${LOCAL_ADMIN_PREFIX}/erase`, payload: { slug: SLUG, person: 'bob@example.com' } });
      expect(erase.statusCode).toBe(401);
      const ok = await app.inject({ url: `${LOCAL_ADMIN_PREFIX}/records?slug=${SLUG}&kind=valuation`, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.json().records.map((r: { id: number }) => r.id)).toEqual([ids.valuation]);
      const bad = await app.inject({ url: `${LOCAL_ADMIN_PREFIX}/records?slug=${SLUG}&kind=cars`, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(bad.statusCode).toBe(400);
    });

    it('erases a person everywhere (records, reservations, events, uploads and their files, deliveries) and says what it removed', async () => {
      await post('/api/events/car_phone_call', { car_id: 42, phone: '0412345678' });
      const report = await erasePerson({ db: handle.db, slug: SLUG, person: person('0412 345 678'), actor: 'test' });
      expect(report).toMatchObject({ leads: 2, service_bookings: 1, valuations: 0, reservations: 1, events: 1, uploads: 1, deliveries: 5 });
      expect(existsSync(path.join(dir, 'licence.jpg'))).toBe(false);
      const again = await erasePerson({ db: handle.db, slug: SLUG, person: person('jane@example.com'), actor: 'test' });
      expect(again).toMatchObject({ leads: 0, valuations: 1, reservations: 0, deliveries: 1 });
      // Audited by its counts, without the person.
      const trail = await listAudit({ db: handle.db, websiteSlug: SLUG });
      expect(trail.map((entry) => [entry.actor, entry.action, entry.detail.leads])).toEqual([
        ['test', 'erase_person', 0],
        ['test', 'erase_person', 2],
      ]);
      expect(JSON.stringify(trail)).not.toMatch(/jane|0412/i);
      const left = await listRecords({ db: handle.db, filter: { slug: SLUG } });
      expect(left.map((r) => r.id)).toEqual([ids.bob]);
      const { rows } = await handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deliveries');
      expect(rows[0].n).toBe(1);
    });

    it('deletes records older than the retention period with their deliveries; one exactly at the limit stays', async () => {
      const now = new Date('2030-03-01T00:00:00Z');
      const keep = (await lead({ email: 'keep@example.com' })).json().id;
      const drop = (await lead({ email: 'drop@example.com' })).json().id;
      await createdAt('leads', keep, '2030-02-01T00:00:00Z'); // exactly 28 days before now
      await createdAt('leads', drop, '2030-01-31T23:59:59.999Z');
      await createdAt('leads', ids.bob, '2030-02-15T00:00:00Z');
      // What serve runs: the sweeper of every site with a retention period (a site without one keeps everything).
      const kept = { ...site, lead_delivery: { ...site.lead_delivery, retention_days: 28 } };
      const sweeper = createRetentionSweeper({ db: handle.db, sites: [kept, { ...site, slug: 'other' }], clock: () => now });
      const [{ slug, report }, ...others] = await sweeper.runOnce();
      expect([slug, others]).toEqual([SLUG, []]);
      expect(report).toMatchObject({ leads: 1, deliveries: 1 });
      expect((await listAudit({ db: handle.db, websiteSlug: SLUG }))[0]).toMatchObject({
        actor: 'retention',
        action: 'delete_expired',
        detail: { days: 28, leads: 1 },
      });
      expect(await deleteExpiredRecords({ db: handle.db, websiteSlug: SLUG, days: 28, now })).toMatchObject({ leads: 0, deliveries: 0 });
      expect((await listRecords({ db: handle.db, filter: { slug: SLUG } })).map((r) => r.id)).toEqual([ids.bob, keep]);
      const { rows } = await handle.db.query<{ subject_id: number }>('SELECT subject_id FROM deliveries ORDER BY subject_id');
      expect(rows.map((row) => row.subject_id)).toEqual([ids.bob, keep].sort((a, b) => a - b));
    });
  });
}
