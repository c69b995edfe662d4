/**
 * Per-car values a new process reads back from the disk memo (renderer/carMemo.ts `stored`): a
 * car's photos through a service (renderer/photos/buildPhotos.ts) and its advertising findings
 * (renderer/advertisingChecks.ts). Each test alters the stored value on disk to show it was read,
 * then changes what it is made from (the car, the settings, the signing keys, the price history,
 * the code version) and shows the altered value is not used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { buildPhotos } from './photos/buildPhotos.ts';
import { loadDealer } from './loadDealer.ts';

let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'forecourt-stored-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A new process's memo over the store in `dir` under code `version`, opened for `scope`. */
async function newMemo({ dir, version = 'v1', scope = '/dealers/a' }: { dir: string; version?: string; scope?: string }): Promise<CarMemo> {
  const memo = createCarMemo({ store: { dir, version: () => version } });
  await memo.open({ scope });
  return memo;
}

/** Sets every stored value named `name` in the memo files of `dir` to `value`. */
async function alterStored({ dir, name, value }: { dir: string; name: string; value: (old: unknown) => unknown }): Promise<number> {
  let altered = 0;
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.v8'))) {
    const path = join(dir, file);
    const stored = deserialize(await readFile(path)) as { values: Map<string, { context: string; value: unknown }> };
    for (const [key, entry] of stored.values)
      if (key.endsWith(`\0${name}`)) {
        entry.value = value(entry.value);
        altered += 1;
      }
    await writeFile(path, serialize(stored));
  }
  return altered;
}

describe('photos through a service, stored per car', () => {
  const site = (quality = 75) => ({ images: { service: 'imgix', base_url: null, quality } }) as unknown as Site;
  const stock = (price = 20_000) => ({ id: 7, price, images: [{ image: { url: 'https://cdn.example.com/a.jpg' } }] }) as unknown as Car;
  const PROBE = JSON.stringify([{ width: 1, height: 1, widths: [], urls: ['/stored-photo-probe.jpg'] }]);
  const dir = () => join(work, 'photos');
  const photosOf = async ({ car = stock(), quality, env = {}, version }: { car?: Car; quality?: number; env?: Record<string, string>; version?: string }) => {
    const memo = await newMemo({ dir: dir(), version });
    const built = await buildPhotos({ site: site(quality), cars: [car], file: 'stock.json', env, memo });
    await memo.save();
    return built.cars[0].photos?.[0]?.urls?.[0];
  };

  it('reads a car’s photos back in a new process, and not after the car, the settings, the signing keys or the code changed', async () => {
    const made = await photosOf({});
    expect(made).toMatch(/^https:\/\/cdn\.example\.com\/a\.jpg\?/);
    expect(await alterStored({ dir: dir(), name: 'photoJson', value: () => PROBE })).toBe(1);
    expect(await photosOf({})).toBe('/stored-photo-probe.jpg');
    expect(await photosOf({ car: stock(19_000) })).toBe(made);
    expect(await photosOf({ quality: 60 })).not.toBe('/stored-photo-probe.jpg');
    expect(await alterStored({ dir: dir(), name: 'photoJson', value: () => PROBE })).toBeGreaterThan(0);
    expect(await photosOf({ env: { FORECOURT_SECRET_THUMBOR_KEY: 'secret-key-probe' } })).toBe(made);
    // The key is stored only as a hash.
    for (const file of await readdir(dir())) expect((await readFile(join(dir(), file))).includes('secret-key-probe')).toBe(false);
    expect(await alterStored({ dir: dir(), name: 'photoJson', value: () => PROBE })).toBeGreaterThan(0);
    expect(await photosOf({ version: 'v2' })).toBe(made);
  });

  it('stores nothing for a signer the caller made (nothing names it)', async () => {
    const own = join(work, 'photos-signer');
    const memo = await newMemo({ dir: own });
    await buildPhotos({ site: site(), cars: [stock()], file: 'stock.json', env: {}, memo, sign: () => 'sig' });
    await memo.save();
    expect(await readdir(own).catch(() => [])).toEqual([]);
  });
});

describe('advertising findings, stored per car', () => {
  const dealersDir = () => join(work, 'dealers');
  const dir = () => join(work, 'adverts');
  const findings = async ({ version }: { version?: string } = {}) => {
    const memo = await newMemo({ dir: dir(), version, scope: join(dealersDir(), 'wattle-adverts') });
    const loaded = await loadDealer({ dealersDir: dealersDir(), slug: 'wattle-adverts', now: new Date('2026-11-20T00:00:00Z'), memo });
    await memo.save();
    return loaded.diagnostics.filter((d) => d.code?.startsWith('advert/')).map((d) => d.message);
  };

  it('reads a car’s findings back in a new process, and not after its price history changed or under other code', async () => {
    await cp('fixtures/advertising/dealers/wattle-adverts', join(dealersDir(), 'wattle-adverts'), { recursive: true });
    const made = await findings();
    expect(made.some((m) => m.includes('advert/unverified-was-price'))).toBe(true);
    const altered = await alterStored({
      dir: dir(),
      name: 'advertFindings',
      value: (old) => (old as { message: string }[]).map((f) => ({ ...f, message: `${f.message} stored-finding-probe` })),
    });
    expect(altered).toBeGreaterThan(0);
    expect((await findings()).every((m) => m.includes('stored-finding-probe'))).toBe(true);

    // The was-price car's history now lists its was price: its finding goes, the others are still read.
    const history = join(dealersDir(), 'wattle-adverts', 'import-history.json');
    const text = JSON.parse(await readFile(history, 'utf8')) as { cars: Record<string, { id: number; prices?: number[] }> };
    const rows = JSON.parse(await readFile(join(dealersDir(), 'wattle-adverts', 'stock.json'), 'utf8')) as { id: number; before_price?: number }[];
    const entries = Object.values(text.cars);
    const unverified = rows.find((car) => car.before_price && !entries.find((e) => e.id === car.id)?.prices?.includes(car.before_price))!;
    const entry = entries.find((car) => car.id === unverified.id)!;
    entry.prices = [unverified.before_price!, ...(entry.prices ?? [])];
    await writeFile(history, JSON.stringify(text));
    const after = await findings();
    expect(after.some((m) => m.includes('advert/unverified-was-price'))).toBe(false);
    expect(after.length).toBe(made.length - 1);
    expect(after.every((m) => m.includes('stored-finding-probe'))).toBe(true);
    // Another code version reads none of them.
    expect((await findings({ version: 'v2' })).some((m) => m.includes('stored-finding-probe'))).toBe(false);
  });
});
