/**
 * A car photo at several widths (README 'Car photos'), and what a page needs of it: the
 * <picture> sources, the widths a local photo is encoded at, the URL social previews name. Kept
 * apart from the service URL builders (domain/photoUrls.ts) so browser islands import only this.
 */

/** The widths every photo is offered at (3 to 4 of them: phones at 1x and 2x, desktops). */
export const PHOTO_WIDTHS: readonly number[] = [320, 640, 960, 1280];

/**
 * The width of a gallery thumbnail: its slot is 72 CSS px, so 160 is sharp at DPR 2 and costs a
 * tenth of the 320 px file a thumbnail used before.
 */
export const THUMB_WIDTH = 160;

/** The width structured data and social previews name (Google and Meta ask for at least 1200). */
export const SOCIAL_IMAGE_WIDTH = 1200;

/**
 * One photo at several widths. `urls[i]` is the photo at `widths[i]` through the service (the
 * service picks the format), or `base` names local files `${base}-${width}.avif|webp|jpg`.
 * `width` and `height` are the largest width's pixel size (a service's is the slot's 4:3).
 */
export interface ResponsiveImage {
  width: number;
  height: number;
  widths: number[];
  urls?: string[];
  base?: string;
  /** True when `width` and `height` are the picture's own (a shared picture), not the slot's. */
  known?: boolean;
  /** The thumbnail's URL when it is not a local file (a service's at THUMB_WIDTH, or the feed's own thumbnail). */
  thumb?: string;
}

/** The formats of local files, best first; the last is the fallback every browser shows. */
export const LOCAL_FORMATS = [
  { type: 'image/avif', ext: 'avif' },
  { type: 'image/webp', ext: 'webp' },
  { type: 'image/jpeg', ext: 'jpg' },
] as const;

/**
 * The widths a local photo of `width` x `height` is encoded at: every offered width below its own,
 * and its own when it is narrower than the largest (never enlarged). Each with its real height.
 */
export function localWidths({ width, height }: { width: number; height: number }): { width: number; height: number }[] {
  const widths = width <= PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ? [...PHOTO_WIDTHS.filter((w) => w < width), width] : [...PHOTO_WIDTHS];
  return widths.map((w) => ({ width: w, height: Math.max(1, Math.round((height * w) / width)) }));
}

/**
 * Every file a local photo of `width` x `height` is encoded as: each of localWidths in every
 * format, and the thumbnail (THUMB_WIDTH, never enlarged) as WebP alone when it is not one of them.
 */
export function localFiles({ width, height }: { width: number; height: number }): { width: number; height: number; ext: string }[] {
  const sizes = localWidths({ width, height });
  const files = sizes.flatMap((size) => LOCAL_FORMATS.map(({ ext }) => ({ ...size, ext })));
  const thumb = Math.min(THUMB_WIDTH, width);
  if (!sizes.some((s) => s.width === thumb)) files.unshift({ width: thumb, height: Math.max(1, Math.round((height * thumb) / width)), ext: 'webp' });
  return files;
}

/** A local photo's file at one width and format. */
export function localFile({ base, width, ext }: { base: string; width: number; ext: string }): string {
  return `${base}-${width}.${ext}`;
}

/** What a <picture> needs: a source per extra format, the fallback srcset and src. */
export interface PictureSources {
  sources: { type: string; srcset: string }[];
  srcset: string | undefined;
  src: string;
}

/**
 * The sources of `image` at every width: for local files AVIF and WebP sources with the JPEG
 * fallback (`formats: 'all'`, the page's main photo), or WebP alone (`formats: 'webp'`, every
 * other slide: WebP is shown by every browser the site supports, Safari 14+ included, so a
 * <picture> of three formats costs HTML on each slide for nothing). The fallback `src` is the
 * width nearest 640 (what a phone slot needs at 1x or 2x).
 */
export function pictureSources({ image, formats = 'all' }: { image: ResponsiveImage; formats?: 'all' | 'webp' }): PictureSources {
  const picks = image.widths.map((width, i) => ({ width, i }));
  const fallbackAt = picks.reduce((best, p) => (Math.abs(p.width - 640) < Math.abs(best.width - 640) ? p : best), picks[0] ?? { width: 0, i: 0 });
  if (image.base !== undefined) {
    const base = image.base;
    const set = (ext: string) => picks.map(({ width }) => `${localFile({ base, width, ext })} ${width}w`).join(', ');
    const fallback = formats === 'webp' ? LOCAL_FORMATS[1] : LOCAL_FORMATS[LOCAL_FORMATS.length - 1];
    return {
      sources: formats === 'webp' ? [] : LOCAL_FORMATS.slice(0, -1).map(({ type, ext }) => ({ type, srcset: set(ext) })),
      srcset: set(fallback.ext),
      src: localFile({ base, width: fallbackAt.width, ext: fallback.ext }),
    };
  }
  const urls = image.urls ?? [];
  if (picks.length === 0) return { sources: [], srcset: undefined, src: urls[0] ?? '' };
  return { sources: [], srcset: picks.map(({ width, i }) => `${urls[i]} ${width}w`).join(', '), src: urls[fallbackAt.i] };
}

/**
 * A gallery thumbnail's one URL: the local WebP at THUMB_WIDTH (never enlarged), else the one
 * the image names (a service's at THUMB_WIDTH, the feed's own thumbnail), else its smallest.
 */
export function thumbSource({ image }: { image: ResponsiveImage }): string {
  if (image.base !== undefined) return localFile({ base: image.base, width: Math.min(THUMB_WIDTH, image.widths[0] ?? THUMB_WIDTH), ext: 'webp' });
  return image.thumb ?? image.urls?.[0] ?? '';
}

/**
 * The URL structured data and social previews name: the smallest width of at least
 * SOCIAL_IMAGE_WIDTH (else the largest), as JPEG for local files (every crawler reads it). Its
 * size only when it is known (a local file, a shared picture): a service keeps the photo's own
 * shape, which the build never saw, and a preview without a size is better than a wrong one.
 */
export function socialImage({ image }: { image: ResponsiveImage }): { url: string; width?: number; height?: number } {
  const at = image.widths.findIndex((w) => w >= SOCIAL_IMAGE_WIDTH);
  const i = at === -1 ? image.widths.length - 1 : at;
  if (image.base !== undefined) {
    const width = image.widths[i];
    return { url: localFile({ base: image.base, width, ext: 'jpg' }), width, height: Math.round((image.height * width) / image.width) };
  }
  const url = image.urls?.[Math.max(i, 0)] ?? '';
  return image.widths.length === 0 && image.known ? { url, width: image.width, height: image.height } : { url };
}
