/**
 * Large single-location hero (SPEC §2 Location components): the location's details beside a map
 * image 230px high (SPEC §9).
 */
import type { Site } from '../../domain/site.ts';
import type { Location } from '../../domain/types.ts';
import { LocationInfo } from './LocationInfo.tsx';
import { StaticMap } from './StaticMap.tsx';

/** SPEC §9: location map image height. */
export const LOCATION_MAP_HEIGHT = 230;

/** Props of {@link LocationHero}. */
export interface LocationHeroProps {
  site: Pick<Site, 'features' | 'rules' | 'region'>;
  location: Location;
  showContact?: boolean;
}

/** The hero section with the location name as the page heading. */
export function LocationHero({ site, location, showContact = true }: LocationHeroProps) {
  return (
    <section className="location-hero">
      <LocationInfo site={site} location={location} headingLevel={2} showImage showContact={showContact} />
      <StaticMap address={location.address} name={location.name} width={600} height={LOCATION_MAP_HEIGHT} className="location-hero-map" />
    </section>
  );
}
