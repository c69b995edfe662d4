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
  // A copy of templates/, so the test can edit a template layer and the meta templates.
  await cp('templates', join(dir, 'templates'), { recursive: true });
  dev = await startDev({
    slug: SLUG,
    dealersDir: join(dir, 'dealers'),
    outDir: join(dir, 'out'),
    port: 0,
    stateDir: join(dir, 'state'),
    templatesDir: join(dir, 'templates'),
    log: () => {},
    debounceMs: 60_000,
  });
}, 120_000);

afterAll(async () => {
  await dev?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The status of an answer, read to its end so no connection is left busy when the server closes. */
async function answerStatus(response: Promise<Response>): Promise<number> {
  const answer = await response;
  await answer.arrayBuffer();
  return answer.status;
}

/** The status of a car phone call event posted to the lead API at `url` (it refuses a car the site does not have). */
const phoneCallStatus = ({ url, carId }: { url: string; carId: unknown }) =>
  answerStatus(
    fetch(new URL('/api/events/car_phone_call', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ car_id: carId }),
    }),
  );

describe('forecourt dev', () => {
  it('answers for a car added to the feed once the save has built, as its page shows it', async () => {
    const feedFile = join(dir, 'dealers', SLUG, 'stock.json');
    const rows = JSON.parse(await readFile(feedFile, 'utf8')) as Record<string, unknown>[];
    const added = { ...rows[0], id: 9001, slug: '2024-toyota-corolla-9001', stocknum: 'BAY9001' };
    const phoneCall = () => phoneCallStatus({ url: dev.url, carId: added.id });
    const page = () => answerStatus(fetch(new URL(`/cars/${added.slug}`, dev.url)));

    // Before the save: no such car, on the site or to the API.
    expect(await phoneCall()).toBe(400);
    expect(await page()).toBe(404);

    await writeFile(feedFile, JSON.stringify([...rows, added]));
    const site = await dev.rebuild();
    expect(site.ok).toBe(true);

    expect(await page()).toBe(200);
    expect(await phoneCall()).toBe(201);
  }, 120_000);

  it('serves the edited template layer and meta templates after a save to templates/', async () => {
    const home = async () => (await fetch(dev.url)).text();
    const before = await home();
    expect(before).toContain('Browse New Cars');
    const layer = join(dir, 'templates', 'franchise.yaml');
    await writeFile(layer, (await readFile(layer, 'utf8')).replace('Browse New Cars', 'See Every New Car'));
    const meta = join(dir, 'templates', 'meta.yaml');
    await writeFile(meta, (await readFile(meta, 'utf8')).replace("title: '{{site.name}} | New, Used & Demo Cars", "title: '{{site.name}} | Edited Title"));
    expect((await dev.rebuild()).ok).toBe(true);
    const after = await home();
    expect(after).toContain('See Every New Car');
    expect(after).not.toContain('Browse New Cars');
    expect(after).toMatch(/<title>Bayside Cars \| Edited Title/);
  }, 120_000);
});

describe('forecourt dev without a slug', () => {
  it('develops every dealer on its own port with one lead database, and skips one that does not build', async () => {
    const root = await mkdtemp(join(tmpdir(), 'forecourt-dev-all-'));
    const dealersDir = join(root, 'dealers');
    await cp(join('fixtures/build/dealers', SLUG), join(dealersDir, SLUG), { recursive: true });
    await cp(join('fixtures/build/dealers', SLUG), join(dealersDir, 'harbour-cars'), { recursive: true });
    const second = join(dealersDir, 'harbour-cars', 'dealer.yaml');
    await writeFile(
      second,
      (await readFile(second, 'utf8')).replace('slug: bayside-cars', 'slug: harbour-cars').replace('name: Bayside Cars', 'name: Harbour Cars'),
    );
    await cp(join('fixtures/build/dealers', SLUG), join(dealersDir, 'broken-cars'), { recursive: true });
    await writeFile(join(dealersDir, 'broken-cars', 'dealer.yaml'), 'name: [Broken\n');
    const logged: string[] = [];
    const { listDealers } = await import('../renderer/generate.ts');
    const { startDevAll } = await import('./dev.ts');
    const devs = await startDevAll({
      slugs: await listDealers({ dealersDir }),
      dealersDir,
      outDir: join(root, 'out'),
      port: 0,
      stateDir: join(root, 'state'),
      log: (line) => logged.push(line),
      debounceMs: 60_000,
    });
    try {
      expect(devs.sites.map((site) => site.slug)).toEqual([SLUG, 'harbour-cars']);
      expect(devs.skipped).toEqual(['broken-cars']);
      expect(
        logged.some((line) => /broken-cars[\\/]dealer\.yaml:\d+:\d+/.test(line)),
        logged.join('\n'),
      ).toBe(true);
      const title = async (url: string) => (await (await fetch(url)).text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      const [bayside, harbour] = devs.sites;
      expect(new Set(devs.sites.map((site) => new URL(site.url).port)).size).toBe(2);
      expect(await title(bayside.url)).toContain('Bayside Cars');
      expect(await title(harbour.url)).toContain('Harbour Cars');

      await writeFile(second, (await readFile(second, 'utf8')).replace('name: Harbour Cars', 'name: Harbour Motors'));
      expect((await harbour.dev.rebuild()).ok).toBe(true);
      expect(await title(harbour.url)).toContain('Harbour Motors');
      expect(await title(bayside.url)).toContain('Bayside Cars');
      // Both dealers' lead APIs write to the one database.
      for (const site of devs.sites) {
        expect(await phoneCallStatus({ url: site.url, carId: 1 })).toBe(201);
      }
    } finally {
      await devs.close();
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});
