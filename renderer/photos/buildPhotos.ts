/**
 * The `photos` stage of generate: every car's photos as responsive images (domain/photoUrls.ts),
 * set on the car as `photos` so its pages, cards, structured data and page hashes all read them.
 *
 * Through a service, each photo's URLs at every width (signed with the operator's key where the
 * service asks). With `images.service: local`, each photo is fetched under the outbound-address
 * policy (a few at a time), resized to AVIF, WebP and JPEG (renderer/photos/encodePhoto.ts) into
 * the disk cache (renderer/photos/photoCache.ts), and its files are linked into the site under
 * /assets/photos/. A cached photo is not fetched again while its max-age holds, then only
 * revalidated (If-None-Match / If-Modified-Since); only a changed photo is encoded again. A photo
 * that cannot be fetched or read is a warning naming the car and URL, and is left out (a car
 * left without photos shows the placeholder).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Car } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { isSafeUrl } from '../../domain/safeUrl.ts';
import { feedThumb, photoImage, type PhotoSigner } from '../../domain/photoUrls.ts';
import { localFile, localWidths, type ResponsiveImage } from '../../domain/responsiveImage.ts';
import { policyFromEnv, type AddressPolicy } from '../../net/addressPolicy.ts';
import type { Diagnostic } from '../diagnostic.ts';
import type { FileId } from '../emit.ts';
import { photoSignerFromEnv, signingKeysHash } from './photoSigning.ts';
import type { CarMemo } from '../carMemo.ts';
import { DEFAULT_FETCH_LIMITS, fetchPhoto, type FetchLimits } from './fetchPhoto.ts';
import { encodePhoto, photoSize } from './encodePhoto.ts';
import { openPhotoCache, photoCacheDir, type PhotoEntry } from './photoCache.ts';
import { carWithPhotos, type PhotoCarMemory } from './photoCars.ts';
import { openGalleryCache, type GalleryCache, type GalleryRenderers } from './galleryCache.ts';

/** Where local photo files are published in a site. */
export const PHOTO_ASSET_DIR = 'assets/photos';

/** The folder of the photo cache the cars' galleries are kept in. */
const GALLERY_DIR = 'galleries';

/** Bumped when encodePhoto's output changes, so cached files are made again. */
const ENCODER_VERSION = '2';

/** A cached file the site links (not written: it is reused from the cache as it is). */
export interface PhotoFile {
  path: string;
  from: string;
  id: FileId;
}

/** What the stage did, counted (tests and the benchmark read it). */
export interface PhotoCounts {
  photos: number;
  fetched: number;
  revalidated: number;
  encoded: number;
  failed: number;
}

/** The stage's result: the cars with `photos`, the files to link, warnings. */
export interface PhotosResult {
  cars: Car[];
  files: PhotoFile[];
  diagnostics: Diagnostic[];
  counts: PhotoCounts;
  /** The cars' galleries kept beside the photo cache (./galleryCache.ts), for a site with local photos built with `gallery`. */
  galleries?: GalleryCache;
}

/** A car's photo URLs in gallery order (images[], else primary_image_url), safe ones only. */
function photoUrlsOf(car: Car): string[] {
  const urls = car.images?.length ? car.images.map((i) => i.image.url) : car.primary_image_url ? [car.primary_image_url] : [];
  return urls.filter((url) => isSafeUrl(url));
}

/**
 * What a car's photos through a service are made from besides the car: the record's `images:`
 * settings and the operator's signing keys (renderer/photos/photoSigning.ts), the keys only as a
 * hash, since the context is stored on disk beside the photos.
 */
