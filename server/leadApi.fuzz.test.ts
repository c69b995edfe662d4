/**
 * The lead API against bad requests: every route, each hostile input and its neighbours (wrong
 * content types, broken and deep JSON, NUL and lone surrogates in names and values, ids out of
 * every range, broken multipart, foreign origins, reused keys). Each must get its 4xx with an
 * `{error}`, never a 5xx, never a crash, and must store nothing. Free text with NUL or a lone
 * surrogate is stored cleaned instead. The whole run's log output (stdout, stderr, console) is captured and searched for every field
 * value the suite sent: a 5xx is logged by ids and codes only. One real database failure is
 * provoked at the end so that the search covers an actual 5xx log line.
 */
import { format } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Queryable } from './db/database.ts';
import { countRows } from './db/leadStore.ts';
import { type EngineHandle, testEngines } from './db/testEngines.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency.ts';
import { EVENT_BODY_LIMIT } from './eventRoutes.ts';
import { loadSiteConfig, type ServedSiteConfig } from './siteConfig.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
const SLUG = 'test-motors';
const NO_RATE_LIMIT = { windowMs: 60_000, writes: 1_000_000, reads: 1_000_000 };

/** Field values no log line may contain. Distinct enough that a match is never an accident. */
const PERSONAL = {
  name: 'Zephyrine',
  last_name: 'Quillfeather',
  email: 'zephyrine.quillfeather@example.com',
  phone: '0412 987 654',
  postcode: '4170',
  message: 'Fuzzmessage about the blue Corolla 7c1e',
};

/** A valid enquiry carrying {@link PERSONAL}. */
function lead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form: 'enquiry',
    ...PERSONAL,
    opt_in: true,
    category: 'Used Vehicle Enquiry',
    dealership_slug: SLUG,
    website_slug: SLUG,
    url: 'http://127.0.0.1/cars/2019-toyota-corolla',
    source: 'Website',
    user_agent: 'vitest',
    visited_pages: ['/'],
    linked_query_params: { utm_source: 'fuzz' },
    car_id: 42,
    ...overrides,
  };
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** One bad request and the status it must get. */
interface Case {
  name: string;
  request: InjectOptions;
  status: number;
}

/** The JSON routes, each with a body that would be accepted (or at least reach its checks), and a smaller body cap where it has one. */
const JSON_ROUTES: { method: 'POST' | 'PUT'; url: string; body: unknown; bodyLimit?: number }[] = [
  { method: 'POST', url: '/api/leads', body: { lead: lead() } },
  { method: 'PUT', url: '/api/leads/1', body: { lead: lead() } },
  { method: 'POST', url: '/api/carClarityCustomer', body: lead({ form: 'finance', terms_agreed: true }) },
  { method: 'POST', url: '/api/events/car_phone_call', body: { car_id: 42 }, bodyLimit: EVENT_BODY_LIMIT },
  { method: 'POST', url: '/api/phone-reveal', body: { car_id: 42, dealership_id: 101, website_id: 7 } },
  { method: 'POST', url: '/api/simple-autograb-lookup', body: { rego: 'ABC123', regoState: 'QLD' } },
  { method: 'POST', url: '/api/valuations', body: { ...PERSONAL, rego: 'ABC123', regoState: 'QLD', car_id: 42 } },
  { method: 'PUT', url: '/api/valuations', body: { id: 1, adjustmentAnswers: {} } },
  { method: 'POST', url: '/api/miscellaneous', body: { column_name: 'valuation', offer_price: 1 }, bodyLimit: EVENT_BODY_LIMIT },
  { method: 'POST', url: '/mock/reservations', body: { car_id: 42, lead_id: 1, amount: 500, return_path: '/c' } },
];

