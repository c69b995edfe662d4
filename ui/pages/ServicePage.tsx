/**
 * Book a Service (SPEC §1 'book a service', §2 /service): the service booking form (a lead filed
 * as 'Service Booking' through the lead API: contact details, the vehicle, a drop-off date and
 * time within the chosen service location's hours, the service type and a message), the service
 * locations with their hours and phones, and the online booking links the dealer has configured,
 * which stay the primary way to book where they exist.
 */
import type { PageProps } from '../pageProps.ts';
import { sortLocations } from '../../domain/openingHours.ts';
import { visibleLocations } from '../components/locationLinks.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { LocationInfo } from '../components/LocationInfo.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { SERVICE_BOOKING_PATH } from '../../domain/routes/paths.ts';
import { Island } from '../Island.tsx';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { formSite } from '../forms/formSite.ts';

/** The service page. */
export function ServicePage({ site, route }: PageProps) {
  const visible = visibleLocations(site.locations);
  const service = visible.filter((l) => l.location_type === 'service');
  // A dealer without a separate service centre services at its dealership.
  const locations = sortLocations(service.length > 0 ? service : visible);
  const xtime = safeHref(site.xtime_url);
  const external = Boolean(xtime || site.service_booking_url);
  const form = { form: 'service' as const, site: formSite({ site }), idPrefix: 'service-booking', label: 'Service booking', pageId: route.path };
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
      <section id="service-booking" aria-labelledby="service-booking-heading" className="contact-form">
        <h2 id="service-booking-heading">{external ? 'Or send us a booking request' : 'Request a service booking'}</h2>
        <p>Tell us about your car and when you would like to drop it off; we confirm the booking by phone or email.</p>
        <Island name="FormOnDemand" component={FormOnDemand} props={{ form, html: leadFormMarkup({ form }) }} />
      </section>
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
            Call us on <PhoneLink phone={site.phone} region={site.region} /> to book.
          </p>
        )}
      </section>
    </>
  );
}
