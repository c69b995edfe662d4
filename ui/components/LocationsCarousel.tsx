/**
 * 'Our Locations' carousel (SPEC §2 Location components, §9 Carousel). A CSS scroll-snap row, so it
 * swipes without JavaScript. The 'Swipe' hint shows on large screens when there are 3 locations or
 * fewer, and always when there are more (SPEC §9, as written).
 */
import { imageUrl } from '../../domain/images.ts';
import { showSwipeHint } from '../../domain/locations.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import type { Site } from '../../domain/site.ts';
import type { Location } from '../../domain/types.ts';
import { LOCATION_IMAGE_HEIGHT, LocationInfo } from './LocationInfo.tsx';
import { StaticMap } from './StaticMap.tsx';
import { locationPath } from '../../domain/routes/paths.ts';

/**
 * Where the 'Swipe' hint shows, from domain showSwipeHint: 'always' when it shows even on small
 * screens, else 'large' (CSS shows it from the lg breakpoint).
 */
export function swipeHintMode(count: number): 'always' | 'large' {
  return showSwipeHint({ count, largeScreen: false }) ? 'always' : 'large';
}

/** Props of {@link LocationsCarousel}. */
export interface LocationsCarouselProps {
  site: Pick<Site, 'features' | 'rules' | 'paths' | 'region'>;
  locations: Location[];
  /** Namespace for element ids (no duplicate ids on a page). */
  idPrefix?: string;
}

/** The carousel; nothing when there are no locations. */
export function LocationsCarousel({ site, locations, idPrefix = 'locations' }: LocationsCarouselProps) {
  if (locations.length === 0) return null;
  const titleId = `${idPrefix}-title`;
  return (
    <section className="locations-carousel" aria-labelledby={titleId}>
      <div className="carousel-head">
        <h2 id={titleId}>Our Locations</h2>
        <span className={`swipe-hint swipe-${swipeHintMode(locations.length)}`} aria-hidden="true">
          Swipe
        </span>
      </div>
      <ul className="carousel-track">
        {locations.map((location) => {
          const image = location.image?.url ? safeHref(imageUrl({ src: location.image.url, width: 600 })) : undefined;
          return (
            <li className="carousel-card" key={location.id}>
              {image ? (
                <img className="location-image" src={image} alt={location.name} width={300} height={LOCATION_IMAGE_HEIGHT} loading="lazy" decoding="async" />
              ) : (
                <StaticMap address={location.address} name={location.name} width={300} height={LOCATION_IMAGE_HEIGHT} />
              )}
              <LocationInfo site={site} location={location} headingLevel={3} showContact={false} />
              <a className="btn btn-primary" href={locationPath({ paths: site.paths, location })}>
                View Location<span className="visually-hidden">: {location.name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
