import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/formMessages.ts';
import { PHONE_MESSAGES } from '../domain/phone.ts';
import { UNEXPECTED_ERROR } from './answer.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { countRows, listLeads, listUploads } from './db/leadStore.ts';
import { type EngineHandle, testEngines } from './db/testEngines.ts';
import { KEY_REUSED } from './idempotency.ts';
import { JSON_BODY_LIMIT } from './apiScope.ts';
import { UPLOAD_LIMITS } from './multipartLead.ts';
import { loadSiteConfig, type ServedSiteConfig } from './siteConfig.ts';

/** A test drive date no clock makes the past (the API refuses past appointments). */
const FUTURE_DATE_TIME = `${new Date().getUTCFullYear() + 1}-06-09T10:00`;

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
/** These tests send hundreds of requests from one address; the limits have their own test. */
const NO_RATE_LIMIT = { windowMs: 60_000, writes: 1_000_000, reads: 1_000_000 };
const SLUG = 'test-motors';

/** A complete, valid enquiry lead (SPEC §7 body shape). */
function enquiry(overrides: Record<string, unknown> = {}) {
  return {
    lead: {
      form: 'enquiry',
      name: 'Jane Mary',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      message: 'Is the Corolla still available?',
      opt_in: true,
      category: 'Used Vehicle Enquiry',
      dealership_slug: SLUG,
      website_slug: SLUG,
      url: 'http://127.0.0.1/cars/2019-toyota-corolla',
      source: 'Website',
      user_agent: 'vitest',
      visited_pages: ['/', '/cars/2019-toyota-corolla'],
      linked_query_params: { utm_source: 'test' },
      car_id: 42,
      ...overrides,
    },
  };
}

/** A multipart/form-data body built by hand (what a browser's FormData sends). */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----forecourt-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

