/**
 * Directions and the written address of a location, and which locations a visitor sees. Its
 * page and contact page paths are route paths (domain/routes/paths.ts locationPath,
 * contactLocationPath).
 */
import { safeHref } from '../../domain/safeUrl.ts';
import type { Region } from '../../domain/site.ts';
import { formatAddress } from '../../domain/region.ts';
import type { Address, Location } from '../../domain/types.ts';

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
