/**
 * Book a Service (SPEC §2 /service): the service locations with their hours and phones, and the
 * online booking links the dealer has configured.
 */
import type { PageProps } from '../pageProps.ts';
import { sortLocations } from '../../domain/openingHours.ts';
import { visibleLocations } from '../components/locationLinks.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { LocationInfo } from '../components/LocationInfo.tsx';
import { telHref } from './parts/links.ts';
import { SERVICE_BOOKING_PATH } from '../../domain/routes/paths.ts';

/** The service page. */
export function ServicePage({ site }: PageProps) {
  const visible = visibleLocations(site.locations);
  const service = visible.filter((l) => l.location_type === 'service');
  // A dealer without a separate service centre services at its dealership.
  const locations = sortLocations(service.length > 0 ? service : visible);
  const xtime = safeHref(site.xtime_url);
  return (
    <>
      <h1>Book a Service</h1>
      <p className="lead">Keep your car running at its best with factory-trained technicians and genuine parts.</p>
      {(xtime || site.service_booking_url) && (
        <ul className="service-actions">
          {xtime && (
            <li>
              <a className="btn btn-primary" href={xtime} rel="noopener">
                Book Online
              </a>
            </li>
          )}
          {site.service_booking_url && (
            <li>
              <a className="btn btn-outline" href={SERVICE_BOOKING_PATH}>
                Online Service Booking
              </a>
            </li>
          )}
        </ul>
      )}
      <section aria-labelledby="service-locations">
        <h2 id="service-locations">Service locations</h2>
        {locations.length > 0 ? (
          <ul className="location-list">
            {locations.map((location) => (
              <li key={location.id}>
                <LocationInfo site={site} location={location} />
              </li>
            ))}
          </ul>
        ) : (
          <p>
            Call us on <a href={telHref(site.phone)}>{site.phone}</a> to book.
          </p>
        )}
      </section>
    </>
  );
}
