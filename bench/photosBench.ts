/**
 * Benchmark section `photos` (`images: { service: local }`):
 * - encoding throughput on this machine: 4000x3000 JPEGs resized by sharp to every width as AVIF,
 *   WebP and JPEG (renderer/photos/encodePhoto.ts), one after another, in photos per second;
 * - a dealer of `--photo-cars N` cars (default 300) with 20 photos each, served by a loopback
 *   photo host (fixtures/photos/photoHost.ts, max-age a day as a CDN sends), built from a warm
 *   cache (its galleries too: one build of each kind first) against the same build without photos
 *   (the cars' photos removed), each into a fresh folder, alternating, the medians compared in the
 *   same run. Budget: at most 10% over. The same builds' CPU time (every thread) is printed as a
 *   ratio too, which others' load on the machine moves less than wall time. Also
 *   printed: the same photos through `service: imgix` (URLs at every width, nothing fetched), whose
 *   pages show the same galleries with one format rather than three, so that the cost of `local`
 *   itself (the photos stage, linking the files) is told apart from the cost of pages that show
 *   20 photos;
 * - Lighthouse mobile performance of a car page with 30 of those photos, and of the same page
 *   without photos (bench/photoLighthouse.ts).
 * Warming 6,000 photos by encoding each would take most of an hour here, so the 20 photos are
 * fetched and encoded once and every car's own URLs (`?car=<id>`) are entered in the cache as
 * those 20: the warm build looks up one cache entry per URL as it would, but links 240 distinct
 * files into the site rather than one set per photo.
 */
import { appendFile, cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listDealers, generateSite } from '../renderer/generate.ts';
import { bundleRuntime, type BundleResult } from '../renderer/bundle.ts';
import { REPO_ROOT } from '../renderer/emit.ts';
import { encodePhoto } from '../renderer/photos/encodePhoto.ts';
import { openPhotoCache } from '../renderer/photos/photoCache.ts';
import type { PhotoSources } from '../renderer/photos/buildPhotos.ts';
import { addressPolicy } from '../net/addressPolicy.ts';
import type { Car } from '../domain/types.ts';
import { startPhotoHost, type PhotoHost } from '../fixtures/photos/photoHost.ts';
import { formatFeed, generateStock, readDealer } from '../scripts/stock/generateStock.ts';
import { auditPhotoCarPage, PHOTO_PAGE_PERFORMANCE_BUDGET } from './photoLighthouse.ts';
import { median, type BenchContext, type BenchRow, type BenchSection } from './section.ts';

/** A warm build with photos against the same build without, as a ratio. */
export const WARM_PHOTOS_OVER_BUDGET = 1.1;
const PHOTOS_PER_CAR = 20;
const DEFAULT_CARS = 300;
// Builds of 300 cars take under a second here: seven alternating rounds keep up to three hiccups out of the medians.
const ROUNDS = 7;
const LIGHTHOUSE_PHOTOS = 30;
const BENCH_NOW = new Date('2026-11-20T00:00:00.000Z');

/**
 * Writes the dealer `slug` under the work folder: with local photos from `host`, with the same
 * photos through imgix, without photos, the first car alone (to warm the cache), and the Lighthouse car
 * alone with its photos and without.
 */
