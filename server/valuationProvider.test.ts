import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPolicy } from '../net/addressPolicy.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { defaultSiteConfig, type ServedSiteConfig } from './siteConfig.ts';
import { createHttpValuationProvider, ValuationSetupError } from './valuationProvider.ts';

const CREDENTIAL_ENV = 'TEST_VALUATION_KEY';
const ENQUIRY = {
  form: 'enquiry',
  name: 'Sam',
  last_name: 'Lee',
  email: 'sam@example.com',
  phone: '0412 345 678',
  postcode: '4000',
  message: 'Is it still available?',
  category: 'Used Vehicle Enquiry',
  url: 'http://x/cars/a',
  source: 'Website',
  dealership_slug: 'test-motors',
};
const SHOPPER = { name: 'Jane', email: 'jane@example.com', rego: 'XYZ789', regoState: 'NSW', url: 'http://x/valuations', source: 'Website' };

/**
 * A local valuation service: records each request, answers {valuation: {trade_price}}, or waits
 * when told: 1.5 s for plate SLOW1, until `release()` for plate HELD1 (`held` resolves when one arrives).
 */
function startProvider() {
  const seen: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  const waiting: (() => void)[] = [];
  let arrived: () => void = () => {};
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const release = () => waiting.splice(0).forEach((answer) => answer());
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      seen.push({ headers: req.headers, body });
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ valuation: { trade_price: 12_345.4 } }));
      if (body.plate === 'SLOW1') setTimeout(answer, 1500);
      else if (body.plate === 'HELD1') {
        waiting.push(answer);
        arrived();
      } else answer();
    });
  });
  return new Promise<{ server: Server; seen: typeof seen; url: string; held: Promise<void>; release: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, seen, held, release, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/value` })),
  );
}

describe('valuations in production mode: off, lead (the dealer prices it) or instant (the provider does)', () => {
  let db: Database;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  const apps: Record<string, FastifyInstance> = {};
  const env = { [CREDENTIAL_ENV]: 'secret-key', FORECOURT_ALLOW_DESTINATIONS: '127.0.0.1/32' };

  beforeAll(async () => {
    provider = await startProvider();
    db = await openDatabase({ dataDir: null });
    const settings: ServedSiteConfig['valuation_provider'] = {
      url: provider.url,
      credential_env: CREDENTIAL_ENV,
      credential_header: 'X-Api-Key',
      credential_prefix: '',
      // Generous: a loaded CI machine may take a second to answer on loopback.
      timeout_ms: 5000,
      request: { plate: 'rego', state: 'regoState' },
      response: { offer_price: 'valuation.trade_price' },
    };
    // 'patient': an instant site whose provider may take 10 s (longer than any test waits);
    // 'hasty': one that waits 200 ms (less than the 1.5 s plate SLOW1 takes).
    const timeouts = { patient: 10_000, hasty: 200 } as const;
    for (const valuation of ['off', 'lead', 'instant', 'patient', 'hasty'] as const) {
      apps[valuation] = await buildApp({
        outDir: path.resolve('fixtures/server/sites'),
        site: {
          ...defaultSiteConfig({ slug: 'test-motors' }),
          valuation: valuation === 'patient' || valuation === 'hasty' ? 'instant' : valuation,
          valuation_provider: valuation === 'patient' || valuation === 'hasty' ? { ...settings!, timeout_ms: timeouts[valuation] } : settings,
        },
        db,
        uploadDir: path.resolve('.tmp/uploads-valuation'),
        rateLimits: { windowMs: 60_000, writes: 10_000, reads: 10_000 },
        mode: { demo: false, live: {}, env, policy: addressPolicy({ allow: '127.0.0.1' }) },
      });
    }
  }, 60_000);
  afterAll(async () => {
    provider?.release();
    for (const app of Object.values(apps)) await app.close();
    await db?.close();
    provider?.server.close();
  });

  const post = (valuation: string, body: Record<string, unknown>) => apps[valuation].inject({ method: 'POST', url: '/api/valuations', payload: body });

  it('off: no valuation API', async () => {
    expect((await post('off', SHOPPER)).statusCode).toBe(404);
  });

  it('lead: filed for the dealer with no offer, and answering the questions invents none; no lookup exists', async () => {
    const created = await post('lead', SHOPPER);
    expect(created.statusCode).toBe(201);
    expect(created.json().offer_price).toBeNull();
    const { id, update_token } = created.json();
    const put = await apps.lead.inject({
      method: 'PUT',
      url: '/api/valuations',
      headers: { 'update-token': update_token },
      payload: { id, adjustmentAnswers: { condition: 'poor' } },
    });
    expect(put.json()).toEqual({ id, offer_price: null });
    const { rows } = await db.query<{ offer_price: number | null; rego: string }>('SELECT offer_price, rego FROM valuations WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ offer_price: null, rego: 'XYZ789' });
    expect((await apps.lead.inject({ method: 'POST', url: '/api/simple-autograb-lookup', payload: { rego: 'ABC123', regoState: 'NSW' } })).statusCode).toBe(
      404,
    );
  });

  it("instant: the provider's offer, asked with the mapped fields and the credential from the environment", async () => {
    const created = await post('instant', SHOPPER);
    expect(created.json().offer_price).toBe(12_345);
    const request = provider.seen.at(-1)!;
    expect(request.body).toEqual({ plate: 'XYZ789', state: 'NSW' });
    expect(request.headers['x-api-key']).toBe('secret-key');
  });

  it('instant: a provider slower than its timeout files the valuation for the dealer to price', async () => {
    const created = await post('hasty', { ...SHOPPER, rego: 'SLOW1' });
    expect(created.statusCode).toBe(201);
    expect(created.json().offer_price).toBeNull();
  });

  it('instant: the provider is asked before the transaction opens, so another lead is stored while it thinks', async () => {
    const finished: string[] = [];
    const valuation = post('patient', { ...SHOPPER, rego: 'HELD1' }).then((response) => (finished.push('valuation'), response));
    await provider.held;
    // The provider has the request and has not answered: the one database connection must be free.
    const lead = await apps.patient
      .inject({ method: 'POST', url: '/api/leads', payload: { lead: ENQUIRY } })
      .then((response) => (finished.push('lead'), response));
    expect(lead.statusCode).toBe(201);
    expect(finished).toEqual(['lead']);
    provider.release();
    expect((await valuation).json().offer_price).toBe(12_345);
    expect(finished).toEqual(['lead', 'valuation']);
  }, 20_000);

  it('the provider is asked only under the address policy, with its credential set', async () => {
    const settings = {
      url: provider.url,
      credential_env: CREDENTIAL_ENV,
      credential_header: 'Authorization',
      credential_prefix: 'Bearer ',
      timeout_ms: 1000,
      response: { offer_price: 'valuation.trade_price' },
      request: { plate: 'rego' as const },
    };
    // The default policy allows public addresses only: loopback is refused before any connection.
    const refused = createHttpValuationProvider({ settings, env, policy: addressPolicy({ allow: [] }) });
    const before = provider.seen.length;
    const answer = await refused.offerFor({ rego: 'XYZ789' });
    expect(answer.offer_price).toBeNull();
    expect(provider.seen.length).toBe(before);
    expect(() => createHttpValuationProvider({ settings, env: {}, policy: addressPolicy({ allow: '127.0.0.1' }) })).toThrow(ValuationSetupError);
  });
});
