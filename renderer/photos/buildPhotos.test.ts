import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Car } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { addressPolicy } from '../../net/addressPolicy.ts';
import { makeJpeg, startPhotoHost, type PhotoHost } from '../../fixtures/photos/photoHost.ts';
import { buildPhotos } from './buildPhotos.ts';

const site = (service: Site['images']['service']) => ({ images: { service, base_url: null, quality: 75 } }) as Site;
const car = (id: number, urls: string[]) =>
  ({ id, year: 2021, make: 'Mazda', model: 'CX-5', images: urls.map((url) => ({ image: { url } })) }) as unknown as Car;

describe('buildPhotos (local): a real photo host on loopback, the real encoder', () => {
  let host: PhotoHost;
  let cacheDir: string;
  const policy = addressPolicy({ allow: '127.0.0.1' });
  beforeAll(async () => {
    host = await startPhotoHost({ count: 3, width: 1400, height: 1050 });
    cacheDir = await mkdtemp(join(tmpdir(), 'forecourt-photos-'));
  });
  afterAll(async () => {
    await host.close();
    await rm(cacheDir, { recursive: true, force: true });
  });
  const build = (cars: Car[]) =>
    buildPhotos({ site: site('local'), cars, file: 'stock.json', policy, cacheDir, limits: { timeoutMs: 5000, maxBytes: 20_000_000, retries: 0 } });

  it('encodes each photo once to AVIF, WebP and JPEG at real sizes; a rebuild fetches and encodes nothing; a new ETag re-encodes that photo only', async () => {
    const cars = [car(1, [host.url(1), host.url(2)]), car(2, [host.url(3), host.url(1)])];
    const first = await build(cars);
    expect(first.counts).toMatchObject({ photos: 3, fetched: 3, encoded: 3, failed: 0 });
    expect(first.diagnostics).toEqual([]);
    const [photo] = first.cars[0].photos!;
    expect(photo).toMatchObject({ width: 1280, height: 960, widths: [320, 640, 960, 1280] });
    expect(photo.base).toMatch(/^\/assets\/photos\/[\w-]{20}$/);
    // 3 photos x (4 widths x 3 formats + the 160 px WebP thumbnail), each a real image of its stated size.
    expect(first.files).toHaveLength(39);
    const thumb = first.files.find((f) => f.path.endsWith('-160.webp'))!;
    expect(await sharp(thumb.from).metadata()).toMatchObject({ width: 160, height: 120, format: 'webp' });
    expect(first.files.filter((f) => f.path.includes('-160.'))).toHaveLength(3);
    const avif = first.files.find((f) => f.path.endsWith('-640.avif'))!;
    expect(await sharp(avif.from).metadata()).toMatchObject({ width: 640, height: 480, format: 'heif' });
    expect(avif.id[1]).toBeLessThan(150_000);

    const bodies = host.counts.bodies;
    const second = await build(cars);
    expect(second.counts).toMatchObject({ fetched: 0, encoded: 0, revalidated: 3 });
    expect(host.counts.bodies).toBe(bodies);
    expect(second.files).toEqual(first.files);
    expect(second.cars).toEqual(first.cars);

    host.replace(2, await makeJpeg({ seed: 99, width: 1600, height: 900 }));
    const third = await build(cars);
    expect(third.counts).toMatchObject({ fetched: 1, encoded: 1, revalidated: 2 });
    expect(third.cars[0].photos![1]).toMatchObject({ width: 1280, height: 720 });
    expect(third.cars[0].photos![1].base).not.toBe(first.cars[0].photos![1].base);
    expect(third.cars[1].photos).toEqual(first.cars[1].photos);
  }, 120_000);

  it('encodes a photo named by two URLs once, and reuses the encoded files when the cache index is lost', async () => {
    const own = await mkdtemp(join(tmpdir(), 'forecourt-photos-'));
    try {
      const limits = { timeoutMs: 5000, maxBytes: 20_000_000, retries: 0 };
      const cars = [car(1, [host.url(3), `${host.url(3)}?size=large`])];
      const first = await buildPhotos({ site: site('local'), cars, file: 'stock.json', policy, cacheDir: own, limits });
      expect(first.counts).toMatchObject({ photos: 2, fetched: 2, encoded: 1, failed: 0 });
      expect(first.cars[0].photos![1]).toEqual(first.cars[0].photos![0]);
      await rm(join(own, 'index.json'));
      const again = await buildPhotos({ site: site('local'), cars, file: 'stock.json', policy, cacheDir: own, limits });
      expect(again.counts).toMatchObject({ fetched: 2, encoded: 0 });
      expect(again.cars).toEqual(first.cars);
      expect(again.files).toEqual(first.files);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('warns naming the car and URL of a photo it cannot fetch or read; a car left without photos shows the placeholder', async () => {
    const missing = `${host.origin}/missing.jpg`;
    const broken = `${host.origin}/broken.jpg`;
    const result = await build([car(7, [missing, broken]), car(8, [host.url(1), missing])]);
    expect(result.cars[0].photos).toBeUndefined();
    expect(result.cars[1].photos).toHaveLength(1);
    expect(result.diagnostics.map((d) => [d.severity, d.message.slice(0, d.message.indexOf(' left out'))])).toEqual([
      ['warning', `car 7 (2021 Mazda CX-5): photo ${missing}`],
      ['warning', `car 7 (2021 Mazda CX-5): photo ${broken}`],
      ['warning', `car 8 (2021 Mazda CX-5): photo ${missing}`],
    ]);
    expect(result.diagnostics[0].message).toContain('HTTP 404');
  });

  it('refuses a destination the operator did not allow, without sending to it', async () => {
    const result = await buildPhotos({
      site: site('local'),
      cars: [car(9, ['http://169.254.169.254/latest/x.jpg'])],
      file: 'stock.json',
      policy: addressPolicy({ allow: [] }),
      cacheDir,
    });
    expect(result.counts.failed).toBe(1);
    expect(result.diagnostics[0].message).toContain('169.254.169.254');
  });

  it('through a service: every width of every photo, nothing fetched', async () => {
    const result = await buildPhotos({ site: site('imgix'), cars: [car(1, ['https://cdn.example/a.jpg'])], file: 'stock.json', cacheDir });
    expect(result.cars[0].photos![0].urls).toEqual([320, 640, 960, 1280].map((w) => `https://cdn.example/a.jpg?w=${w}&auto=format&q=75`));
    expect(result.files).toEqual([]);
  });
});
