import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCar, makeSite } from '../../fixtures/sites/bayside.ts';
import { standInRenderers } from '../../fixtures/build/renderers.tsx';
import { startPhotoHost, type PhotoHost } from '../../fixtures/photos/photoHost.ts';
import { addressPolicy } from '../../net/addressPolicy.ts';
import { bundleRuntime, type BundleResult } from '../bundle.ts';
import { REPO_ROOT } from '../emit.ts';
import { generateSite } from '../generate.ts';

describe('generate with images.service: local', () => {
  let bundle: BundleResult;
  let host: PhotoHost;
  let work: string;
  beforeAll(async () => {
    [bundle, host, work] = await Promise.all([
      bundleRuntime({ root: join(REPO_ROOT, 'fixtures/build') }),
      startPhotoHost({ count: 2, width: 1400, height: 1050 }),
      mkdtemp(join(tmpdir(), 'forecourt-generate-photos-')),
    ]);
  });
  afterAll(async () => {
    await host.close();
    await rm(work, { recursive: true, force: true });
  });

  it('links the cached files into the site under /assets/photos, names the car of a missing photo, and fetches nothing the second time', async () => {
    const site = makeSite({ images: { service: 'local', base_url: null, quality: 75 } });
    const cars = [
      makeCar({ id: 1, images: [{ image: { url: host.url(1) } }, { image: { url: host.url(2) } }] }),
      makeCar({ id: 2, images: [{ image: { url: `${host.origin}/missing.jpg` } }] }),
    ];
    const build = () =>
      generateSite({
        slug: 'bayside-cars',
        dealersDir: join(REPO_ROOT, 'fixtures/build/dealers'),
        outDir: join(work, 'out'),
        now: new Date('2025-06-10T00:00:00Z'),
        buildIndex: null,
        bundle,
        renderers: standInRenderers(),
        loadDealer: async () => ({ site, cars, diagnostics: [] }),
        // The photo host is on loopback; the cache is this test's own.
        photos: { policy: addressPolicy({ allow: '127.0.0.1' }), cacheDir: join(work, 'cache') },
      });
    const first = await build();
    expect(first.error).toBeUndefined();
    expect(first.ok).toBe(true);
    expect(first.timings.map((t) => t.stage)).toContain('photos');
    expect(first.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'photo-unavailable']]);
    expect(first.diagnostics[0].message).toContain(`car 2 `);
    expect(first.diagnostics[0].message).toContain(`${host.origin}/missing.jpg`);
    const photos = await readdir(join(work, 'out', 'bayside-cars', 'assets', 'photos'));
    // 2 photos x (4 widths x AVIF, WebP and JPEG + the 160 px WebP thumbnail).
    expect(photos).toHaveLength(26);
    expect((await stat(join(work, 'out', 'bayside-cars', 'assets', 'photos', photos[0]))).size).toBeGreaterThan(0);

    const bodies = host.counts.bodies;
    const second = await build();
    expect(second.ok).toBe(true);
    expect(host.counts.bodies).toBe(bodies);
    expect((await readdir(join(work, 'out', 'bayside-cars', 'assets', 'photos'))).sort()).toEqual(photos.sort());
  }, 120_000);
});
