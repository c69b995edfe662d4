/**
 * Location card grid (SPEC §2 Location components): one card per location with a 'View Location'
 * link to its page.
 */
import type { Site } from '../../domain/site.ts';
import type { Location } from '../../domain/types.ts';
import { LocationInfo } from './LocationInfo.tsx';
import { locationPath } from '../../domain/routes/paths.ts';

/** Props of {@link LocationGrid}. */
export interface LocationGridProps {
  site: Pick<Site, 'features' | 'rules' | 'paths' | 'region'>;
  locations: Location[];
  showImages?: boolean;
}

/** A responsive grid of location cards; nothing when empty. */
export function LocationGrid({ site, locations, showImages = true }: LocationGridProps) {
  if (locations.length === 0) return null;
  return (
    <ul className="location-grid">
      {locations.map((location) => (
        <li className="location-card" key={location.id}>
          <LocationInfo site={site} location={location} showImage={showImages} headingLevel={3} />
          <a className="btn btn-outline" href={locationPath({ paths: site.paths, location })}>
            View Location<span className="visually-hidden">: {location.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
