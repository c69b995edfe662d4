/**
 * `forecourt dev` serves the lead API beside the site it rebuilds: after a save builds, the API
 * knows what the new pages show (a car added to the feed can be enquired about, a review set edited
 * answers the widget), without a restart. The browser side (reload, overlay) is e2e/dev/dev.spec.ts.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDev } from './dev.ts';

const SLUG = 'bayside-cars';
let dir: string;
let dev: RunningDev;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forecourt-dev-'));
  await cp(join('fixtures/build/dealers', SLUG), join(dir, 'dealers', SLUG), { recursive: true });
  // As bin/forecourt.mjs does: React's build is chosen before anything imports it.
  process.env.NODE_ENV ??= 'production';
  const { startDev } = await import('./dev.ts');
  // A long debounce: the test rebuilds by hand, so a watcher's rebuild never lands in between.
  dev = await startDev({
    slug: SLUG,
    dealersDir: join(dir, 'dealers'),
    outDir: join(dir, 'out'),
    port: 0,
    stateDir: join(dir, 'state'),
    log: () => {},
    debounceMs: 60_000,
  });
}, 120_000);

afterAll(async () => {
  await dev?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('forecourt dev', () => {
  it('answers for a car added to the feed once the save has built, as its page shows it', async () => {
    const feedFile = join(dir, 'dealers', SLUG, 'stock.json');
    const rows = JSON.parse(await readFile(feedFile, 'utf8')) as Record<string, unknown>[];
    const added = { ...rows[0], id: 9001, slug: '2024-toyota-corolla-9001', stocknum: 'BAY9001' };
    const phoneCall = () =>
      fetch(new URL('/api/events/car_phone_call', dev.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ car_id: added.id }),
      });

    // Before the save: no such car, on the site or to the API.
    expect((await phoneCall()).status).toBe(400);
    expect((await fetch(new URL(`/cars/${added.slug}`, dev.url))).status).toBe(404);

    await writeFile(feedFile, JSON.stringify([...rows, added]));
    const site = await dev.rebuild();
    expect(site.ok).toBe(true);

    expect((await fetch(new URL(`/cars/${added.slug}`, dev.url))).status).toBe(200);
    expect((await phoneCall()).status).toBe(201);
  }, 120_000);
});
