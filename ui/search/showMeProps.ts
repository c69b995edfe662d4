/**
 * Build-time props of the home page's price slider: the default search path and the prices of
 * the cars that search lists (its car types, read from the path), as the engine sees them (a
 * missing price counts as 0, search/encodeIndex.ts).
 */
import type { Site } from '../../domain/site.ts';
import type { SiteData } from '../pageProps.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { carTypesForPath } from './searchScope.ts';
import { toDeltas, type ShowMeCarsProps } from './ShowMeCars.tsx';

/** The ShowMeCars island's props. */
export function showMeProps({ site, data }: { site: Site; data: Pick<SiteData, 'cars'> }): ShowMeCarsProps {
  const types = carTypesForPath(site.default_search_path);
  const prices = data.cars
    .filter((car) => !types || types.includes(car.car_type))
    .map((car) => (typeof car.price === 'number' && Number.isFinite(car.price) ? car.price : 0))
    .sort((a, b) => a - b);
  return {
    path: safeHref(site.default_search_path) ?? '/',
    priceDeltas: toDeltas(prices),
    locale: site.regionSettings.locale,
    currency: site.regionSettings.currency,
    idPrefix: 'fc-showme',
  };
}