function photoContext({ settings, env }: { settings: Site['images']; env: Record<string, string | undefined> }): string {
  return `${JSON.stringify(settings)}|${signingKeysHash(env)}`;
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>({ items, limit, work }: { items: readonly T[]; limit: number; work: (item: T) => Promise<void> }): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Where local photos may come from and where they are cached, when the caller says so (tests, the
 * benchmark); by default the operator's environment: FORECOURT_ALLOW_DESTINATIONS and the data
 * folder FORECOURT_DATA_DIR.
 */
export interface PhotoSources {
  policy?: AddressPolicy;
  cacheDir?: string;
}

/** The photos stage (see the module comment). `file` is the stock feed the warnings name. */
export async function buildPhotos({
  site,
  cars,
  file,
  env = process.env,
  policy = policyFromEnv(env),
  sign: givenSign,
  cacheDir = photoCacheDir({ dataDir: env.FORECOURT_DATA_DIR || undefined }),
  limits = DEFAULT_FETCH_LIMITS,
  concurrency = 6,
  now = Date.now,
  memory,
  memo,
  gallery,
}: {
  site: Site;
  cars: Car[];
  file: string;
  env?: Record<string, string | undefined>;
  policy?: AddressPolicy;
  /** Signs service URLs (tests); default: the operator's secrets (./photoSigning.ts). */
  sign?: PhotoSigner;
  cacheDir?: string;
  limits?: FetchLimits;
  concurrency?: number;
  now?: () => number;
  /** The session's cars with photos (./photoCars.ts), so an unchanged car keeps its object across builds. */
  memory?: PhotoCarMemory;
  /** The session's per-car memo: keeps each car's photos through a service between processes (by the car's content and photoContext). */
  memo?: CarMemo;
  /** Keeps the cars' galleries beside the photo cache (./galleryCache.ts): the dealer folder, the code version, the pages' React. */
  gallery?: { scope: string; version: string; renderers: GalleryRenderers };
}): Promise<PhotosResult> {
  const sign = givenSign ?? photoSignerFromEnv(env);
  const settings = site.images;
  const counts: PhotoCounts = { photos: 0, fetched: 0, revalidated: 0, encoded: 0, failed: 0 };
  if (settings.service !== 'local') {
    // A car's photos through a service are a function of the car, the settings and the signing keys alone (not of
    // a signer the caller made, which nothing names): kept per car between builds and processes (renderer/carMemo.ts).
    const context = givenSign ? null : photoContext({ settings, env });
    const photosOf = (car: Car) => photoUrlsOf(car).map((url) => photoImage({ url, settings, sign, thumb: feedThumb({ car, url }) }));
    const withPhotos = cars.map((car) => {
      if (!context || !memo) {
        const photos = photosOf(car);
        counts.photos += photos.length;
        return photos.length ? carWithPhotos({ car, photos, memory }) : car;
      }
      // As JSON, which a new process reads back (and parses) faster than the objects themselves.
      const json = memo.perCar({ car, name: 'photoJson', context, stored: true, make: () => JSON.stringify(photosOf(car)) });
      if (json === '[]') return car;
      const withOwn = carWithPhotos({ car, json, memory });
      counts.photos += withOwn.photos?.length ?? 0;
      return withOwn;
    });
    return { cars: withPhotos, files: [], diagnostics: [], counts };
  }

  const cache = openPhotoCache({ dir: cacheDir });
  const [galleries] = await Promise.all([
    gallery ? openGalleryCache({ ...gallery, dir: join(cacheDir, GALLERY_DIR), limit: 2 * cars.length }) : undefined,
    cache.ready(),
  ]);
  const urlsOfCar = cars.map(photoUrlsOf);
  // Site-relative pictures (the shared ones) are the site's own files: nothing to fetch.
  const unique = [...new Set(urlsOfCar.flat())].filter((url) => !url.startsWith('/'));
  counts.photos = unique.length;
  const ready = new Map<string, PhotoEntry>();
  const failures = new Map<string, string>();
  // One encoding per photo however many URLs name it (two URLs of one photo are fetched at the same time).
  const encodings = new Map<string, Promise<{ width: number; height: number; files: Record<string, number> }>>();
  // A warm build: photos still fresh in the cache are taken as they are, without a request or a wait.
  const checkedAt = now();
  const stale = unique.filter((url) => {
    const cached = cache.get(url);
    if (cached && cached.checkedAt + cached.maxAgeSeconds * 1000 > checkedAt) ready.set(url, cached);
    return !ready.has(url);
  });
  try {
    await eachLimited({
      items: stale,
      limit: concurrency,
      work: async (url) => {
        try {
          ready.set(url, await cachedPhoto({ url }));
        } catch (error) {
          counts.failed += 1;
          failures.set(url, error instanceof Error ? error.message : String(error));
        }
      },
    });
  } finally {
    await cache.save();
  }

  async function encodedFiles({ name, bytes }: { name: string; bytes: Uint8Array }) {
    // Encoded before (for another URL, or by a build killed before it saved the index): its files are reused.
    const size = await photoSize({ bytes });
    const known = await cache.filesOf({ name, ...size });
    if (known) return { ...size, files: known };
    const encoded = await encodePhoto({ bytes, quality: settings.quality });
    counts.encoded += 1;
    const files: Record<string, number> = {};
    for (const f of encoded.files) {
      const fileName = localFile({ base: name, width: f.width, ext: f.ext });
      await cache.writeFile(fileName, f.bytes);
      files[fileName] = f.bytes.byteLength;
    }
    return { width: encoded.width, height: encoded.height, files };
  }

  async function cachedPhoto({ url }: { url: string }): Promise<PhotoEntry> {
    const cached = cache.get(url);
    const got = await fetchPhoto({ url, policy, limits, etag: cached?.etag, lastModified: cached?.lastModified });
    if (got.status === 'unchanged') {
      if (!cached) throw new Error('the server answered 304 to a request without a cached copy');
      counts.revalidated += 1;
      const entry = { ...cached, checkedAt: now(), maxAgeSeconds: got.maxAgeSeconds };
      await cache.put(entry);
      return entry;
    }
    counts.fetched += 1;
    const name = createHash('sha256').update(`${ENCODER_VERSION}:${settings.quality}:`).update(got.bytes).digest('base64url').slice(0, 20);
    const fresh = { url, etag: got.etag, lastModified: got.lastModified, checkedAt: now(), maxAgeSeconds: got.maxAgeSeconds };
    // The same bytes under a new ETag (a CDN that re-tags): nothing to encode.
    if (cached && cached.name === name) {
      const entry = { ...cached, ...fresh };
      await cache.put(entry);
      return entry;
    }
    let made = encodings.get(name);
    if (!made) encodings.set(name, (made = encodedFiles({ name, bytes: got.bytes })));
    const { width, height, files } = await made;
    const entry: PhotoEntry = { ...fresh, name, width, height, files };
    await cache.put(entry);
    return entry;
  }

  const diagnostics: Diagnostic[] = [];
  const linked = new Map<string, PhotoFile>();
  // One image per encoded photo, however many URLs or cars name it.
  const images = new Map<string, ResponsiveImage>();
  const imageOf = (entry: PhotoEntry): ResponsiveImage => {
    const known = images.get(entry.name);
    if (known) return known;
    for (const [name, bytes] of Object.entries(entry.files)) {
      const path = `${PHOTO_ASSET_DIR}/${name}`;
      if (!linked.has(path)) linked.set(path, { path, from: cache.filePath(name), id: [`p${name}`, bytes] });
    }
    const sizes = localWidths(entry);
    const largest = sizes[sizes.length - 1];
    const image = { width: largest.width, height: largest.height, widths: sizes.map((s) => s.width), base: `/${PHOTO_ASSET_DIR}/${entry.name}` };
    images.set(entry.name, image);
    return image;
  };
  const withPhotos = cars.map((car, c) => {
    const photos: ResponsiveImage[] = [];
    const urls = urlsOfCar[c];
    for (const url of urls) {
      const entry = ready.get(url);
      if (url.startsWith('/')) photos.push(photoImage({ url, settings }));
      else if (entry) photos.push(imageOf(entry));
      else
        diagnostics.push({
          file,
          line: 0,
          col: 0,
          pointer: '',
          severity: 'warning',
          code: 'photo-unavailable',
          message: `car ${car.id} (${[car.year, car.make, car.model].filter(Boolean).join(' ')}): photo ${url} left out: ${failures.get(url) ?? 'not fetched'}`,
          hint:
            photos.length === 0 && urls.every((u) => !ready.has(u))
              ? 'The car shows the placeholder until the photo can be fetched.'
              : 'Its other photos are shown.',
        });
    }
    return photos.length ? carWithPhotos({ car, photos, memory }) : car;
  });
  // Every format of every width, in a stable order (the site's file list does not depend on timing).
  const files = [...linked.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { cars: withPhotos, files, diagnostics, counts, galleries };
}