async function prepareDealers({ context, from, slug, cars, host }: { context: BenchContext; from: string; slug: string; cars: number; host: PhotoHost }) {
  const dealer = await readDealer({ dealersDir: from, slug });
  const feed = generateStock({ dealer, count: cars, now: BENCH_NOW });
  const photoUrl = (car: Car, n: number) => `${host.url(n)}?car=${car.id}`;
  const withPhotos = feed.map((car) => {
    const urls = Array.from({ length: PHOTOS_PER_CAR }, (_, i) => photoUrl(car, i + 1));
    return { ...car, primary_image_url: urls[0], thumbnails: [], images: urls.map((url) => ({ image: { url } })) };
  });
  const withoutPhotos = feed.map((car) => ({ ...car, primary_image_url: null, thumbnails: [], images: [] }));
  // The Lighthouse car: an in-stock car (it has a page) with 30 photos, its own 20 and 10 of the next car's.
  const shown = withPhotos.find((car) => car.status === 'in_stock') ?? withPhotos[0];
  const thirty = [...shown.images, ...withPhotos[(withPhotos.indexOf(shown) + 1) % withPhotos.length].images].slice(0, LIGHTHOUSE_PHOTOS);
  const lighthouseCar = { ...shown, primary_image_url: thirty[0].image.url, images: thirty };
  const write = async (folder: string, stock: Car[], images: string | null) => {
    const dealersDir = join(context.workDir, folder);
    await mkdir(dealersDir, { recursive: true });
    await cp(join(from, slug), join(dealersDir, slug), { recursive: true });
    if (images) await appendFile(join(dealersDir, slug, 'dealer.yaml'), `\nimages: { service: ${images} }\n`);
    await writeFile(join(dealersDir, slug, 'stock.json'), formatFeed(stock));
    return dealersDir;
  };
  return {
    firstCar: await write('first-car-dealers', withPhotos.slice(0, 1), 'local'),
    photos: await write('photo-dealers', withPhotos, 'local'),
    viaService: await write('service-photo-dealers', withPhotos, 'imgix'),
    none: await write('no-photo-dealers', withoutPhotos, null),
    lighthouse: await write('lighthouse-dealers', [lighthouseCar], 'local'),
    lighthouseWithout: await write('lighthouse-no-photo-dealers', [{ ...lighthouseCar, primary_image_url: null, thumbnails: [], images: [] }], null),
    lighthousePath: `/cars/${shown.slug}`,
    urls: withPhotos.flatMap((car) => car.images.map((i) => i.image.url)),
  };
}

/** The wall seconds of each build's photos stage, read by the section's figures. */
const photoStageSeconds: number[] = [];
/**
 * The CPU seconds (user and system, every thread of the process: the writer thread and the
 * garbage collector's helpers too) of each build, read by the section's figures: on a machine that
 * others load, wall time swings with their work, CPU time much less.
 */
const buildCpuSeconds: number[] = [];

/** One full build of `slug` into a fresh folder, in seconds. */
async function build({
  slug,
  dealersDir,
  outDir,
  bundle,
  photos,
}: {
  slug: string;
  dealersDir: string;
  outDir: string;
  bundle: BundleResult;
  photos: PhotoSources;
}): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const site = await generateSite({ slug, bundle, dealersDir, outDir, now: BENCH_NOW, photos });
  const used = process.cpuUsage(cpu);
  buildCpuSeconds.push((used.user + used.system) / 1e6);
  if (!site.ok) throw new Error(`generate failed for ${slug}`, { cause: site.error });
  const warnings = site.diagnostics.filter((d) => d.code === 'photo-unavailable');
  if (warnings.length) throw new Error(`${warnings.length} photos unavailable: ${warnings[0].message}`);
  photoStageSeconds.push((site.timings.find((t) => t.stage === 'photos')?.ms ?? 0) / 1000);
  return (performance.now() - start) / 1000;
}

/** Lighthouse on the car page with 30 local photos, and on the same page without photos. */
async function auditBoth({
  context,
  dealers,
  slug,
  bundle,
  photos,
}: {
  context: BenchContext;
  dealers: Awaited<ReturnType<typeof prepareDealers>>;
  slug: string;
  bundle: BundleResult;
  photos: PhotoSources;
}) {
  context.log(`Lighthouse on a car page with ${LIGHTHOUSE_PHOTOS} local photos ...`);
  const common = { slug, path: dealers.lighthousePath, bundle, photos, workDir: context.workDir, now: BENCH_NOW };
  const audit = await auditPhotoCarPage({ ...common, dealersDir: dealers.lighthouse, name: 'photo-lighthouse' });
  const control = await auditPhotoCarPage({ ...common, dealersDir: dealers.lighthouseWithout, name: 'no-photo-lighthouse' });
  return { audit, control };
}

