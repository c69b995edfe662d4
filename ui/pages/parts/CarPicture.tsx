/**
 * A car photo as a responsive picture (domain/photoUrls.ts): srcset and sizes so the browser
 * fetches the width its slot needs, AVIF and WebP sources for files resized at generate, width
 * and height always (no layout shift). The page's main photo (`priority`) loads first and is
 * preloaded from the head; the rest load lazily. The gallery's later slides and the lazy search
 * cards are one <img> of WebP files (`webpOnly`), and a thumbnail one <img> of one small file: a
 * car page shows 20 of each, a search page 21 cards, and three formats at every width on each
 * would be most of their HTML. An eager photo keeps every format (AVIF is the lightest of what
 * loads first).
 */
import { preload } from 'react-dom';
import { pictureSources, thumbSource, type PictureSources, type ResponsiveImage } from '../../../domain/responsiveImage.ts';

/** The slots car photos fill, as `sizes` (the CSS of ui/styles: cards in a grid of 17rem columns up to a 1320px container; the gallery in 2/3 of it from 992px; thumbnails 72px). */
export const PHOTO_SIZES = {
  card: '(min-width: 1320px) 430px, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw',
  gallery: '(min-width: 1320px) 860px, (min-width: 992px) 66vw, 100vw',
  thumb: '72px',
} as const;

/** Props of {@link CarPicture}. */
export interface CarPictureProps {
  image: ResponsiveImage;
  alt: string;
  slot: keyof typeof PHOTO_SIZES;
  /** Loads eagerly (above the fold) instead of lazily. */
  eager?: boolean;
  /** The page's main image: eager, fetchpriority high and preloaded from the head. */
  priority?: boolean;
  /** A lazy photo's local files as WebP alone rather than a <picture> of AVIF, WebP and JPEG (every browser the site supports shows WebP). */
  webpOnly?: boolean;
  className?: string;
}

/** The best format of a page's main photo, preloaded from the head with the same candidates and sizes the picture picks from. */
function preloadPicture({ picked: { sources, srcset, src }, sizes }: { picked: PictureSources; sizes: string | undefined }): void {
  const best = sources[0];
  preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: best?.srcset ?? srcset, imageSizes: sizes, ...(best ? { type: best.type } : {}) });
}

/**
 * The preload a `priority` CarPicture of `image` in `slot` makes, alone and rendering nothing: for
 * a picture whose markup React rendered beforehand (a gallery from renderer/photos/galleryCache.ts),
 * rendered where the picture would be so the page's head is the same.
 */
export function CarPicturePreload({ image, slot }: { image: ResponsiveImage; slot: keyof typeof PHOTO_SIZES }) {
  const picked = pictureSources({ image, formats: 'all' });
  preloadPicture({ picked, sizes: picked.srcset ? PHOTO_SIZES[slot] : undefined });
  return null;
}

/** One car photo; a thumbnail is one file of THUMB_WIDTH (domain/responsiveImage.ts). */
export function CarPicture({ image, alt, slot, eager = false, priority = false, webpOnly = false, className }: CarPictureProps) {
  if (slot === 'thumb')
    return (
      <img
        src={thumbSource({ image })}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={className}
      />
    );
  const picked = pictureSources({ image, formats: webpOnly && !priority && !eager ? 'webp' : 'all' });
  const { sources, srcset, src } = picked;
  const sizes = srcset ? PHOTO_SIZES[slot] : undefined;
  if (priority) preloadPicture({ picked, sizes });
  const img = (
    <img
      src={src}
      srcSet={srcset}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={className}
    />
  );
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
