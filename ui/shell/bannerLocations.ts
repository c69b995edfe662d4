/**
 * Which location block the top banner shows (SPEC §2 Top banner):
 * more than 3 locations, or forced -> one 'Locations' link; 2 or 3 -> each listed, sorted by
 * location type (domain sortLocations) and labelled; otherwise the single address and phone.
 */
import { sortLocations } from '../../domain/openingHours.ts';
import type { Site } from '../../domain/site.ts';
import type { Location } from '../../domain/types.ts';
import { visibleLocations } from '../components/locationLinks.ts';

/** The banner's location block. */
export type BannerLocations =
  | { kind: 'link' }
  | { kind: 'list'; entries: { label: 'Service Centre:' | 'Dealership:'; location: Location }[] }
  | { kind: 'single' };

/** SPEC §2 label of a listed location. */
export function bannerLabel(location: Location): 'Service Centre:' | 'Dealership:' {
  return location.location_type === 'service' ? 'Service Centre:' : 'Dealership:';
}

/** The block for this site. */
export function bannerLocations({ site }: { site: Pick<Site, 'locations' | 'features'> }): BannerLocations {
  const locations = visibleLocations(site.locations ?? []);
  if (locations.length > 3 || site.features.banner_force_locations_link) return { kind: 'link' };
  if (locations.length >= 2) {
    return { kind: 'list', entries: sortLocations(locations).map((location) => ({ label: bannerLabel(location), location })) };
  }
  return { kind: 'single' };
}