/** The Lighthouse figures as rows. */
function lighthouseRows({ audit, control }: Awaited<ReturnType<typeof auditBoth>>): BenchRow[] {
  return [
    { label: `Lighthouse mobile, car page with ${LIGHTHOUSE_PHOTOS} photos`, value: `performance ${audit.performance}`, raw: audit.performance },
    { label: '  metrics', value: audit.metrics },
    ...audit.losses.map((loss) => ({ label: '  loses', value: loss })),
    { label: '  the same page without photos', value: `performance ${control.performance} (${control.metrics})`, raw: control.performance },
  ];
}

/** The `photos` section. Options: --photo-cars <n> (default 300), --dealer <slug>, --from <dealers dir>, --skip-lighthouse. */
export const photosSection: BenchSection = {
  name: 'photos',
  async run(context) {
    // Two cars at least: the Lighthouse car takes photos of the second.
    const cars = Math.max(2, Number(context.options['photo-cars'] ?? DEFAULT_CARS));
    const from = join(REPO_ROOT, typeof context.options.from === 'string' ? context.options.from : 'dealers');
    const slug = typeof context.options.dealer === 'string' ? context.options.dealer : (await listDealers({ dealersDir: from }))[0];
    if (!slug) throw new Error(`no sample dealer in ${from} to benchmark with`);
    context.log(`making ${PHOTOS_PER_CAR} 4000x3000 JPEGs ...`);
    const host = await startPhotoHost({ count: PHOTOS_PER_CAR, cacheControl: 'max-age=86400' });
    try {
      // The photo host is on loopback; the cache is this run's own.
      const cacheDir = join(context.workDir, 'photo-cache');
      const photos: PhotoSources = { policy: addressPolicy({ allow: '127.0.0.1' }), cacheDir };
      context.log('encoding ...');
      const sources = await Promise.all(Array.from({ length: PHOTOS_PER_CAR }, (_, i) => fetch(host.url(i + 1)).then((r) => r.arrayBuffer())));
      const encodeStart = performance.now();
      for (const bytes of sources) await encodePhoto({ bytes: new Uint8Array(bytes), quality: 75 });
      const photosPerSecond = sources.length / ((performance.now() - encodeStart) / 1000);

      context.log(`preparing ${slug} with ${cars} cars x ${PHOTOS_PER_CAR} photos ...`);
      const dealers = await prepareDealers({ context, from, slug, cars, host });
      const bundle = await bundleRuntime();
      // Warm the cache: the first car's 20 photos for real, then every other URL as the same photos.
      context.log('warming the photo cache ...');
      const cache = openPhotoCache({ dir: cacheDir });
      const firstCar = dealers.urls.slice(0, PHOTOS_PER_CAR);
      const coldSeconds = await build({ slug, dealersDir: dealers.firstCar, outDir: join(context.workDir, 'photos-cold'), bundle, photos });
      await cache.ready();
      const entries = firstCar.map((url) => cache.get(url));
      for (const [i, url] of dealers.urls.entries()) {
        const entry = entries[i % PHOTOS_PER_CAR];
        if (!entry) throw new Error(`photo ${firstCar[i % PHOTOS_PER_CAR]} is not in the cache after the first build`);
        if (i >= PHOTOS_PER_CAR) await cache.put({ ...entry, url, checkedAt: Date.now() });
      }
      await cache.save();
      const fetchedBefore = host.counts.bodies + host.counts.notModified;

      context.log(`builds, ${ROUNDS} rounds ...`);
      // One build of each first, not counted: a warm cache holds the galleries the build before rendered, as in any rebuild.
      await build({ slug, dealersDir: dealers.none, outDir: join(context.workDir, 'none-warmup'), bundle, photos });
      await build({ slug, dealersDir: dealers.photos, outDir: join(context.workDir, 'photos-warmup'), bundle, photos });
      await build({ slug, dealersDir: dealers.viaService, outDir: join(context.workDir, 'service-warmup'), bundle, photos });
      photoStageSeconds.length = 0;
      const none: number[] = [];
      const noneCpu: number[] = [];
      const warmCpu: number[] = [];
      const viaService: number[] = [];
      const warm: number[] = [];
      const warmStages: number[] = [];
      // The two compared builds alternate, each after the other (what one leaves the garbage collector falls on the next);
      // the imgix builds, whose pages are heavier than either, run after them.
      for (let round = 0; round < ROUNDS; round++) {
        none.push(await build({ slug, dealersDir: dealers.none, outDir: join(context.workDir, `none-${round}`), bundle, photos }));
        noneCpu.push(buildCpuSeconds[buildCpuSeconds.length - 1]);
        warm.push(await build({ slug, dealersDir: dealers.photos, outDir: join(context.workDir, `photos-${round}`), bundle, photos }));
        warmCpu.push(buildCpuSeconds[buildCpuSeconds.length - 1]);
        warmStages.push(photoStageSeconds[photoStageSeconds.length - 1]);
      }
      for (let round = 0; round < ROUNDS; round++)
        viaService.push(await build({ slug, dealersDir: dealers.viaService, outDir: join(context.workDir, `service-${round}`), bundle, photos }));
      const requests = host.counts.bodies + host.counts.notModified - fetchedBefore;
      // --skip-lighthouse: the build figures alone (while iterating on the build).
      const lighthouse = context.options['skip-lighthouse'] === true ? null : await auditBoth({ context, dealers, slug, bundle, photos });
      const ratio = median(warm) / median(none);
      return {
        title: `photos (images: local): ${cars} cars x ${PHOTOS_PER_CAR} photos of 4000x3000`,
        rows: [
          {
            label: 'encoding, one at a time',
            value: `${photosPerSecond.toFixed(2)} photos/s (4 widths x AVIF, WebP, JPEG + a WebP thumbnail)`,
            raw: photosPerSecond,
          },
          { label: 'first build (1 car, 20 photos fetched and encoded)', value: `${coldSeconds.toFixed(2)} s`, raw: coldSeconds },
          { label: 'build without photos (median)', value: `${median(none).toFixed(2)} s`, raw: median(none) },
          {
            label: `build with the ${cars * PHOTOS_PER_CAR} photos through imgix (URLs only, median)`,
            value: `${median(viaService).toFixed(2)} s (${(median(warm) / median(viaService)).toFixed(3)}x of it for local)`,
            raw: median(viaService),
          },
          { label: `build with ${cars * PHOTOS_PER_CAR} photos, warm cache (median)`, value: `${median(warm).toFixed(2)} s`, raw: median(warm) },
          { label: '  of which the photos stage (median)', value: `${median(warmStages).toFixed(2)} s`, raw: median(warmStages) },
          {
            label: 'CPU time, warm build with photos / without (medians)',
            value: `${(median(warmCpu) / median(noneCpu)).toFixed(3)}x (${median(warmCpu).toFixed(2)} s / ${median(noneCpu).toFixed(2)} s, every thread)`,
            raw: median(warmCpu) / median(noneCpu),
          },
          { label: 'photo requests during the warm builds', value: String(requests), raw: requests },
          ...(lighthouse ? lighthouseRows(lighthouse) : [{ label: 'Lighthouse', value: 'skipped (--skip-lighthouse)' }]),
        ],
        budgets: [
          {
            label: `warm build with photos <= ${WARM_PHOTOS_OVER_BUDGET}x the build without`,
            ok: ratio <= WARM_PHOTOS_OVER_BUDGET,
            detail: `${ratio.toFixed(3)}x (${median(warm).toFixed(2)} s / ${median(none).toFixed(2)} s)`,
          },
          ...(lighthouse
            ? [
                {
                  label: `Lighthouse mobile performance of the car page with ${LIGHTHOUSE_PHOTOS} photos >= ${PHOTO_PAGE_PERFORMANCE_BUDGET}`,
                  ok: lighthouse.audit.performance >= PHOTO_PAGE_PERFORMANCE_BUDGET,
                  detail: String(lighthouse.audit.performance),
                },
              ]
            : []),
        ],
      };
    } finally {
      await host.close();
    }
  },
};
