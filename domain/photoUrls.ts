/**
 * Car photos as responsive images (README 'Car photos'): one photo at several widths, through
 * the dealer's image service (`images.service`) or as files resized at generate (`local`). The
 * page picks a width with srcset and sizes; the structured data and social preview name the
 * width social sites ask for.
 *
 * URL forms, as each service documents them: imgix `?w=&auto=format&q=` (SPEC §7, §9); Cloudinary
 * fetch delivery `<base>/image/fetch/w_,f_auto,q_/<source>`; Cloudflare `<zone>/cdn-cgi/image/
 * width=,f=auto,quality=/<source>`; imgproxy `<base>/<signature>/rs:fit:<w>:0/q:<q>/<base64url
 * source>`; thumbor `<base>/<signature>/<w>x0/filters:quality(<q>)/<source>`. Cloudinary and
 * Cloudflare are built by `unpic`; imgproxy and thumbor (which unpic does not cover) here, with
 * the signature made by the caller from the operator's key (`unsafe`/`insecure` without one).
 */
import { transform as cloudinaryTransform } from 'unpic/providers/cloudinary';
import { generate as cloudflareGenerate } from 'unpic/providers/cloudflare';
import type { Images } from '../schema/resolved.generated.ts';
import type { Car } from './types.ts';
import { carImageUrls, imageUrl, knownImageSize } from './images.ts';
import { isSafeUrl } from './safeUrl.ts';
import { PHOTO_WIDTHS, THUMB_WIDTH, type ResponsiveImage } from './responsiveImage.ts';

/** The record's `images:` settings. */
export type PhotoSettings = Images;

/** The aspect every car slot reserves (4:3) when a service does not tell the photo's own. */
const SLOT_ASPECT = 3 / 4;

/** Signs a service path with the operator's key (renderer/photos/photoSigning.ts); null without a key. */
export type PhotoSigner = (args: { service: 'imgproxy' | 'thumbor'; path: string }) => string | null;

/** base64url of UTF-8 text, without padding (browser and Node alike). */
function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The photo at `width` through the record's service (`none`: the URL as it is). */
export function serviceImageUrl({ url, width, settings, sign }: { url: string; width: number; settings: PhotoSettings; sign?: PhotoSigner }): string {
  const { quality, base_url: base } = settings;
  switch (settings.service) {
    case 'imgix':
      return imageUrl({ src: url, width, quality });
    case 'cloudinary':
      if (!base) return url;
      return cloudinaryTransform(`${base}/image/fetch/${encodeURIComponent(url)}`, { width, quality, format: 'auto', c: 'limit' }) as string;
    case 'cloudflare': {
      if (!base) return url;
      // The source's query goes after the options path as it is (a signed source keeps its signature).
      const queryAt = url.indexOf('?');
      const source = queryAt === -1 ? url : url.slice(0, queryAt);
      const query = queryAt === -1 ? '' : url.slice(queryAt);
      return `${cloudflareGenerate(source, { width, quality, format: 'auto', fit: 'scale-down' }, { domain: new URL(base).host }) as string}${query}`;
    }
    case 'imgproxy': {
      if (!base) return url;
      const path = `/rs:fit:${width}:0/q:${quality}/${base64url(url)}`;
      return `${base}/${sign?.({ service: 'imgproxy', path }) ?? 'insecure'}${path}`;
    }
    case 'thumbor': {
      if (!base) return url;
      const path = `${width}x0/filters:quality(${quality})/${encodeURIComponent(url)}`;
      return `${base}/${sign?.({ service: 'thumbor', path }) ?? 'unsafe'}/${path}`;
    }
    default:
      return url;
  }
}

/**
 * A record or feed photo through the service at every width, its thumbnail at THUMB_WIDTH (`none`
 * and `local`: the URL alone, at the slot's size, and the feed's own thumbnail `thumb` when it
 * names one, since nothing resizes the photo for the thumbnail's slot).
 */
export function serviceImage({ url, settings, sign, thumb }: { url: string; settings: PhotoSettings; sign?: PhotoSigner; thumb?: string }): ResponsiveImage {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  const size = { width: largest, height: Math.round(largest * SLOT_ASPECT) };
  // Site-relative files (the shared pictures) and a service that resizes nothing: one URL.
  if (url.startsWith('/') || settings.service === 'none' || settings.service === 'local')
    return { ...size, widths: [], urls: [url], ...(thumb ? { thumb } : {}) };
  return {
    ...size,
    widths: [...PHOTO_WIDTHS],
    urls: PHOTO_WIDTHS.map((width) => serviceImageUrl({ url, width, settings, sign })),
    thumb: serviceImageUrl({ url, width: THUMB_WIDTH, settings, sign }),
  };
}

/**
 * One photo as a responsive image: a shared picture (site-relative, of a documented size) as it
 * is, at its own size; anything else through the service.
 */
export function photoImage({ url, settings, sign, thumb }: { url: string; settings: PhotoSettings; sign?: PhotoSigner; thumb?: string }): ResponsiveImage {
  const known = knownImageSize({ url });
  return known ? { ...known, widths: [], urls: [url], known: true } : serviceImage({ url, settings, sign, thumb });
}

/** The feed's own thumbnail of the car's photo `url` (its image.thumb.url), when it names a safe one. */
export function feedThumb({ car, url }: { car: Pick<Car, 'images'>; url: string }): string | undefined {
  const thumb = car.images?.find((i) => i.image.url === url)?.image.thumb?.url;
  return thumb && isSafeUrl(thumb) ? thumb : undefined;
}

/**
 * A car's photos as responsive images in gallery order: what the photos stage set (`photos`), else
 * its photo URLs through the service unsigned (a car no build stage saw), else the placeholder at
 * its own size.
 */
export function carPhotos({ car, settings }: { car: Pick<Car, 'photos' | 'images' | 'primary_image_url'>; settings: PhotoSettings }): ResponsiveImage[] {
  if (car.photos?.length) return car.photos;
  return carImageUrls({ car }).map((url) => photoImage({ url, settings, thumb: feedThumb({ car, url }) }));
}
