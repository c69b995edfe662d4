/**
 * Location ordering, labels and slugs (SPEC §4 "Locations order", §2 top banner, carousel and
 * /contact-us/{location-slug}).
 */
import type { Location } from './types.ts';
import { slugify } from './slug.ts';

// SPEC §4: sales, service, parts. 'dealership' is the sales side of the one variant using it.
const TYPE_RANK: Record<string, number> = { sales: 0, dealership: 0, service: 1, parts: 2 };

/** Locations ordered sales, service, parts; stable, then by `position` within a type. */
export function sortLocations<T extends Pick<Location, 'location_type' | 'position'>>(locations: readonly T[]): T[] {
  const rank = (l: T) => TYPE_RANK[l.location_type] ?? 3;
  return [...(locations ?? [])]
    .map((location, i) => ({ location, i }))
    .sort((a, b) => rank(a.location) - rank(b.location) || (a.location.position ?? 0) - (b.location.position ?? 0) || a.i - b.i)
    .map(({ location }) => location);
}

/** The /contact-us/ slug: the name minus a trailing ' - Sales', ' - Service' or ' - Parts', slugified. */
export function contactSlug(name: string): string {
  return slugify(String(name ?? '').replace(/ - (Sales|Service|Parts)\s*$/, ''));
}

/** SPEC §2 banner label for a listed location. */
export function locationBannerLabel(location: Pick<Location, 'location_type'>): 'Service Centre:' | 'Dealership:' {
  return location.location_type === 'service' ? 'Service Centre:' : 'Dealership:';
}

/**
 * SPEC §2 top banner: one Locations link with more than 3 locations (or when forced), each
 * location listed with 2 or 3, else a single address and phone.
 */
export function bannerLocationsMode({ count, force = false }: { count: number; force?: boolean }): 'link' | 'list' | 'single' {
  if (force || count > 3) return 'link';
  return count >= 2 ? 'list' : 'single';
}

/** SPEC §9: the header shows a Locations link when there are more than 3 addresses. */
export function headerShowsLocationsLink(count: number): boolean {
  return count > 3;
}

/** SPEC §9 carousel: the 'Swipe' hint shows on large screens with 3 or fewer, and always with more. */
export function showSwipeHint({ count, largeScreen }: { count: number; largeScreen: boolean }): boolean {
  return count > 3 || largeScreen;
}
