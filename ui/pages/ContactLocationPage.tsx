/**
 * Contact page of one location (SPEC §2 /contact-us/{location-slug}): its details, hours, phones
 * and the way to it.
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { LocationInfo } from '../components/LocationInfo.tsx';
import { DepartmentPhones } from './parts/DepartmentPhones.tsx';
import { Island } from '../Island.tsx';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { formSite } from '../forms/formSite.ts';

/** The location contact page. */
export function ContactLocationPage({ site, route }: PageProps<RouteOf<'contact-location'>>) {
  const { location } = route;
  const place = safeHref(location.address.place_url);
  const contact = {
    form: 'contact' as const,
    site: formSite({ site }),
    idPrefix: `contact-${location.id}`,
    locationId: location.id,
    pageId: route.path,
    label: `Contact ${location.name}`,
  };
  return (
    <>
      <h1>Contact {location.name}</h1>
      <section aria-labelledby="location-details">
        <h2 id="location-details">Visit or call us</h2>
        <LocationInfo site={site} location={location} showContact={route.path !== site.paths.contact} />
        <DepartmentPhones location={location} headingId={`departments-${location.id}`} region={site.region} />
        {place && (
          <p>
            <a href={place} rel="noopener" target="_blank">
              View {location.name} on the map
            </a>
          </p>
        )}
      </section>
      <section aria-labelledby="location-form-heading" className="contact-form">
        <h2 id="location-form-heading">Send {location.name} a message</h2>
        <Island name="FormOnDemand" component={FormOnDemand} props={{ form: contact, html: leadFormMarkup({ form: contact }) }} />
      </section>
    </>
  );
}
