/**
 * Dealerships list (SPEC §2 /dealerships): the group's dealerships with phone and licence, and
 * the location card grid.
 */
import type { PageProps } from '../pageProps.ts';
import { siteDealerships } from '../../domain/dealerships.ts';
import { sortLocations } from '../../domain/openingHours.ts';
import { visibleLocations } from '../components/locationLinks.ts';
import { LocationGrid } from '../components/LocationGrid.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';

/** The dealerships page. */
export function DealershipsPage({ site }: PageProps) {
  const dealerships = siteDealerships({ site });
  const locations = sortLocations(visibleLocations(site.locations));
  return (
    <>
      <h1>Our Dealerships</h1>
      {dealerships.length > 0 && (
        <section aria-labelledby="dealerships-list">
          <h2 id="dealerships-list">Dealerships</h2>
          <ul className="dealership-list">
            {dealerships.map((d) => (
              <li key={d.id}>
                <h3>{d.name}</h3>
                {d.phone && (
                  <p>
                    <PhoneLink phone={d.phone} region={site.region} />
                  </p>
                )}
                {d.dealer_license_number && <p>Dealer licence {d.dealer_license_number}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="dealerships-locations">
        <h2 id="dealerships-locations">Locations</h2>
        <LocationGrid site={site} locations={locations} />
      </section>
    </>
  );
}
