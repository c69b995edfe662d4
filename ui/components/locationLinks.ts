/**
 * URLs of a location (SPEC §2 routes): its page, its contact page and directions. Kept in one
 * place so the banner, footers and location components link the same way.
 */
import { contactSlug } from '../../domain/openingHours.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import type { PathsConfig, Region } from '../../domain/site.ts';
import { formatAddress } from '../../domain/region.ts';
import type { Address, Location } from '../../domain/types.ts';

/** '/locations/{slug}' or '/locations/{dealership_slug}', as the dealer configures (paths.location_by). */
export function locationPath({ paths, location }: { paths: Pick<PathsConfig, 'location_by'>; location: Location }): string {
  const slug = paths.location_by === 'dealership_slug' && location.dealership_slug ? location.dealership_slug : location.slug;
  return `/locations/${encodeURIComponent(slug)}`;
}

/** '/contact-us/{location-slug}' with the trailing ' - Sales'/' - Service'/' - Parts' removed (domain contactSlug). */
export function contactPath({ location }: { location: Location }): string {
  return `/contact-us/${encodeURIComponent(contactSlug(location.name))}`;
}

/** The address's place_url when safe, else a maps directions search for the written address. */
export function directionsHref({ address }: { address: Address }): string | undefined {
  const place = safeHref(address.place_url);
  if (place) return place;
  const destination = [address.street, address.city, address.state, address.postcode].filter(Boolean).join(', ');
  if (destination === '') return undefined;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** One-line postal address in the region's format (domain/region.ts formatAddress: no repeated city). */
export function addressLine({ address, region }: { address: Address; region: Region }): string {
  return formatAddress({ address, region });
}

/** Locations a visitor may see (visible is absent or true). */
export function visibleLocations(locations: Location[]): Location[] {
  return locations.filter((location) => location.visible !== false);
}
