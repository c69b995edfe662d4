/**
 * The Meilisearch backend with the static index behind it: a service that is unreachable, hangs
 * or fails hands the query to the static engine, which answers with the same result shape; a
 * working service answers itself. The service is the strict recorder, or a port nothing listens
 * on, or a server that never answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeCar } from '../domain/fixtures/car.ts';
import { sampleSite } from '../fixtures/sites/northside.ts';
import { startMeiliRecorder, type MeiliRecorder } from '../fixtures/search/meiliRecorder.ts';
import { buildStaticIndex, meiliDocuments } from './buildIndex.ts';
import type { SearchEngine } from './contract.ts';
import { withFallback } from './fallbackEngine.ts';
import { STATIC_INDEX_PATH } from './indexFormat.ts';
import { createMeiliEngine, meiliConfigFromSite } from './meiliEngine.ts';
import { pushStock } from './meiliIndexer.ts';
import { createStaticEngine } from './staticEngine.ts';

const KEY = 'admin-key-fallback';
const NOW = '2025-06-15T00:00:00.000Z';
const CARS = Array.from({ length: 30 }, (_, i) =>
  makeCar({ id: i + 1, slug: `car-${i + 1}`, make: i % 3 === 0 ? 'Mazda' : 'Toyota', price: 10_000 + i * 500, custom_rank: i % 5 }),
);

let recorder: MeiliRecorder | null = null;
let hanging: Server | null = null;
afterEach(async () => {
  await recorder?.close();
  recorder = null;
  if (hanging) {
    hanging.closeAllConnections();
    await new Promise((r) => hanging!.close(r));
    hanging = null;
  }
});

const SITE = sampleSite({ now: NOW, search_filters: ['make', 'price'], search_index: null, search_key: KEY });

/** The static engine over the site's index, counting how often it is loaded. */
function staticIndex() {
  const assets = buildStaticIndex({ site: { ...SITE, search_host: 'http://search.invalid' }, cars: CARS });
  const index = assets.find((a) => a.path === STATIC_INDEX_PATH)!.contents as Uint8Array;
  const dir = STATIC_INDEX_PATH.slice(0, STATIC_INDEX_PATH.lastIndexOf('/') + 1);
  const loads = { count: 0 };
  const load = async (): Promise<SearchEngine> => {
    loads.count++;
    return createStaticEngine({ index, loadChunk: async (file) => assets.find((a) => a.path === dir + file)!.contents as string });
  };
  return { load, loads };
}

function meiliAt(host: string) {
  return createMeiliEngine({ ...meiliConfigFromSite({ site: { ...SITE, search_host: host } }), clock: () => new Date(NOW) });
}

/** A port that was just free: connecting to it is refused. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

describe('search with the static index behind Meilisearch', () => {
  it('an unreachable service: the static index answers with the same result, and the autocomplete too', async () => {
    const { load, loads } = staticIndex();
    const warned: Error[] = [];
    const engine = withFallback({ primary: meiliAt(await closedPort()), loadFallback: load, onFallback: (e) => warned.push(e) });
    const query = { refinements: { make: ['Mazda'] }, sortBy: 'price:desc' as const };
    const answer = await engine.search(query);
    expect(answer).toEqual({ ...(await (await load()).search(query)), processingTimeMs: answer.processingTimeMs });
    expect(answer.estimatedTotalHits).toBe(10);
    expect(answer.hits.map((h) => h.make)).toEqual(Array(10).fill('Mazda'));
    expect((await engine.autocomplete({ query: 'mazd' })).map((h) => h.make)).toContain('Mazda');
    expect(warned).toHaveLength(1);
    expect(loads.count).toBe(2); // once by the engine (kept), once above for the comparison
  });

  it('a service that does not answer in time: the static index answers; the service is retried only after the pause', async () => {
    let asked = 0;
    hanging = createServer(() => void asked++);
    await new Promise<void>((r) => hanging!.listen(0, '127.0.0.1', r));
    const { load } = staticIndex();
    let now = 0;
    const engine = withFallback({
      primary: meiliAt(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`),
      loadFallback: load,
      timeoutMs: 300,
      retryAfterMs: 60_000,
      now: () => now,
    });
    expect((await engine.search({})).estimatedTotalHits).toBe(30);
    expect(asked).toBe(1);
    now = 59_999;
    expect((await engine.search({ page: 2 })).page).toBe(2);
    expect(asked).toBe(1);
    now = 60_001;
    await engine.search({});
    expect(asked).toBe(2);
  });

  it('a working service answers itself and the static index is never loaded', async () => {
    recorder = await startMeiliRecorder({ adminKey: KEY });
    const site = { ...SITE, search_host: recorder.url };
    await pushStock({ host: recorder.url, apiKey: KEY, indexUid: meiliConfigFromSite({ site }).indexUid, documents: meiliDocuments({ site, cars: CARS }) });
    const { load, loads } = staticIndex();
    const engine = withFallback({ primary: meiliAt(recorder.url), loadFallback: load });
    recorder.requests.length = 0;
    expect((await engine.search({ refinements: { make: ['Mazda'] } })).estimatedTotalHits).toBe(10);
    expect(recorder.requests.map((r) => r.path)).toEqual(['/multi-search']);
    expect(loads.count).toBe(0);
  });

  it('when the static index fails too, the error names both causes', async () => {
    const engine = withFallback({ primary: meiliAt(await closedPort()), loadFallback: () => Promise.reject(new Error('index.bin: HTTP 404')) });
    const error = await engine.search({}).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as Error).message).toBe('the search service and the static search index both failed');
    const causes = (error as AggregateError).errors.map((e: Error) => e.message);
    expect(causes[0]).toMatch(/multi-search on .* failed/);
    expect(causes[1]).toBe('index.bin: HTTP 404');
  });
});
