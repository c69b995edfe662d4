import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { MISDIRECTED_STATUS } from '../server/hostRouting.ts';
import { servedOutDir, type ServedOutDir } from '../fixtures/server/servedOutDir.ts';
import { type RunningServe, startServe } from './serve.ts';
import { enquiryLead } from '../fixtures/server/enquiryLead.ts';

/** A lead of test-motors' enquiry form for `slug`, about `carId`. */
const leadFor = ({ slug, carId }: { slug: string; carId: number }) => enquiryLead({ slug, carId });

describe('serve in production: one port by Host, a trusted proxy, settings that follow each rebuild', () => {
  let served: ServedOutDir;
  let stateDir: string;
  let running: RunningServe;
  const warnings: string[] = [];

  beforeAll(async () => {
    served = await servedOutDir({
      sites: [
        { slug: 'test-motors', edit: (c) => Object.assign(c, { hosts: ['test-motors.example', 'www.test-motors.example'] }) },
        { slug: 'second-motors', edit: (c) => Object.assign(c, { name: 'Second Motors', hosts: ['second.example'], dealerships: [] }) },
      ],
    });
    stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-serve-prod-'));
    await seedPgliteDataDir({ dataDir: path.join(stateDir, 'db') });
    running = await startServe({
      slugs: ['second-motors', 'test-motors'],
      outDir: served.outDir,
      port: 0,
      stateDir,
      sharedPort: 0,
      trustProxy: ['127.0.0.1'],
      warn: (message) => warnings.push(message),
    });
  }, 180_000);
  afterAll(async () => {
    await running?.close().catch(() => {});
    await rm(stateDir, { recursive: true, force: true });
    await rm(served.outDir, { recursive: true, force: true });
  });

  /** A request with exactly these headers (fetch replaces Host with the URL's). */
  const send = ({ url, method = 'GET', headers = {}, body }: { url: string; method?: string; headers?: Record<string, string>; body?: string }) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      const outgoing = request(url, { method, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const post = (url: string, lead: unknown, headers: Record<string, string> = {}) =>
    send({ url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(lead) });

  it('answers each dealer on the shared port by its Host (url host, alias, any case and port), 421 for another host', async () => {
    const { sharedUrl } = running;
    expect(sharedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const apiFor = async (host: string) => {
      const response = await post(`${sharedUrl}mock/leads`, leadFor({ slug: 'second-motors', carId: 42 }), { host });
      return response.status;
    };
    // second-motors accepts its own dealership slug; test-motors does not know it (404 Unknown dealer).
    expect(await apiFor('second.example')).toBe(201);
    expect(await apiFor('SECOND.example:443')).toBe(201);
    expect(await apiFor('www.test-motors.example')).toBe(404);
    expect(await apiFor('elsewhere.example')).toBe(MISDIRECTED_STATUS);
    const page = await send({ url: `${sharedUrl}`, headers: { host: 'test-motors.example' } });
    expect(page.status).toBe(200);
  });

  it('believes X-Forwarded-Host and -Proto from the trusted proxy: HSTS only for requests that came over https', async () => {
    const viaProxy = await send({
      url: `${running.sharedUrl}`,
      headers: { host: 'internal:8080', 'x-forwarded-host': 'second.example', 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const plain = await send({ url: `${running.sharedUrl}`, headers: { host: 'second.example' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the per-dealer ports, each answering its own site whatever the Host', async () => {
    expect(running.sites.map((site) => site.slug)).toEqual(['second-motors', 'test-motors']);
    const response = await post(`${running.sites[0].url}mock/leads`, leadFor({ slug: 'second-motors', carId: 43 }), { host: 'anything.example' });
    expect(response.status).toBe(201);
  });

  it('accepts a lead for a car a rebuild added as soon as the new version is linked in, with no restart', async () => {
    const url = `${running.sites[1].url}mock/leads`;
    const before = await post(url, leadFor({ slug: 'test-motors', carId: 77 }));
    expect(before.status).toBe(400);
    expect(before.text).toContain('car_id');
    await served.swap({ slug: 'test-motors', edit: (c) => Object.assign(c, { car_ids: [42, 43, 77], hosts: ['test-motors.example'] }) });
    expect((await post(url, leadFor({ slug: 'test-motors', carId: 77 }))).status).toBe(201);
    // The alias the rebuild dropped no longer routes; the delivery worker sees the same settings object.
    expect((await send({ url: `${running.sharedUrl}`, headers: { host: 'www.test-motors.example' } })).status).toBe(MISDIRECTED_STATUS);
  });

  it('keeps the last good settings when a rebuild cannot be read, saying so once', async () => {
    const url = `${running.sites[0].url}mock/leads`;
    await served.swap({ slug: 'second-motors', edit: (c) => Object.assign(c, { slug: 'someone-else' }) });
    expect((await post(url, leadFor({ slug: 'second-motors', carId: 42 }))).status).toBe(201);
    expect((await post(url, leadFor({ slug: 'second-motors', carId: 42 }))).status).toBe(201);
    expect(warnings.filter((w) => w.includes('second-motors: the new build'))).toHaveLength(1);
    await served.swap({ slug: 'second-motors', edit: (c) => Object.assign(c, { car_ids: [42], hosts: ['second.example'] }) });
    expect((await post(url, leadFor({ slug: 'second-motors', carId: 43 }))).status).toBe(400);
  });
});
