/**
 * Every JSON answer of the server, whatever made it (a handler, a refusal, a 404, the rate limit,
 * a 5xx), carries nosniff and a Content-Security-Policy that allows nothing and no framing.
 */
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { loadSiteConfig } from './siteConfig.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
const JSON_TYPE = { 'content-type': 'application/json' };
const CONTACT = { form: 'contact', name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678', postcode: '4000', message: 'Hi' };

describe('security headers of JSON answers', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    const site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: 'test-motors' });
    app = await buildApp({
      outDir: FIXTURE_SITES,
      site,
      db,
      uploadDir: path.resolve('.tmp/uploads-headers'),
      rateLimits: { windowMs: 60_000, writes: 3, reads: 100 },
      onServerError: () => {},
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const requests: [string, InjectOptions, number][] = [
    ['a created lead', { method: 'POST', url: '/api/leads', headers: JSON_TYPE, payload: { lead: { ...CONTACT, dealership_slug: 'test-motors' } } }, 201],
    ['a refused lead', { method: 'POST', url: '/mock/leads', headers: JSON_TYPE, payload: { lead: { dealership_slug: 'test-motors' } } }, 400],
    ['an unknown API path', { method: 'PUT', url: '/api/nothing-here', headers: JSON_TYPE, payload: '{}', remoteAddress: '127.0.3.1' }, 404],
    ['a read', { method: 'GET', url: '/api/cars/42/reservation', remoteAddress: '127.0.3.1' }, 200],
    ['the review widget', { method: 'GET', url: '/api/reviews/widget?orgId=1', remoteAddress: '127.0.3.1' }, 200],
    ['a wrong content type', { method: 'POST', url: '/api/leads', headers: { 'content-type': 'text/plain' }, payload: '{}', remoteAddress: '127.0.3.2' }, 415],
    ['a POST to a page', { method: 'POST', url: '/cars/x', headers: JSON_TYPE, payload: '{}' }, 404],
  ];

  it.each(requests)('%s', async (_what, request, status) => {
    const response = await app.inject(request);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('the rate limit answer', async () => {
    let last;
    for (let i = 0; i < 5; i++)
      last = await app.inject({ method: 'POST', url: '/api/phone-reveal', headers: JSON_TYPE, payload: {}, remoteAddress: '127.0.3.9' });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['x-content-type-options']).toBe('nosniff');
    expect(last!.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('pages keep the policy of the site (its _headers), not the API one', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
