import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPolicy } from '../net/addressPolicy.ts';
import type { Feed } from '../schema/resolved.generated.ts';
import { readFeedSource } from './feedSource.ts';
import { runImport } from './runImport.ts';

const FEED = JSON.stringify({
  data: {
    vehicles: [
      { vin: 'JM0KF4W7A00000001', year: 2024, make: 'Mazda', model: 'CX-5', price: { amount: 41990 }, photos: ['https://cdn.example/1.jpg'] },
      { vin: 'JM0KF4W7A00000002', year: 2023, make: 'Mazda', model: 'CX-3', price: { amount: 'POA' }, photos: [] },
    ],
  },
});

let server: Server;
let base: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let flaky = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url!, headers: request.headers });
    if (request.url!.split('?')[0] === '/feed.json') {
      if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304).end();
      return void response.writeHead(200, { etag: '"v1"', 'content-type': 'application/json' }).end(FEED);
    }
    if (request.url === '/flaky.json') return void (flaky++ < 2 ? response.writeHead(503).end() : response.writeHead(200).end(FEED));
    if (request.url === '/slow.json') return void setTimeout(() => response.writeHead(200).end(FEED), 2000);
    if (request.url === '/big.json') return void response.writeHead(200).end('x'.repeat(5000));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const loopback = addressPolicy({ allow: '127.0.0.1/32,::1/128' });
const env = { FORECOURT_SECRET_FEED_TOKEN: 'Bearer s3cret' };

function urlFeed(url: string, source: Partial<NonNullable<Feed>['source']> = {}): NonNullable<Feed> {
  return {
    source: { url, headers: { Authorization: 'FORECOURT_SECRET_FEED_TOKEN' }, timeout_seconds: 5, max_bytes: 1_000_000, retries: 3, ...source },
    format: 'json',
    encoding: 'utf-8',
    records: '/data/vehicles',
    preset: null,
    map: { vin: 'vin', year: 'year', make: 'make', model: 'model', price: { column: 'price/amount', as: 'money' }, images: 'photos' },
    max_rejected_percent: 10,
    max_shrink_percent: 50,
  };
}

describe('a JSON feed from a URL', () => {
  it('sends the header from its FORECOURT_SECRET_ variable, then answers a 304 by changing nothing', async () => {
    const dealerDir = await mkdtemp(path.join(tmpdir(), 'forecourt-url-feed-'));
    try {
      const dealer = { slug: 'url-motors', dealer_id: 5, timezone: 'Australia/Sydney', feed: urlFeed(`${base}/feed.json?token=in-the-query`) };
      const first = await runImport({ dealerDir, dealer, now: new Date('2026-03-01T00:00:00Z'), policy: loopback, env });
      expect(first).toMatchObject({ status: 'imported', source: `${base}/feed.json`, counts: { for_sale: 2, added: 2 } });
      expect(seen.at(-1)!.headers.authorization).toBe('Bearer s3cret');
      const stock = await readFile(path.join(dealerDir, 'stock.json'), 'utf8');
      const history = await readFile(path.join(dealerDir, 'import-history.json'), 'utf8');
      expect(JSON.parse(stock).map((car: { price: number; images: unknown[] }) => [car.price, car.images.length])).toEqual(
        expect.arrayContaining([
          [41990, 1],
          [0, 0],
        ]),
      );
      // The secret is in no file the import writes (the history keeps the variable's name only through the config hash).
      expect(stock + history).not.toContain('s3cret');

      const second = await runImport({ dealerDir, dealer, now: new Date('2026-03-02T00:00:00Z'), policy: loopback, env });
      expect(seen.at(-1)!.headers['if-none-match']).toBe('"v1"');
      expect(second).toMatchObject({ status: 'not-modified', message: `${base}/feed.json is not modified since the last import (HTTP 304); nothing changed` });
      expect(await readFile(path.join(dealerDir, 'stock.json'), 'utf8')).toBe(stock);
      expect(await readFile(path.join(dealerDir, 'import-history.json'), 'utf8')).toBe(history);
    } finally {
      await rm(dealerDir, { recursive: true, force: true });
    }
  });

  it('refuses loopback unless the operator allowed it, sending nothing', async () => {
    const before = seen.length;
    const result = await readFeedSource({ source: urlFeed(`${base}/feed.json`).source, dealerDir: tmpdir(), policy: addressPolicy({ allow: '' }), env }).catch(
      (error: Error) => error.message,
    );
    expect(result).toMatch(/is not fetched: 127\.0\.0\.1 is a loopback address/);
    expect(seen.length).toBe(before);
  });

  it('reads header values only from set FORECOURT_SECRET_ variables', async () => {
    const source = urlFeed(`${base}/feed.json`).source;
    await expect(readFeedSource({ source, dealerDir: tmpdir(), policy: loopback, env: {} })).rejects.toThrow(
      'feed header Authorization: the environment variable FORECOURT_SECRET_FEED_TOKEN is not set',
    );
    await expect(
      readFeedSource({
        source: { ...source, headers: { Authorization: 'MEILISEARCH_ADMIN_KEY' } },
        dealerDir: tmpdir(),
        policy: loopback,
        env: { MEILISEARCH_ADMIN_KEY: 'k' },
      }),
    ).rejects.toThrow(/only FORECOURT_SECRET_\* variables are read/);
  });

  it('retries a 503 with backoff, gives up on a slow answer after the time limit, and refuses an answer over the size limit', async () => {
    const read = (url: string, source: Partial<NonNullable<Feed>['source']> = {}) =>
      readFeedSource({ source: urlFeed(url, source).source, dealerDir: tmpdir(), policy: loopback, env, retryDelayMs: 10 });
    expect(await read(`${base}/flaky.json`)).toMatchObject({ status: 'body' });
    expect(flaky).toBe(3);
    await expect(read(`${base}/slow.json`, { timeout_seconds: 0.2, retries: 1 })).rejects.toThrow(`${base}/slow.json did not answer within 0.2 s (2 attempts)`);
    await expect(read(`${base}/big.json`, { max_bytes: 1000 })).rejects.toThrow(`${base}/big.json is over feed.source.max_bytes 1000`);
    await expect(read(`${base}/missing.json`)).rejects.toThrow(`${base}/missing.json answered HTTP 404`);
  });
});