function nested(depth: number): string {
  return `{"lead":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

/** A multipart body by hand (a browser's FormData), optionally cut short. */
function multipart(parts: { name: string; value: string; filename?: string; type?: string }[], { boundary = 'fuzz-boundary', cut = 0 } = {}) {
  let text = '';
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    text += `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.value}\r\n`;
  }
  text += `--${boundary}--\r\n`;
  const payload = Buffer.from(cut ? text.slice(0, text.length - cut) : text);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function cases(): Case[] {
  const all: Case[] = [];
  const add = (name: string, request: InjectOptions, status: number) => all.push({ name, request, status });

  for (const route of JSON_ROUTES) {
    const text = JSON.stringify(route.body);
    const at = `${route.method} ${route.url}`;
    const send = (payload: string, headers: Record<string, string> = JSON_TYPE): InjectOptions => ({ method: route.method, url: route.url, payload, headers });
    // Content types: JSON only (text/plain is what a foreign page posts without a preflight).
    add(`${at}: no content type`, { method: route.method, url: route.url, payload: Buffer.from(text) }, 415);
    add(`${at}: text/plain`, send(text, { 'content-type': 'text/plain;charset=UTF-8' }), 415);
    add(`${at}: form-urlencoded`, send('lead=1', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    add(`${at}: multipart`, send(text, { 'content-type': 'multipart/form-data; boundary=x' }), 415);
    add(`${at}: application/json-seq`, send(text, { 'content-type': 'application/json-seq' }), 415);
    // Broken and hostile JSON.
    add(`${at}: truncated JSON`, send(text.slice(0, -3)), 400);
    add(`${at}: empty body`, send(''), 400);
    add(`${at}: a JSON array`, send('[1,2]'), 400);
    add(`${at}: a JSON string`, send('"lead"'), 400);
    add(`${at}: JSON null`, send('null'), 400);
    add(`${at}: nested 5,000 deep`, send(nested(5000)), Buffer.byteLength(nested(5000)) > (route.bodyLimit ?? Infinity) ? 413 : 400);
    add(`${at}: nested 40 deep`, send(nested(40)), 400);
    add(`${at}: NUL in a field name`, send(text.replace(/^\{"/, '{"\\u0000x":1,"')), 400);
    add(`${at}: lone surrogate in a field name`, send(text.replace(/^\{"/, '{"\\ud800":1,"')), 400);
    add(`${at}: __proto__ field`, send(text.replace(/^\{"/, '{"__proto__":{"polluted":1},"')), 400);
    add(`${at}: foreign Origin`, { ...send(text), headers: { ...JSON_TYPE, origin: 'https://evil.example' } }, 403);
    add(`${at}: Origin null`, { ...send(text), headers: { ...JSON_TYPE, origin: 'null' } }, 403);
  }

  const postLead = (body: unknown, headers: Record<string, string> = {}): InjectOptions => ({
    method: 'POST',
    url: '/api/leads',
    payload: JSON.stringify(body),
    headers: { ...JSON_TYPE, ...headers },
  });
  // Ids: positive safe integers of a car this site shows.
  for (const carId of [-1, 0, 1.5, 1e300, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 999, '42abc', 'x', '-1', '', true, [42], { id: 42 }]) {
    add(`POST /api/leads: car_id ${JSON.stringify(carId)}`, postLead({ lead: lead({ car_id: carId }) }), 400);
  }
  for (const [field, value] of [
    ['car_dealership_id', -5],
    ['car_dealership_id', 2 ** 60],
    ['location_id', 2 ** 31],
    ['location_id', 999],
    ['lead_id', -1],
    ['step_number', -1],
    ['email', 'not-an-email'],
    ['phone', '12'],
    ['postcode', '4000\u00004'],
    ['visited_pages', 'home'],
    ['linked_query_params', { 'utm\u0000source': 'x' }],
    ['linked_query_params', { utm_source: ['array'] }],
    ['lead_attributes', { linked_query_params: { '\ud800': 'x' } }],
    ['skipped_steps', [{ from: 'a', to: 1 }]],
    ['opt_in', 'yes'],
  ] as const) {
    add(`POST /api/leads: ${field} ${JSON.stringify(value)}`, postLead({ lead: lead({ [field]: value }) }), 400);
  }
  add('POST /api/leads: unknown dealer', postLead({ lead: lead({ dealership_slug: 'someone-else' }) }), 404);
  add('POST /api/leads: no lead', postLead({ name: 'x' }), 400);
  add('POST /api/leads: lead is a list', postLead({ lead: [lead()] }), 400);
  add('POST /api/leads: Idempotency-Key too long', postLead({ lead: lead() }, { 'idempotency-key': 'k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH + 1) }), 400);
  add('POST /api/leads: Idempotency-Key empty', postLead({ lead: lead() }, { 'idempotency-key': '' }), 400);
  add('POST /api/leads: reused Idempotency-Key, other body', postLead({ lead: lead({ message: 'another' }) }, { 'idempotency-key': 'fuzz-used-key' }), 422);
  add(
    'POST /api/miscellaneous: Idempotency-Key of a lead',
    { ...postLead({ column_name: 'valuation' }, { 'idempotency-key': 'fuzz-used-key' }), url: '/api/miscellaneous' },
    422,
  );
  add('POST /api/leads: body over 64 KB', postLead({ lead: lead({ message: 'x'.repeat(70_000) }) }), 413);

  // PUT /leads/{id}: ids out of range and updates without the lead's token.
  for (const id of ['0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '%00', '1e3']) {
    add(`PUT /api/leads/${id}`, { method: 'PUT', url: `/api/leads/${id}`, payload: JSON.stringify({ lead: lead() }), headers: JSON_TYPE }, 400);
  }
  const putLead = (headers: Record<string, string>): InjectOptions => ({
    method: 'PUT',
    url: '/api/leads/1',
    payload: JSON.stringify({ lead: lead({ name: 'Intruder' }) }),
    headers: { ...JSON_TYPE, ...headers },
  });
  add('PUT /api/leads/1 without a token', putLead({}), 404);
  add('PUT /api/leads/1 with a wrong token', putLead({ 'update-token': 'guessed-token' }), 404);
  add('PUT /api/leads/1 with an empty token', putLead({ 'update-token': '' }), 404);
  add('PUT /api/leads/1 with a very long token', putLead({ 'update-token': 't'.repeat(5000) }), 404);
  add('PUT /api/leads/1 with a honeypot and no token', { ...putLead({}), payload: JSON.stringify({ lead: lead({ special: 'bot' }) }) }, 404);

  // Phone reveal and events.
  const reveal = (body: unknown): InjectOptions => ({ method: 'POST', url: '/api/phone-reveal', payload: JSON.stringify(body), headers: JSON_TYPE });
  for (const carId of [2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, -1, 0, '42', null, 1e300])
    add(`POST /api/phone-reveal: car_id ${carId}`, reveal({ car_id: carId }), 400);
  add('POST /api/phone-reveal: no car_id', reveal({ dealership_id: 101 }), 400);
  add('POST /api/phone-reveal: dealership_id 2^31', reveal({ car_id: 42, dealership_id: 2 ** 31 }), 404);
  add('POST /api/phone-reveal: dealership_id -3', reveal({ car_id: 42, dealership_id: -3 }), 400);
  add('POST /api/phone-reveal: website_id 2^40', reveal({ car_id: 42, website_id: 2 ** 40 }), 404);
  const event = (body: unknown): InjectOptions => ({ method: 'POST', url: '/api/events/car_phone_call', payload: JSON.stringify(body), headers: JSON_TYPE });
  add('POST /api/events/car_phone_call: car_id 2^31', event({ car_id: 2 ** 31 }), 400);
  add('POST /api/events/car_phone_call: dealership_id 2^31', event({ car_id: 42, dealership_id: 2 ** 31 }), 404);
  add('POST /api/events/car_phone_call: dealership_id "x"', event({ car_id: 42, dealership_id: 'x' }), 404);

  // Rego lookup and valuations.
  const json = (method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}): InjectOptions => ({
    method,
    url,
    payload: JSON.stringify(body),
    headers: { ...JSON_TYPE, ...headers },
  });
  add('POST /api/simple-autograb-lookup: state XX', json('POST', '/api/simple-autograb-lookup', { rego: 'ABC123', regoState: 'XX' }), 400);
  add('POST /api/simple-autograb-lookup: rego with NUL only', json('POST', '/api/simple-autograb-lookup', { rego: '\u0000', regoState: 'QLD' }), 400);
  add('POST /api/simple-autograb-lookup: rego 30 long', json('POST', '/api/simple-autograb-lookup', { rego: 'A'.repeat(30), regoState: 'QLD' }), 400);
  add('POST /api/valuations: car_id 2^31', json('POST', '/api/valuations', { rego: 'ABC123', regoState: 'QLD', car_id: 2 ** 31 }), 400);
  add('POST /api/valuations: car_id -1', json('POST', '/api/valuations', { rego: 'ABC123', regoState: 'QLD', car_id: -1 }), 400);
  add('POST /api/valuations: km 1e300', json('POST', '/api/valuations', { rego: 'ABC123', regoState: 'QLD', km: 1e300 }), 400);
  add('POST /api/valuations: year 3000', json('POST', '/api/valuations', { rego: 'ABC123', regoState: 'QLD', year: 3000 }), 400);
  add('POST /api/valuations: no rego', json('POST', '/api/valuations', { regoState: 'QLD' }), 400);
  add('POST /api/valuations: unknown dealer', json('POST', '/api/valuations', { rego: 'ABC123', regoState: 'QLD', dealership_slug: 'x' }), 404);
  for (const id of [2 ** 31, 2 ** 53, 0, -1, 1.5, 'one', null]) {
    add(`PUT /api/valuations: id ${id}`, json('PUT', '/api/valuations', { id, adjustmentAnswers: {} }), 400);
  }
  add('PUT /api/valuations: no answers', json('PUT', '/api/valuations', { id: 1 }), 400);
  add('PUT /api/valuations: answers a string', json('PUT', '/api/valuations', { id: 1, adjustmentAnswers: 'good' }), 400);
  add('PUT /api/valuations: no token', json('PUT', '/api/valuations', { id: 1, adjustmentAnswers: {} }), 404);
  add('PUT /api/valuations: wrong token', json('PUT', '/api/valuations', { id: 1, adjustmentAnswers: {} }, { 'update-token': 'nope' }), 404);
  add('POST /api/miscellaneous: no column_name', json('POST', '/api/miscellaneous', { id: 1 }), 400);
  add('POST /api/miscellaneous: column_name 200 long', json('POST', '/api/miscellaneous', { column_name: 'c'.repeat(200) }), 400);

  // Reservations and their lookups.
  const reserve = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    json('POST', '/api/reservations', { car_id: 42, lead_id: 1, amount: 500, return_path: '/c', ...body }, headers);
  add('POST /api/reservations: car_id 2^31', reserve({ car_id: 2 ** 31 }), 400);
  add('POST /api/reservations: car_id 999 (not a car of the site)', reserve({ car_id: 999 }), 400);
  add('POST /api/reservations: lead_id 2^31', reserve({ lead_id: 2 ** 31 }), 400);
  add('POST /api/reservations: lead_id "2147483648"', reserve({ lead_id: '2147483648' }), 404);
  add('POST /api/reservations: unknown provider', reserve({ provider: 'EvilPay' }), 400);
  add('POST /api/reservations: provider in lower case', reserve({ provider: 'stripe' }), 400);
  add('POST /api/reservations: provider "Test"', reserve({ provider: 'Test' }), 400);
  add('POST /api/reservations: amount 0', reserve({ amount: 0 }), 400);
  add('POST /api/reservations: amount 1e300', reserve({ amount: 1e300 }), 400);
  add('POST /api/reservations: return_path //evil', reserve({ return_path: '//evil.example/x' }), 400);
  add('POST /api/reservations: return_path with a tab', reserve({ return_path: '/\t/evil.example' }), 400);
  add('POST /api/reservations: no token', reserve({}), 404);
  add('POST /api/reservations: wrong token', reserve({}, { 'update-token': 'nope' }), 404);
  for (const id of ['2147483648', '9007199254740993', '99999999999999999999', '-1', 'abc', '%00', '0']) {
    add(`GET /api/cars/${id}/reservation`, { method: 'GET', url: `/api/cars/${id}/reservation` }, /^[1-9][0-9]{0,15}$/.test(id) ? 404 : 400);
  }
  for (const id of ['nope', '%00', '1', 'x'.repeat(400), '00000000-0000-0000-0000-00000000000%00']) {
    add(`GET /api/reservations/${id.slice(0, 20)}`, { method: 'GET', url: `/api/reservations/${id}` }, 404);
    add(`GET /api/payments/test/${id.slice(0, 20)} (an HTML page)`, { method: 'GET', url: `/api/payments/test/${id}` }, 404);
  }
  const payForm = (payload: string, type = 'application/x-www-form-urlencoded'): InjectOptions => ({
    method: 'POST',
    url: '/api/payments/test/00000000-0000-4000-8000-000000000000',
    payload,
    headers: { 'content-type': type },
  });
  add('POST /api/payments/test: unknown reference', payForm('outcome=pay'), 404);
  add('POST /api/payments/test: outcome toString', payForm('outcome=toString'), 400);
  add('POST /api/payments/test: outcome __proto__', payForm('outcome=__proto__'), 400);
  add('POST /api/payments/test: JSON', payForm('{"outcome":"pay"}', 'application/json'), 415);
  add(
    'POST /api/payments/test: foreign Origin',
    { ...payForm('outcome=pay'), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } },
    403,
  );

  // Multipart (the files route only).
  const files = (body: ReturnType<typeof multipart>, headers: Record<string, string> = {}): InjectOptions => ({
    method: 'POST',
    url: '/api/leads/with-files',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  const leadPart = { name: 'lead', value: JSON.stringify(lead()) };
  const photo = (filename: string, type = 'image/png') => ({ name: 'photo', value: 'png-bytes', filename, type });
  add('with-files: no boundary', { ...files(multipart([leadPart])), headers: { 'content-type': 'multipart/form-data' } }, 400);
  add('with-files: empty boundary', { ...files(multipart([leadPart])), headers: { 'content-type': 'multipart/form-data; boundary=' } }, 400);
  add('with-files: wrong boundary', { ...files(multipart([leadPart])), headers: { 'content-type': 'multipart/form-data; boundary=other' } }, 400);
  add('with-files: truncated body', files(multipart([leadPart, photo('a.png')], { cut: 30 })), 400);
  add('with-files: truncated in the lead', files(multipart([leadPart], { cut: 60 })), 400);
  add('with-files: NUL in a file name', files(multipart([leadPart, photo('a\u0000.png')])), 400);
  add('with-files: control character in a file name', files(multipart([leadPart, photo('a\u001b[2J.png')])), 400);
  add('with-files: NUL in a field name', files(multipart([leadPart, { name: 'x\u0000y', value: '1' }])), 400);
  add('with-files: NUL in a file field name', files(multipart([leadPart, { ...photo('a.png'), name: 'p\u0000' }])), 400);
  add('with-files: an executable', files(multipart([leadPart, photo('a.exe', 'application/x-msdownload')])), 400);
  add('with-files: lead is not JSON', files(multipart([{ name: 'lead', value: '{nope' }])), 400);
  add('with-files: lead nested 5,000 deep', files(multipart([{ name: 'lead', value: nested(5000) }])), 400);
  add('with-files: lead with a NUL field name', files(multipart([{ name: 'lead', value: JSON.stringify(lead()).replace(/^\{"/, '{"\\u0000":1,"') }])), 400);
  add('with-files: lead car_id 2^31', files(multipart([{ name: 'lead', value: JSON.stringify(lead({ car_id: 2 ** 31 })) }])), 400);
  add(
    'with-files: flat car_id "-1"',
    files(
      multipart([
        { name: 'lead[car_id]', value: '-1' },
        { name: 'lead[dealership_slug]', value: SLUG },
      ]),
    ),
    400,
  );
  add('with-files: JSON body', { method: 'POST', url: '/api/leads/with-files', payload: JSON.stringify({ lead: lead() }), headers: JSON_TYPE }, 415);
  add('with-files: text/plain', { method: 'POST', url: '/api/leads/with-files', payload: 'x', headers: { 'content-type': 'text/plain' } }, 415);
  add('with-files: foreign Origin', files(multipart([leadPart]), { origin: 'https://evil.example' }), 403);
  add('with-files: reused key, other files', files(multipart([leadPart, photo('b.png')]), { 'idempotency-key': 'fuzz-used-key' }), 422);

  // Unknown routes and methods.
  add('POST /api/nope', json('POST', '/api/nope', {}), 404);
  add('DELETE /api/leads/1', { method: 'DELETE', url: '/api/leads/1' }, 404);
  add('POST /mock/nope', json('POST', '/mock/nope', {}), 404);
  add('PATCH /api/leads/1', { method: 'PATCH', url: '/api/leads/1', payload: '{}', headers: JSON_TYPE }, 404);
  return all;
}

/** Free text that is stored, cleaned: NUL removed, lone surrogates replaced. */
const CLEANED: { name: string; lead: Record<string, unknown>; check: (payload: Record<string, unknown>) => void }[] = [
  { name: 'NUL in the message', lead: lead({ message: 'Hello\u0000 there' }), check: (p) => expect(p.message).toBe('Hello there') },
  { name: 'lone high surrogate in the message', lead: lead({ message: 'Broken \ud800 text' }), check: (p) => expect(p.message).toBe('Broken \ufffd text') },
  { name: 'lone low surrogate in the name', lead: lead({ message: 'x \udc00' }), check: (p) => expect(p.message).toBe('x \ufffd') },
  { name: 'NUL in an extra field', lead: lead({ trade_in_notes: 'a\u0000b' }), check: (p) => expect(p.trade_in_notes).toBe('ab') },
  {
    name: 'NUL in a linked_query_params value',
    lead: lead({ linked_query_params: { utm_source: 'a\u0000b' } }),
    check: (p) => expect(p.linked_query_params).toEqual({ utm_source: 'ab' }),
  },
  { name: 'NUL in a visited page', lead: lead({ visited_pages: ['/\u0000x'] }), check: (p) => expect(p.visited_pages).toEqual(['/x']) },
];

/** Everything written to stdout, stderr or the console while this file runs. */
const captured: string[] = [];
const restore: (() => void)[] = [];

beforeAll(() => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      captured.push(format(...args));
      original(...args);
    };
    restore.push(() => (console[method] = original));
  }
});
afterAll(() => restore.forEach((undo) => undo()));

const TABLES = ['leads', 'events', 'phone_reveals', 'valuations', 'uploads', 'idempotency'] as const;

async function counts(db: Queryable): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) result[table] = await countRows({ db, table });
  result.reservations = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations')).rows[0].n);
  return result;
}

for (const engine of testEngines()) {
  describe.skipIf(engine.skip !== null)(`lead API fuzz on ${engine.name}`, () => {
    let handle: EngineHandle;
    let app: FastifyInstance;
    let site: ServedSiteConfig;
    let uploadDir: string;

    beforeAll(async () => {
      handle = await engine.open();
      site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: SLUG });
      uploadDir = await mkdtemp(path.join(tmpdir(), 'forecourt-fuzz-'));
      app = await buildApp({
        mode: { demo: true, live: {} },
        outDir: FIXTURE_SITES,
        site: { ...site, deposits: [{ car_id: 42, amount: 500, currency: 'AUD' }] },
        db: handle.db,
        uploadDir,
        rateLimits: NO_RATE_LIMIT,
      });
      // A stored lead (id 1) and valuation (id 1) for the update and reservation cases, and a used key.
      const first = await app.inject({ method: 'POST', url: '/api/leads', payload: { lead: lead() }, headers: { 'idempotency-key': 'fuzz-used-key' } });
      expect(first.json().id).toBe(1);
      const valuation = await app.inject({ method: 'POST', url: '/api/valuations', payload: { rego: 'ABC123', regoState: 'QLD' } });
      expect(valuation.json().id).toBe(1);
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
      if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
    });

    const all = cases();
    it('has at least 150 bad requests, over every route', () => {
      expect(all.length).toBeGreaterThanOrEqual(150);
      const routes = new Set(all.map((c) => `${c.request.method} ${String(c.request.url).replace(/^(\/\w+\/leads)\/(?!with-files).+$/, '$1/:id')}`));
      for (const route of [
        'POST /api/leads',
        'PUT /api/leads/:id',
        'POST /api/leads/with-files',
        'POST /api/carClarityCustomer',
        'POST /api/events/car_phone_call',
        'POST /api/phone-reveal',
        'POST /api/simple-autograb-lookup',
        'POST /api/valuations',
        'PUT /api/valuations',
        'POST /api/miscellaneous',
        'POST /api/reservations',
        'POST /mock/reservations',
      ]) {
        expect(routes, route).toContain(route);
      }
    });

    it.each(all.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const before = await counts(handle.db);
      const res = await app.inject(c.request);
      expect(res.statusCode, res.body).toBe(c.status);
      if (String(res.headers['content-type']).startsWith('text/html')) {
        // The test payment page is a page: its 404 is one too.
        expect(c.name).toMatch(/an HTML page/);
      } else {
        const body = res.json();
        expect(typeof body.error).toBe('string');
        expect(body.error.length).toBeGreaterThan(0);
      }
      expect(await counts(handle.db)).toEqual(before);
    });

    it.each(CLEANED.map((c) => [c.name, c] as const))('stores free text cleaned: %s', async (_name, c) => {
      const res = await app.inject({ method: 'POST', url: '/api/leads', payload: JSON.stringify({ lead: c.lead }), headers: JSON_TYPE });
      expect(res.statusCode, res.body).toBe(201);
      const { rows } = await handle.db.query<{ payload: Record<string, unknown> }>('SELECT payload FROM leads WHERE id = $1', [res.json().id]);
      c.check(rows[0].payload);
    });

    it('answers a real database failure with 500 and logs it without field values', async () => {
      // A constraint every new lead breaks: the engine's own error, carrying the statement's parameters.
      await handle.db.exec('ALTER TABLE leads ADD CONSTRAINT fuzz_no_new_leads CHECK (false) NOT VALID');
      try {
        const res = await app.inject({ method: 'POST', url: '/api/leads', payload: { lead: lead() } });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: 'An unexpected error occured' });
      } finally {
        await handle.db.exec('ALTER TABLE leads DROP CONSTRAINT fuzz_no_new_leads');
      }
      expect(captured.join('')).toMatch(/forecourt serve: POST \/api\/leads \(request [^)]+\) failed: .*code 23514/);
    });
  });
}

describe('the log output of the whole run', () => {
  it('holds no field value of any lead', () => {
    const log = captured.join('\n');
    const values = [...Object.values(PERSONAL), PERSONAL.phone.replace(/\s/g, ''), 'Intruder', 'Hello there', 'Broken'];
    for (const value of values) expect(log.includes(value), `"${value}" is in the log`).toBe(false);
  });
});
