/**
 * Location page (SPEC §2 /locations/{slug}): the large single-location hero with its map, the
 * location info block and department phones.
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { LocationHero } from '../components/LocationHero.tsx';
import { DepartmentPhones } from './parts/DepartmentPhones.tsx';
import { say } from './parts/siteText.ts';
import { locationStockPath } from './parts/links.ts';
import { locationStockCount } from './parts/pageStock.ts';
import { SERVICE_PATH, contactLocationPath } from '../../domain/routes/paths.ts';

/** The location page. */
export function LocationPage({ site, route, data }: PageProps<RouteOf<'location'>>) {
  const { location } = route;
  const inStock = locationStockCount({ location, data });
  return (
    <>
      <h1>{location.name}</h1>
      <LocationHero site={site} location={location} />
      <DepartmentPhones location={location} headingId={`departments-${location.id}`} region={site.region} />
      <section aria-labelledby="location-more">
        <h2 id="location-more">At this location</h2>
        <ul>
          {inStock > 0 && location.location_type !== 'service' && (
            <li>
              <a href={locationStockPath({ site, locationName: location.name })}>{inStock === 1 ? '1 car' : `${inStock} cars`} in stock here</a>
            </li>
          )}
          <li>
            <a href={contactLocationPath({ location })}>{say({ site, text: `Contact ${location.name}` })}</a>
          </li>
          <li>
            <a href={SERVICE_PATH}>Book a Service</a>
          </li>
        </ul>
      </section>
    </>
  );
}
