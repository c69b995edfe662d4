import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { countRows } from './db/leadStore.ts';
import { openDatabase } from './db/openDatabase.ts';
import { EVENT_BODY_LIMIT } from './eventRoutes.ts';
import { DEFAULT_RATE_LIMITS } from './rateLimit.ts';
import { loadSiteConfig } from './siteConfig.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');

function lead(i: number, special = '') {
  return {
    lead: {
      form: 'contact',
      name: 'Burst',
      last_name: 'Sender',
      email: `burst${i}@example.com`,
      phone: '0412 345 678',
      postcode: '4000',
      message: 'Hello',
      dealership_slug: 'test-motors',
      special,
    },
  };
}

describe('rate limits per client address (the defaults serve uses)', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    const site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: 'test-motors' });
    app = await buildApp({ outDir: FIXTURE_SITES, site, db, uploadDir: path.resolve('.tmp/uploads-rate') });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const from = (remoteAddress: string, i: number, special = '') =>
    app.inject({ method: 'POST', url: i % 2 ? '/api/leads' : '/mock/leads', payload: lead(i, special), remoteAddress });

  it('serves a burst of 100 from one address, then answers a flood 429 with Retry-After, storing nothing more', async () => {
    expect(DEFAULT_RATE_LIMITS.writes).toBeGreaterThanOrEqual(100);
    const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => from('127.0.0.9', i)));
    expect(burst.map((res) => res.statusCode)).toEqual(Array(100).fill(201));
    // The honeypot still answers like success (and stores nothing) within the allowance.
    const leads = await countRows({ db, table: 'leads' });
    expect((await from('127.0.0.9', 1000, 'http://spam.example')).statusCode).toBe(201);
    expect(await countRows({ db, table: 'leads' })).toBe(leads);
    const flood = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.writes; i++) flood.push(await from('127.0.0.9', 2000 + i));
    const refused = flood.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(flood.slice(flood.indexOf(refused[0])).every((res) => res.statusCode === 429)).toBe(true);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0].json().error).toMatch(/^Too many requests from your address: try again in/);
    expect(await countRows({ db, table: 'leads' })).toBe(leads + flood.length - refused.length);
    // Another address is not held back by this one.
    expect((await from('127.0.0.10', 1)).statusCode).toBe(201);
    // Nor are the site's pages.
    expect((await app.inject({ url: '/', remoteAddress: '127.0.0.9' })).statusCode).toBe(200);
  });

  // The router decodes the path; the limiter must count what the router routed, not the raw text.
  it.each([
    ['/%61pi/leads', '127.0.1.1'],
    ['/%6dock/leads', '127.0.1.2'],
    ['/api/%6ceads', '127.0.1.3'],
  ])('counts POSTs to %s (an encoded API path) against the address', async (url, remoteAddress) => {
    const answers = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.writes + 10; i++) {
      answers.push((await app.inject({ method: 'POST', url, payload: lead(i, 'http://spam.example'), remoteAddress })).statusCode);
    }
    expect(answers[0]).toBe(201);
    expect(answers.filter((status) => status === 429)).toHaveLength(10);
  });

  it('limits the event endpoints too, and caps their bodies at EVENT_BODY_LIMIT', async () => {
    const post = (url: string, payload: object, remoteAddress = '127.0.2.1') =>
      app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'content-type': 'application/json' } });
    const statuses = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.writes + 5; i++) statuses.push((await post('/api/events/car_phone_call', { phone: '0400 000 000' })).statusCode);
    expect(statuses[0]).toBe(201);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const padding = 'x'.repeat(EVENT_BODY_LIMIT);
    expect((await post('/api/events/car_phone_call', { phone: padding }, '127.0.2.2')).statusCode).toBe(413);
    expect((await post('/mock/miscellaneous', { column_name: 'valuation', note: padding }, '127.0.2.2')).statusCode).toBe(413);
    // A real valuation answer (SPEC §7: the valuation response plus column_name) fits.
    expect((await post('/api/miscellaneous', { id: 12, offer_price: 18_500, column_name: 'valuation' }, '127.0.2.2')).statusCode).toBe(201);
  });
});
