/**
 * Which location block the top banner shows (SPEC §2 Top banner): the mode and labels are
 * domain/locations.ts rules (bannerLocationsMode, locationBannerLabel, sortLocations); this file
 * only applies them to the site's visible locations.
 */
import { bannerLocationsMode, locationBannerLabel, sortLocations } from '../../domain/locations.ts';
import type { Site } from '../../domain/site.ts';
import type { Location } from '../../domain/types.ts';
import { visibleLocations } from '../components/locationLinks.ts';

/** The banner's location block. */
export type BannerLocations =
  { kind: 'link' } | { kind: 'list'; entries: { label: 'Service Centre:' | 'Dealership:'; location: Location }[] } | { kind: 'single' };

/** The block for this site: one Locations link, the labelled list sorted by type, or the single address. */
export function bannerLocations({ site }: { site: Pick<Site, 'locations' | 'features'> }): BannerLocations {
  const locations = visibleLocations(site.locations ?? []);
  const kind = bannerLocationsMode({ count: locations.length, force: site.features.banner_force_locations_link });
  if (kind !== 'list') return { kind };
  return { kind, entries: sortLocations(locations).map((location) => ({ label: locationBannerLabel(location), location })) };
}
