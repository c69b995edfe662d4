/**
 * An image through the image delivery service (domain/images.ts) with width and height set, so
 * the layout does not shift, and lazy loading unless it is above the fold.
 */
import { imageUrl } from '../../../domain/images.ts';
import { safeHref } from '../../../domain/safeUrl.ts';

/** Props of {@link Picture}. */
export interface PictureProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** Above-the-fold images load eagerly. */
  eager?: boolean;
  className?: string;
}

/** An <img> from a record URL; renders nothing when the URL is missing or unsafe. */
export function Picture({ src, alt, width, height, eager = false, className }: PictureProps) {
  const safe = safeHref(src);
  if (!safe) return null;
  // Relative asset paths are served as-is; record URLs go through the delivery service.
  const url = safe.startsWith('/') ? safe : imageUrl({ src: safe, width });
  return <img src={url} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" className={className} />;
}
