/**
 * Search links with a refinement the pages share (SPEC §2 'See more from this dealer'), built by
 * the search URL codec. Every other site path comes from its route kind's path builder
 * (domain/routes/paths.ts).
 */
import type { Site } from '../../../domain/site.ts';
import type { Car } from '../../../domain/types.ts';
import { encode } from '../../../search/urlCodec.ts';
import { itemTypeOf } from '../../../domain/itemTypes.ts';
import { carTypesForPath } from '../../search/searchScope.ts';

/** The all-stock search path every site plans (SPEC §2). */
export const ALL_STOCK_SEARCH_PATH = '/search/new-used-and-demo-cars';

/**
 * The search path that lists `car`: its item type's path when the site has one, else the default
 * search path when that path's car types include the car's, else the all-stock path (a used
 * car on a dealer whose default search is new cars).
 */
export function carSearchPath({ site, car }: { site: Site; car: Pick<Car, 'car_type' | 'item_type'> }): string {
  const itemType = itemTypeOf(car);
  const sitePaths = [...(site.paths.extra_search_paths ?? []), site.default_search_path];
  if (itemType !== 'car') {
    const own = sitePaths.find((p) => p && p.replace(/\/+$/, '') === `/search/${itemType}`);
    if (own) return own;
  }
  const types = carTypesForPath(site.default_search_path);
  return types === null || types.includes(car.car_type) ? site.default_search_path : ALL_STOCK_SEARCH_PATH;
}

/** 'See more from this dealer': the car's search path with refinementList[dealership_slug][0]={slug}. */
export function dealerStockPath({ site, car }: { site: Site; car: Pick<Car, 'car_type' | 'item_type' | 'dealership_slug'> }): string {
  return encode({ path: carSearchPath({ site, car }), state: { refinements: { dealership_slug: [car.dealership_slug] } } });
}

/** The default search path refined to one location's stock. */
export function locationStockPath({ site, locationName }: { site: Site; locationName: string }): string {
  return encode({ path: site.default_search_path, state: { refinements: { location_name: [locationName] } } });
}

/** tel: link for a displayed phone number (ui/components/PhoneLink.tsx). */
export { telHref } from '../../components/PhoneLink.tsx';
