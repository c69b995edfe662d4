import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { BASE_CAR } from '../domain/fixtures/car.ts';
import type { Car } from '../domain/types.ts';
import { sampleSite } from '../fixtures/sites/northside.ts';
import { startMeiliStub, type MeiliStub } from '../fixtures/search/meiliStub.ts';
import { startReceiver, type TestReceiver } from '../fixtures/delivery/receivers.ts';
import { registerIndex, runIndex } from './indexStock.ts';

const KEY = 'k-123';
let stub: MeiliStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

function buffer(isTTY = false) {
  const chunks: string[] = [];
  return { isTTY, write: (t: string) => chunks.push(t), text: () => chunks.join('') };
}

const NOW = new Date('2026-11-20T00:00:00.000Z');
const cars: Car[] = [1, 2, 3].map((id) => ({ ...BASE_CAR, id, slug: `car-${id}` }));
cars.push({ ...BASE_CAR, id: 4, slug: 'car-4', show_on_dealer_website: false });

function loader({ host, key }: { host: string | null; key: string | null }) {
  const site = sampleSite({ slug: 'northside-motors', search_host: host, search_key: key, search_index: null, now: NOW.toISOString() });
  return async () => ({ site, cars, diagnostics: [] });
}

describe('forecourt index', () => {
  it('pushes the visible cars to the record host the operator listed, with the admin key from MEILISEARCH_ADMIN_KEY, draws a bar on a TTY, prints a summary', async () => {
    stub = await startMeiliStub({ key: KEY });
    const stdout = buffer(true);
    const stderr = buffer();
    const env = { MEILISEARCH_ADMIN_KEY: KEY, FORECOURT_SEARCH_HOSTS: `https://other.example, ${stub.url}/` };
    const code = await runIndex({
      slug: 'northside-motors',
      batchSize: 2,
      now: NOW,
      env,
      stdout,
      stderr,
      loadDealer: loader({ host: stub.url, key: 'public-key' }),
    });
    expect(stderr.text()).toBe('');
    expect(code).toBe(0);
    expect([...stub.indexes.get('northside-motors')!.docs.keys()]).toEqual(['1', '2', '3']);
    expect(stdout.text()).toContain('\rnorthside-motors  [##############################] 3/3 documents');
    expect(stdout.text()).toMatch(
      /northside-motors {2}3 cars indexed into northside-motors at http:\/\/127\.0\.0\.1:\d+ {2}\(2 batches, 0 removed; Meilisearch 1\.12\.0, maxTotalHits 1000, maxValuesPerFacet 100\)\n$/,
    );
  });

  it('--host and --key override the record; no bar when not a TTY', async () => {
    stub = await startMeiliStub({ key: KEY });
    const stdout = buffer(false);
    const code = await runIndex({
      slug: 'northside-motors',
      host: stub.url,
      key: KEY,
      now: NOW,
      stdout,
      stderr: buffer(),
      loadDealer: loader({ host: 'http://127.0.0.1:9', key: 'wrong' }),
    });
    expect(code).toBe(0);
    expect(stdout.text()).not.toContain('[');
  });

  it('an unreachable host is one clear line and exit 1', async () => {
    const stderr = buffer();
    const code = await runIndex({
      slug: 'northside-motors',
      key: KEY,
      env: { FORECOURT_SEARCH_HOSTS: 'http://127.0.0.1:9' },
      now: NOW,
      stdout: buffer(),
      stderr,
      loadDealer: loader({ host: 'http://127.0.0.1:9', key: 'public-key' }),
    });
    expect(code).toBe(1);
    expect(stderr.text()).toMatch(/^northside-motors: search service http:\/\/127\.0\.0\.1:9 is unreachable \([^\n]*\)\n$/);
  });

  it('a rejected key is one clear line and exit 1', async () => {
    stub = await startMeiliStub({ key: KEY });
    const stderr = buffer();
    const code = await runIndex({
      slug: 'northside-motors',
      key: 'bad',
      env: { FORECOURT_SEARCH_HOST: stub.url },
      now: NOW,
      stdout: buffer(),
      stderr,
      loadDealer: loader({ host: stub.url, key: 'public-key' }),
    });
    expect(code).toBe(1);
    expect(stderr.text()).toBe(`northside-motors: search service ${stub.url} rejected the key (HTTP 403 invalid_api_key)\n`);
  });

  it('a record without host (and no flags) says what to do; the record search_key is never the write key', async () => {
    const stderr = buffer();
    expect(await runIndex({ slug: 'northside-motors', env: {}, now: NOW, stdout: buffer(), stderr, loadDealer: loader({ host: null, key: null }) })).toBe(1);
    expect(stderr.text()).toContain('no search host; set search_host in the record or pass --host');
    const noKey = buffer();
    expect(
      await runIndex({
        slug: 'northside-motors',
        env: { FORECOURT_SEARCH_HOSTS: 'http://127.0.0.1:9' },
        now: NOW,
        stdout: buffer(),
        stderr: noKey,
        loadDealer: loader({ host: 'http://127.0.0.1:9', key: KEY }),
      }),
    ).toBe(1);
    expect(noKey.text()).toContain('no admin key; pass --key or set MEILISEARCH_ADMIN_KEY');
  });

  it('warns when the record search_key is the admin key', async () => {
    stub = await startMeiliStub({ key: KEY });
    const stderr = buffer();
    expect(
      await runIndex({
        slug: 'northside-motors',
        key: KEY,
        env: { FORECOURT_SEARCH_HOSTS: stub.url },
        now: NOW,
        stdout: buffer(),
        stderr,
        loadDealer: loader({ host: stub.url, key: KEY }),
      }),
    ).toBe(0);
    expect(stderr.text()).toContain("warning: the record's search_key is the admin key; every page embeds it. Create a search-only key for this index");
  });

  describe('the admin key goes only to a host the operator chose', () => {
    let receiver: TestReceiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());
    const recordHost = () => new URL(receiver.url).origin;

    it.each([
      ['no host settings', {}],
      ['another listed host', { FORECOURT_SEARCH_HOSTS: 'https://search.example' }],
      ['a listed host on another port', { FORECOURT_SEARCH_HOSTS: 'http://127.0.0.1:9' }],
    ])("refuses the record's search_host with %s, and sends nothing", async (_, hostEnv) => {
      receiver.requests.length = 0;
      const stderr = buffer();
      const env = { MEILISEARCH_ADMIN_KEY: KEY, ...hostEnv };
      expect(
        await runIndex({ slug: 'northside-motors', env, now: NOW, stdout: buffer(), stderr, loadDealer: loader({ host: recordHost(), key: 'public-key' }) }),
      ).toBe(1);
      expect(stderr.text()).toBe(
        `northside-motors: the record's search_host ${recordHost()} is not a host the operator allowed, so the admin key is not sent there (nothing was sent); pass --host, set FORECOURT_SEARCH_HOST, or list the host in FORECOURT_SEARCH_HOSTS\n`,
      );
      expect(receiver.requests).toEqual([]);
    });

    it('--host and FORECOURT_SEARCH_HOST win over the record: the record host hears nothing', async () => {
      stub = await startMeiliStub({ key: KEY });
      receiver.requests.length = 0;
      for (const run of [{ host: stub.url, env: {} }, { env: { FORECOURT_SEARCH_HOST: stub.url } }]) {
        const code = await runIndex({
          slug: 'northside-motors',
          key: KEY,
          ...run,
          now: NOW,
          stdout: buffer(),
          stderr: buffer(),
          loadDealer: loader({ host: recordHost(), key: 'public-key' }),
        });
        expect(code).toBe(0);
      }
      expect(receiver.requests.filter((r) => r.headers.authorization)).toEqual([]);
      expect(receiver.requests).toEqual([]);
    });
  });

  it('a record with errors prints them and exits 1', async () => {
    const stderr = buffer();
    const load = async () => ({
      site: null,
      cars: [],
      diagnostics: [{ file: 'dealers/x/dealer.yaml', line: 3, col: 1, pointer: '/slug', message: 'must be a slug', severity: 'error' as const }],
    });
    expect(await runIndex({ slug: 'x', stdout: buffer(), stderr, loadDealer: load })).toBe(1);
    expect(stderr.text()).toContain('dealers/x/dealer.yaml:3:1  /slug  must be a slug');
  });

  it('registers `index <slug>` with --host, --key, --dealers', () => {
    const program = new Command();
    registerIndex(program);
    const cmd = program.commands.find((c) => c.name() === 'index')!;
    expect(cmd.options.map((o) => o.long)).toEqual(['--host', '--key', '--dealers', '--batch-size']);
    expect(cmd.registeredArguments.map((a) => [a.name(), a.required])).toEqual([['slug', true]]);
  });
});
