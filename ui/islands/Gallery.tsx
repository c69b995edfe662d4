/**
 * The car page gallery: every photo in a horizontally scrolling, snapping list (native swipe;
 * responsive images with width and height, the first a <picture> of every format preloaded at
 * high priority, the rest lazy WebP; thumbnails one small WebP each), plus previous/next buttons, arrow keys and
 * a row of thumbnails once hydrated, and a full-screen view (the browser's own, so Escape leaves
 * it) where the browser offers one. Without JavaScript the list still scrolls.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CarPicture } from '../pages/parts/CarPicture.tsx';
import type { ResponsiveImage } from '../../domain/responsiveImage.ts';

/**
 * The arrows of the previous and next buttons as character references, not the characters: a
 * page holding any character beyond Latin-1 is a string of two bytes per character in V8, so '‹'
 * and '›' would double every copy, scan, hash and encoding of each car page (and of its kept
 * gallery) at build time. The browser shows the same characters.
 */
const PREVIOUS_ARROW = { __html: '&lsaquo;' };
const NEXT_ARROW = { __html: '&rsaquo;' };

/** Props of {@link Gallery}. */
export interface GalleryProps {
  /** The car's photos in order (domain/photoUrls.ts carPhotos). */
  images: ResponsiveImage[];
  /** The car's full name, for alt texts. */
  name: string;
}

/** The gallery. */
export function Gallery({ images, name }: GalleryProps) {
  const list = useRef<HTMLUListElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  /** The photo a programmatic scroll is heading for, until it arrives. */
  const moving = useRef<number | null>(null);
  const [index, setIndex] = useState(0);
  // Known only in the browser (and not on every phone): the button appears once hydrated.
  const [canFullScreen, setCanFullScreen] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    setCanFullScreen(document.fullscreenEnabled === true && typeof wrap.current?.requestFullscreen === 'function');
    const onChange = () => setFullScreen(document.fullscreenElement !== null && document.fullscreenElement === wrap.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const count = images.length;
  if (count === 0) return null;
  const toggleFullScreen = () => {
    const done = fullScreen ? document.exitFullscreen() : wrap.current?.requestFullscreen();
    // A refused request (no user gesture, a frame without permission) leaves the page as it was.
    void done?.catch(() => {});
  };
  const go = (next: number) => {
    const target = ((next % count) + count) % count;
    moving.current = target;
    setIndex(target);
    const item = list.current?.children[target] as HTMLElement | undefined;
    list.current?.scrollTo({ left: item ? item.offsetLeft - list.current.offsetLeft : 0, behavior: 'smooth' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onScroll = () => {
    const el = list.current;
    if (!el || el.clientWidth === 0) return;
    const at = Math.round(el.scrollLeft / el.clientWidth);
    // While a button, key or thumbnail's smooth scroll is under way, the photos it passes are not
    // the current one: only a swipe (or the scroll's arrival) sets the index.
    if (moving.current !== null) {
      if (at === moving.current) moving.current = null;
      return;
    }
    if (at !== index && at >= 0 && at < count) setIndex(at);
  };
  return (
    <div className={`gallery-wrap${fullScreen ? ' gallery-wrap--full' : ''}`} ref={wrap}>
      <ul className="gallery" aria-label={`Photos of the ${name}`} ref={list} tabIndex={0} onKeyDown={onKeyDown} onScroll={onScroll}>
        {/* A kept gallery's page makes the first photo's preload with CarPicturePreload (ui/pages/CarPage.tsx); renderer/photos/galleryCache.test.ts holds both ways to one page. */}
        {images.map((image, i) => (
          <li key={i}>
            <CarPicture image={image} slot="gallery" alt={`${name}, photo ${i + 1} of ${count}`} priority={i === 0} webpOnly />
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <div className="gallery__controls">
          <button type="button" className="btn btn-outline" onClick={() => go(index - 1)} aria-label="Previous photo">
            <span aria-hidden="true" dangerouslySetInnerHTML={PREVIOUS_ARROW} />
          </button>
          <span className="gallery__count" aria-live="polite">{`${index + 1} / ${count}`}</span>
          <button type="button" className="btn btn-outline" onClick={() => go(index + 1)} aria-label="Next photo">
            <span aria-hidden="true" dangerouslySetInnerHTML={NEXT_ARROW} />
          </button>
        </div>
      ) : null}
      {count > 1 ? (
        <ul className="gallery__thumbs" aria-label="Choose a photo">
          {images.map((image, i) => (
            <li key={i}>
              <button type="button" aria-label={`Show photo ${i + 1} of ${count}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}>
                <CarPicture image={image} slot="thumb" alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {canFullScreen ? (
        <button type="button" className="btn btn-outline gallery__full" onClick={toggleFullScreen} aria-pressed={fullScreen}>
          {fullScreen ? 'Exit full screen' : 'Full screen'}
        </button>
      ) : null}
    </div>
  );
}
