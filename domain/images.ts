import type { Car } from './types.ts';
import { isSafeUrl } from './safeUrl.ts';

/**
 * Image URLs through the image delivery service (SPEC §7, §9): width, auto format and quality
 * (default 75) as query parameters.
 */

/** SPEC §9 default image quality. */
export const DEFAULT_IMAGE_QUALITY = 75;

/**
 * `src` with w, auto=format and q appended (existing query and fragment kept). Empty src gives
 * ''; a width that is not a positive number is left out.
 */
export function imageUrl({ src, width, quality = DEFAULT_IMAGE_QUALITY }: { src: string; width?: number; quality?: number }): string {
  const text = String(src ?? '').trim();
  if (text === '') return '';
  const hashAt = text.indexOf('#');
  const base = hashAt === -1 ? text : text.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : text.slice(hashAt);
  const params: string[] = [];
  if (typeof width === 'number' && Number.isFinite(width) && width > 0) params.push(`w=${Math.round(width)}`);
  params.push('auto=format');
  params.push(`q=${Number.isFinite(quality) ? Math.round(quality) : DEFAULT_IMAGE_QUALITY}`);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${params.join('&')}${hash}`;
}

/** A picture's URL with its pixel size when known. */
export interface SizedImage {
  url: string;
  width?: number;
  height?: number;
}

/**
 * Where the shared car pictures are published (templates/assets/cars/, copied to
 * /assets/shared/cars/ by the bundle stage). Each of them is drawn at 800x500.
 */
export const SHARED_CAR_IMAGES = '/assets/shared/cars/';

/** The documented size of every shared car picture, the placeholder included. */
export const SHARED_CAR_IMAGE_SIZE = { width: 800, height: 500 } as const;

/**
 * The picture a car without photos shows (and names in its structured data and social
 * preview), so every listing has an image.
 */
export const CAR_PLACEHOLDER_IMAGE: Required<SizedImage> = { url: `${SHARED_CAR_IMAGES}no-photo.svg`, ...SHARED_CAR_IMAGE_SIZE };

/**
 * The pixel size of a picture: the size the feed or record gives, else the shared car pictures'
 * documented size, else unknown (undefined): a preview without a size is better than a wrong one.
 */
export function knownImageSize({ url, width, height }: SizedImage): { width: number; height: number } | undefined {
  const positive = (n: number | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
  if (positive(width) && positive(height)) return { width, height };
  if (url.startsWith(SHARED_CAR_IMAGES) && !url.slice(SHARED_CAR_IMAGES.length).includes('/')) return { ...SHARED_CAR_IMAGE_SIZE };
  return undefined;
}

/**
 * A car's photos in gallery order (images[], else primary_image_url), or the placeholder alone
 * when it has none: the car page, its structured data and its social preview show the same.
 */
export function carImageUrls({ car }: { car: Pick<Car, 'images' | 'primary_image_url'> }): string[] {
  const photos = car.images?.length ? car.images.map((i) => i.image.url) : car.primary_image_url ? [car.primary_image_url] : [];
  return photos.length ? photos : [CAR_PLACEHOLDER_IMAGE.url];
}

/** A search card's photo, or the placeholder when it has none or its URL is unsafe: every card shows an image. */
export function cardImageUrl({ url }: { url: string | null | undefined }): string {
  return url && isSafeUrl(url) ? url : CAR_PLACEHOLDER_IMAGE.url;
}
