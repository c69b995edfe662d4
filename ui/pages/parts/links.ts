/**
 * Site-relative links the pages share (SPEC §2 routes). Building each URL here once keeps every
 * page and card pointing at the same paths and query parameters.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import { slugify } from '../../../domain/slug.ts';
import { encode } from '../../../search/urlCodec.ts';
import { itemTypeOf } from '../../../domain/itemTypes.ts';
import { carTypesForPath } from '../../search/searchScope.ts';

/** /cars/{slug} */
export function carPath(car: Pick<Car, 'slug'>): string {
  return `/cars/${encodeURIComponent(car.slug)}`;
}

/** /cars/{slug}/checkout or /cars/{slug}/buy-online, per site.paths.reserve. */
export function reservePath({ site, car }: { site: Site; car: Pick<Car, 'slug'> }): string {
  return `${carPath(car)}/${site.paths.reserve}`;
}

/** /cars/trade-in?car_id={id} */
export function tradeInPath(car: Pick<Car, 'id'>): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(String(car.id))}`;
}

/** The dealer's finance page with the car's query parameters, ending '#finance-form' (SPEC §2). */
export function financePath({ site, car }: { site: Site; car: Car }): string {
  const query = new URLSearchParams({
    preferredDealership: car.dealership_slug,
    vehiclePriceBudget: String(car.price),
    car_id: String(car.id),
    car_type: car.car_type,
  });
  return `${site.paths.finance}?${query.toString()}#finance-form`;
}

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

/** /search/{make} or /search/{make}/{model}. */
export function makeSearchPath({ make, model }: { make: string; model?: string | null }): string {
  return model ? `/search/${slugify(make)}/${slugify(model)}` : `/search/${slugify(make)}`;
}

/** tel: link for a displayed phone number (ui/components/PhoneLink.tsx). */
export { telHref } from '../../components/PhoneLink.tsx';