for (const engine of testEngines()) {
  if (engine.skip) console.warn(`Skipping the lead API suite on ${engine.name}: ${engine.skip}`);

  describe.skipIf(engine.skip !== null)(`lead API on ${engine.name}`, () => {
    let handle: EngineHandle;
    let app: FastifyInstance;
    let site: ServedSiteConfig;
    let uploadDir: string;
    const db = (): Database => handle.db;

    beforeAll(async () => {
      handle = await engine.open();
      site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: SLUG });
      uploadDir = await mkdtemp(path.join(tmpdir(), 'forecourt-uploads-'));
      app = await buildApp({ mode: { demo: true, live: {} }, outDir: FIXTURE_SITES, site, db: handle.db, uploadDir, rateLimits: NO_RATE_LIMIT });
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
      if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
    });

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers });

    it('stores a valid lead: 201 {id}, payload and columns kept', async () => {
      const res = await post('/api/leads', enquiry());
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      expect(Number.isInteger(id)).toBe(true);
      const stored = (await listLeads({ db: db(), slug: SLUG })).find((lead) => lead.id === id);
      expect(stored).toMatchObject({
        dealership_slug: SLUG,
        website_slug: SLUG,
        category: 'Used Vehicle Enquiry',
        form_completed: true,
        payload: { email: 'jane@example.com', visited_pages: ['/', '/cars/2019-toyota-corolla'], linked_query_params: { utm_source: 'test' }, car_id: 42 },
      });
      expect(stored?.payload).not.toHaveProperty('special');
    });

    it('answers identically under /mock', async () => {
      const res = await post('/mock/leads', enquiry({ email: 'mock@example.com' }));
      expect(res.statusCode).toBe(201);
      const leads = await listLeads({ db: db(), slug: SLUG });
      expect(leads.some((lead) => lead.id === res.json().id && lead.payload.email === 'mock@example.com')).toBe(true);
    });

    it('accepts a lead for another dealership of the website', async () => {
      const res = await post('/api/leads', enquiry({ dealership_slug: 'test-motors-used' }));
      expect(res.statusCode).toBe(201);
    });

    it('refuses malformed JSON with 400', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/leads', payload: '{"lead": {', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The request body is not valid JSON' });
    });

    it('refuses a body over the size limit with 413', async () => {
      const res = await post('/api/leads', enquiry({ message: 'x'.repeat(JSON_BODY_LIMIT + 1) }));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatch(/too large/);
    });

    it('refuses wrong types with 400 naming each field', async () => {
      const res = await post('/api/leads', enquiry({ phone: 412345678, opt_in: 'yes', car_id: 'abc', visited_pages: 'home' }));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body.errors).sort()).toEqual(['car_id', 'opt_in', 'phone', 'visited_pages']);
      expect(body.errors.phone).toBe('must be a string');
      expect(body.error).toMatch(/phone/);
    });

    it('refuses bodies that are not {lead: {...}}', async () => {
      expect((await post('/api/leads', { name: 'x' })).json().errors).toEqual({ lead: 'is required' });
      expect((await post('/api/leads', [1, 2])).json().errors).toEqual({ body: 'must be a JSON object' });
      expect((await post('/api/leads', { lead: 'x' })).statusCode).toBe(400);
    });

    it('applies the domain form rules with SPEC §5 messages', async () => {
      const res = await post('/api/leads', enquiry({ message: '', email: 'not-an-email', phone: '12345', postcode: '40000', name: 'J4ne' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        message: MESSAGES.required,
        email: MESSAGES.email,
        phone: PHONE_MESSAGES.au,
        postcode: MESSAGES.postcode,
        name: MESSAGES.alphabetical,
      });
    });

    it('names missing required fields', async () => {
      const { lead } = enquiry();
      const { email: _e, last_name: _l, ...rest } = lead;
      const res = await post('/api/leads', { lead: rest });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: MESSAGES.required, last_name: MESSAGES.required });
    });

    it("accepts the dealer's test phone number", async () => {
      const res = await post('/api/leads', enquiry({ phone: '0400000000' }));
      expect(res.statusCode).toBe(201);
    });

    it('checks a lead without a named form against the contact field set', async () => {
      const { lead } = enquiry();
      const { form: _f, message: _m, ...rest } = lead;
      expect((await post('/api/leads', { lead: rest })).statusCode).toBe(201);
      expect((await post('/api/leads', { lead: { ...rest, postcode: '' } })).json().errors).toEqual({ postcode: MESSAGES.required });
    });

    it('refuses an unknown dealer with 404', async () => {
      const before = await countRows({ db: db(), table: 'leads' });
      const res = await post('/api/leads', enquiry({ dealership_slug: 'someone-else' }));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/someone-else/);
      expect(await countRows({ db: db(), table: 'leads' })).toBe(before);
    });

    it('refuses an unknown location', async () => {
      const res = await post('/api/leads', enquiry({ location_id: 999 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ location_id: 'Unknown location' });
      expect((await post('/api/leads', enquiry({ location_id: 2 }))).statusCode).toBe(201);
    });

    it('answers a filled honeypot like success and stores nothing', async () => {
      const before = await countRows({ db: db(), table: 'leads' });
      const res = await post('/api/leads', enquiry({ special: 'http://spam.example', email: 'bogus' }));
      expect(res.statusCode).toBe(201);
      expect(Number.isInteger(res.json().id)).toBe(true);
      expect(await countRows({ db: db(), table: 'leads' })).toBe(before);
      // An empty honeypot is a normal lead.
      expect((await post('/api/leads', enquiry({ special: '' }))).statusCode).toBe(201);
    });

    it('answers a repeated POST with the same Idempotency-Key with the first answer, storing one lead', async () => {
      const headers = { 'idempotency-key': `key-${engine.name}-1` };
      const before = await countRows({ db: db(), table: 'leads' });
      const first = await post('/api/leads', enquiry(), headers);
      const second = await post('/api/leads', enquiry(), headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await countRows({ db: db(), table: 'leads' })).toBe(before + 1);
    });

    it('refuses the same Idempotency-Key with another body (422) and keeps the first lead as it was', async () => {
      const headers = { 'idempotency-key': `key-${engine.name}-other-body` };
      const first = await post('/api/leads', enquiry({ email: 'first@example.com' }), headers);
      expect(first.statusCode).toBe(201);
      const before = await countRows({ db: db(), table: 'leads' });
      const second = await post('/api/leads', enquiry({ email: 'second@example.com' }), headers);
      expect(second.statusCode).toBe(422);
      expect(second.json().error).toBe(KEY_REUSED);
      expect(await countRows({ db: db(), table: 'leads' })).toBe(before);
      expect((await listLeads({ db: db(), slug: SLUG })).find((lead) => lead.id === first.json().id)?.payload.email).toBe('first@example.com');
    });

    it('stores one lead for concurrent duplicates (a double click)', async () => {
      const headers = { 'idempotency-key': `key-${engine.name}-double` };
      const before = await countRows({ db: db(), table: 'leads' });
      const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/leads', enquiry(), headers)));
      expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([201]));
      expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
      expect(await countRows({ db: db(), table: 'leads' })).toBe(before + 1);
    });

    it('lets a refused request be corrected and resent with the same key', async () => {
      const headers = { 'idempotency-key': `key-${engine.name}-fix` };
      expect((await post('/api/leads', enquiry({ email: 'nope' }), headers)).statusCode).toBe(400);
      expect((await post('/api/leads', enquiry(), headers)).statusCode).toBe(201);
    });

    it('refuses a key reused for another endpoint', async () => {
      const headers = { 'idempotency-key': `key-${engine.name}-reuse` };
      expect((await post('/api/leads', enquiry(), headers)).statusCode).toBe(201);
      expect((await post('/api/miscellaneous', { column_name: 'valuation' }, headers)).statusCode).toBe(422);
    });

    it('stores 100 concurrent posts, each with its own id', async () => {
      const before = await countRows({ db: db(), table: 'leads' });
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post('/api/leads', enquiry({ email: `buyer${i}@example.com` }))));
      expect(answers.every((res) => res.statusCode === 201)).toBe(true);
      expect(new Set(answers.map((res) => res.json().id)).size).toBe(100);
      expect(await countRows({ db: db(), table: 'leads' })).toBe(before + 100);
      const emails = new Set((await listLeads({ db: db(), slug: SLUG })).map((lead) => lead.payload.email));
      for (let i = 0; i < 100; i++) expect(emails.has(`buyer${i}@example.com`)).toBe(true);
    });

    it('saves a multi-step form as an incomplete lead, then updates it (PUT)', async () => {
      const step1 = await post('/api/leads', {
        lead: {
          form: 'test-drive',
          name: 'Sam',
          email: 'sam@example.com',
          dealership_slug: SLUG,
          lead_status: 'Incomplete',
          form_completed: false,
          step_number: 0,
        },
      });
      expect(step1.statusCode).toBe(201);
      const { id, update_token } = step1.json();
      expect(update_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // Only the fields it carries are checked: a bad one is still refused.
      expect((await post('/api/leads', { lead: { form: 'test-drive', email: 'x', dealership_slug: SLUG, form_completed: false } })).json().errors).toEqual({
        email: MESSAGES.email,
      });
      const final = await app.inject({
        method: 'PUT',
        url: `/api/leads/${id}`,
        headers: { 'update-token': update_token },
        payload: enquiry({
          form: 'test-drive',
          name: 'Sam',
          email: 'sam@example.com',
          message: '',
          dateTime: FUTURE_DATE_TIME,
          lead_status: 'Complete',
          form_completed: true,
          isLastStep: true,
        }),
      });
      expect(final.statusCode).toBe(200);
      expect(final.json()).toEqual({ id });
      const stored = (await listLeads({ db: db(), slug: SLUG })).find((lead) => lead.id === id);
      expect(stored).toMatchObject({ lead_status: 'Complete', form_completed: true, payload: { dateTime: FUTURE_DATE_TIME, step_number: 0 } });
      expect(stored!.updated_at.getTime()).toBeGreaterThanOrEqual(stored!.created_at.getTime());
    });

    it('refuses PUT of an unknown or malformed lead id', async () => {
      expect((await app.inject({ method: 'PUT', url: '/api/leads/99999999', payload: enquiry() })).statusCode).toBe(404);
      const bad = await app.inject({ method: 'PUT', url: '/api/leads/abc', payload: enquiry() });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ id: 'must be a lead id' });
    });

    it('stores a lead with files (multipart) and records each upload', async () => {
      const image = Buffer.from('\x89PNG fake image bytes');
      const body = multipart([
        { name: 'lead', value: JSON.stringify(enquiry({ form: 'trade-in', message: '' }).lead) },
        { name: 'photo', value: image, filename: 'front view.png', type: 'image/png' },
        { name: 'empty', value: '', filename: '', type: 'application/octet-stream' },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...body });
      expect(res.statusCode).toBe(201);
      const uploads = await listUploads({ db: db(), leadId: res.json().id });
      expect(uploads).toHaveLength(1);
      expect(uploads[0]).toMatchObject({ field: 'photo', filename: 'front view.png', mimetype: 'image/png', size: image.length });
      expect(uploads[0].stored_path.startsWith(path.join(uploadDir, SLUG))).toBe(true);
      expect(await readFile(uploads[0].stored_path)).toEqual(image);
    });

    it('accepts flat multipart fields too', async () => {
      const { lead } = enquiry();
      const body = multipart(
        Object.entries({ ...lead, visited_pages: undefined, linked_query_params: undefined, car_id: '42', opt_in: 'true' })
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => ({ name: `lead[${name}]`, value: String(value) })),
      );
      const res = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...body });
      expect(res.statusCode).toBe(201);
    });

    it('refuses an invalid multipart lead and keeps none of its files', async () => {
      const before = (await readdir(uploadDir, { recursive: true })).length;
      const body = multipart([
        { name: 'lead', value: JSON.stringify(enquiry({ email: 'broken' }).lead) },
        { name: 'photo', value: Buffer.from('data'), filename: 'a.png', type: 'image/png' },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: MESSAGES.email });
      expect((await readdir(uploadDir, { recursive: true })).length).toBe(before);
    });

    it('keeps no file of a honeypot submission', async () => {
      const before = (await readdir(uploadDir, { recursive: true })).length;
      const leadsBefore = await countRows({ db: db(), table: 'leads' });
      const body = multipart([
        { name: 'lead', value: JSON.stringify(enquiry({ special: 'bot' }).lead) },
        { name: 'photo', value: Buffer.from('data'), filename: 'a.png', type: 'image/png' },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...body });
      expect(res.statusCode).toBe(201);
      expect((await readdir(uploadDir, { recursive: true })).length).toBe(before);
      expect(await countRows({ db: db(), table: 'leads' })).toBe(leadsBefore);
    });

    it('stores several files of one lead together', async () => {
      const body = multipart([
        { name: 'lead', value: JSON.stringify(enquiry().lead) },
        { name: 'photo', value: Buffer.from('one'), filename: 'one.jpg', type: 'image/jpeg' },
        { name: 'photo', value: Buffer.from('two!'), filename: 'two.pdf', type: 'application/pdf' },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...body });
      expect(res.statusCode).toBe(201);
      const uploads = await listUploads({ db: db(), leadId: res.json().id });
      expect(uploads.map((u) => [u.filename, u.mimetype, u.size])).toEqual([
        ['one.jpg', 'image/jpeg', 3],
        ['two.pdf', 'application/pdf', 4],
      ]);
    });

    it('refuses files of other types and files over the size limit', async () => {
      const exe = multipart([
        { name: 'lead', value: JSON.stringify(enquiry().lead) },
        { name: 'cv', value: Buffer.from('MZ'), filename: 'cv.exe', type: 'application/x-msdownload' },
      ]);
      const wrongType = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...exe });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().errors.cv).toMatch(/not accepted/);
      const big = multipart([
        { name: 'lead', value: JSON.stringify(enquiry().lead) },
        { name: 'photo', value: Buffer.alloc(UPLOAD_LIMITS.fileSize + 1, 1), filename: 'big.jpg', type: 'image/jpeg' },
      ]);
      const tooBig = await app.inject({ method: 'POST', url: '/api/leads/with-files', ...big });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error).toBeTruthy();
    });

    it('refuses JSON sent to the multipart endpoint', async () => {
      const res = await post('/api/leads/with-files', enquiry());
      expect(res.statusCode).toBe(415);
    });

    it('logs a phone reveal: 201 {ok:true}; wrong types 400; unknown dealership 404', async () => {
      const ok = await post('/api/phone-reveal', { car_id: 42, dealership_id: 101, website_id: 7 });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({ ok: true });
      expect((await post('/api/phone-reveal', { car_id: '42', dealership_id: 101 })).json().errors).toEqual({ car_id: 'must be an integer' });
      expect((await post('/api/phone-reveal', { car_id: 42, dealership_id: 555 })).statusCode).toBe(404);
      expect((await post('/api/phone-reveal', { car_id: 42, dealership_id: 102, website_id: 8 })).statusCode).toBe(404);
      expect(await countRows({ db: db(), table: 'phone_reveals' })).toBe(1);
    });

    it('refuses JSON sent as text/plain (what another website can post without a preflight)', async () => {
      const before = await countRows({ db: db(), table: 'events' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/events/car_phone_call',
        payload: JSON.stringify({ car_id: 42 }),
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatch(/application\/json/);
      expect(await countRows({ db: db(), table: 'events' })).toBe(before);
    });

    it('logs a phone-call event', async () => {
      const res = await post('/api/events/car_phone_call', { car_id: 42, dealership_id: 101 });
      expect(res.statusCode).toBe(201);
      expect(Number.isInteger(res.json().id)).toBe(true);
    });

    it('looks up a rego deterministically', async () => {
      const first = await post('/api/simple-autograb-lookup', { rego: 'abc 123', regoState: 'qld' });
      const again = await post('/api/simple-autograb-lookup', { rego: 'ABC123', regoState: 'QLD' });
      expect(first.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(first.json()).toMatchObject({ rego: 'ABC123', regoState: 'QLD' });
      const bad = await post('/api/simple-autograb-lookup', { rego: 'ABC123', regoState: 'XX' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['regoState']);
    });

    it('creates a valuation with an offer and adjusts it from the answers', async () => {
      const created = await post('/api/valuations', {
        name: 'Jane',
        email: 'jane@example.com',
        rego: 'XYZ789',
        regoState: 'NSW',
        url: 'http://x/valuations',
        source: 'Website',
        car_id: 42,
        lead_attributes: {},
      });
      expect(created.statusCode).toBe(201);
      const { id, offer_price, update_token } = created.json();
      const owner = { 'update-token': update_token };
      expect(offer_price).toBeGreaterThan(0);
      expect(offer_price % 100).toBe(0);
      const same = await post('/api/valuations', { rego: 'XYZ789', regoState: 'NSW' });
      expect(same.json().offer_price).toBe(offer_price);
      const adjusted = await app.inject({
        method: 'PUT',
        url: '/api/valuations',
        headers: owner,
        payload: { id, adjustmentAnswers: { condition: 'fair', accident_damage: 'yes' } },
      });
      expect(adjusted.statusCode).toBe(200);
      expect(adjusted.json().id).toBe(id);
      expect(adjusted.json().offer_price).toBeLessThan(offer_price);
      // Answers replace, never compound: the same answers give the same offer.
      const again = await app.inject({
        method: 'PUT',
        url: '/api/valuations',
        headers: owner,
        payload: { id, adjustmentAnswers: { condition: 'fair', accident_damage: 'yes' } },
      });
      expect(again.json().offer_price).toBe(adjusted.json().offer_price);
      expect((await app.inject({ method: 'PUT', url: '/api/valuations', headers: owner, payload: { id: 9999999, adjustmentAnswers: {} } })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'PUT', url: '/api/valuations', payload: { id: 'one', adjustmentAnswers: {} } })).statusCode).toBe(400);
      expect((await post('/api/valuations', { regoState: 'NSW' })).json().errors).toHaveProperty('rego');
    });

    it('values a car without its rego from its make, model, year and odometer (SPEC §5 rego is optional)', async () => {
      const described = {
        name: 'Jane',
        email: 'jane@example.com',
        make: 'Toyota',
        model: 'Corolla',
        year: 2019,
        km: 80_000,
        odometer: 80_000,
        odometer_unit: 'kilometer',
      };
      const created = await post('/api/valuations', described);
      expect(created.statusCode).toBe(201);
      expect(created.json().offer_price).toBeGreaterThan(0);
      const row = await db().query<{ rego: string; payload: { vehicle: Record<string, unknown> } }>('SELECT rego, payload FROM valuations WHERE id = $1', [
        created.json().id,
      ]);
      expect(row.rows[0].payload.vehicle).toMatchObject({ make: 'Toyota', model: 'Corolla', year: 2019, km: 80_000 });
      // The same rule as the form: without the rego, the odometer and a four-digit year are needed.
      const noKm = await post('/api/valuations', { ...described, km: undefined });
      expect(noKm.statusCode).toBe(400);
      expect(noKm.json().errors).toEqual({ km: MESSAGES.required });
      const noModel = await post('/api/valuations', { ...described, model: '' });
      expect(noModel.json().errors).toEqual({ model: MESSAGES.required });
    });

    it('stores miscellaneous data and Car Clarity customers', async () => {
      expect((await post('/api/miscellaneous', { column_name: 'valuation', id: 1, offer_price: 9000 })).statusCode).toBe(201);
      expect((await post('/api/miscellaneous', { id: 1 })).statusCode).toBe(400);
      const { lead } = enquiry({ form: 'finance', terms_agreed: true });
      const res = await post('/api/carClarityCustomer', lead);
      expect(res.statusCode).toBe(201);
      const stored = (await listLeads({ db: db(), slug: SLUG })).find((row) => row.id === res.json().id);
      expect(stored?.payload.destination).toBe('carClarityCustomer');
      const unticked = await post('/api/carClarityCustomer', { ...lead, terms_agreed: false });
      expect(unticked.json().errors).toEqual({ terms_agreed: MESSAGES.required });
    });

    it('answers unknown API paths with JSON 404', async () => {
      const res = await post('/api/nope', {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    });

    it('keeps leads and idempotency keys across a restart', async () => {
      const headers = { 'idempotency-key': `key-${engine.name}-restart` };
      const restartLead = enquiry({ email: 'restart@example.com' });
      const first = await post('/api/leads', restartLead, headers);
      const leadsBefore = await listLeads({ db: db(), slug: SLUG });
      await app.close();
      await handle.reopen();
      app = await buildApp({ mode: { demo: true, live: {} }, outDir: FIXTURE_SITES, site, db: handle.db, uploadDir, rateLimits: NO_RATE_LIMIT });
      const leadsAfter = await listLeads({ db: db(), slug: SLUG });
      expect(leadsAfter.map((lead) => lead.id)).toEqual(leadsBefore.map((lead) => lead.id));
      expect(leadsAfter.find((lead) => lead.id === first.json().id)?.payload.email).toBe('restart@example.com');
      const replay = await post('/api/leads', restartLead, headers);
      expect(replay.json()).toEqual(first.json());
      expect(await countRows({ db: db(), table: 'leads' })).toBe(leadsAfter.length);
      // New leads continue the id sequence.
      const next = await post('/api/leads', enquiry());
      expect(next.json().id).toBeGreaterThan(Math.max(...leadsAfter.map((lead) => lead.id)));
    }, 60_000);
  });
}

describe('server errors', () => {
  it(`answer {error: '${UNEXPECTED_ERROR}'} and are reported`, async () => {
    const broken: Database = {
      kind: 'pglite',
      query: async () => {
        throw new Error('disk on fire');
      },
      exec: async () => {},
      transaction: async (work) => work(broken),
      close: async () => {},
    };
    const reported: unknown[] = [];
    const site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: SLUG });
    const app = await buildApp({ mode: { demo: true, live: {} }, outDir: FIXTURE_SITES, site, db: broken, onServerError: (error) => reported.push(error) });
    const res = await app.inject({ method: 'POST', url: '/api/leads', payload: enquiry() });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'An unexpected error occured' });
    expect(reported).toHaveLength(1);
    expect(existsSync(FIXTURE_SITES)).toBe(true);
    await app.close();
  });
});
