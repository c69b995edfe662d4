/**
 * Contact (SPEC §2 /contact and the configured contact URL): the dealer's phone, email and address
 * and every location with its hours and department phones. On the configured contact URL the
 * contact buttons are hidden, since the shopper is already there.
 */
import type { PageProps } from '../pageProps.ts';
import { sortLocations } from '../../domain/openingHours.ts';
import { LocationInfo } from '../components/LocationInfo.tsx';
import { addressLine, visibleLocations } from '../components/locationLinks.ts';
import { DepartmentPhones } from './parts/DepartmentPhones.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { say } from './parts/siteText.ts';
import { Island } from '../Island.tsx';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { LeadFormButton } from '../islands/LeadFormButton.tsx';
import { formSite } from '../forms/formSite.ts';

/** The contact page. */
export function ContactPage({ site, route }: PageProps) {
  const onContactUrl = route.path === site.paths.contact;
  const locations = sortLocations(visibleLocations(site.locations));
  const forms = formSite({ site });
  const general = { form: 'general' as const, site: forms, idPrefix: 'contact-general', pageId: route.path, label: say({ site, text: 'General enquiry' }) };
  return (
    <>
      <h1>Contact Us</h1>
      <section aria-labelledby="contact-form-heading" className="contact-form">
        <h2 id="contact-form-heading">{say({ site, text: 'Send us an enquiry' })}</h2>
        <Island name="FormOnDemand" component={FormOnDemand} props={{ form: general, html: leadFormMarkup({ form: general }) }} />
        <div className="contact-careers">
          Looking for a career with us?{' '}
          <Island
            name="LeadFormButton"
            component={LeadFormButton}
            props={{
              label: say({ site, text: 'Send a Career Enquiry' }),
              title: say({ site, text: 'Career Enquiry' }),
              className: 'btn btn-outline',
              form: {
                form: 'career' as const,
                site: forms,
                idPrefix: 'contact-career',
                pageId: route.path,
                label: say({ site, text: 'Career enquiry' }),
                fileLabel: 'Your CV (optional)',
              },
            }}
          />
        </div>
      </section>
      <section aria-labelledby="contact-general" className="contact-general">
        <h2 id="contact-general">Get in touch</h2>
        <p>{say({ site, text: `Call, email or visit ${site.name}. We answer every enquiry within one business day.` })}</p>
        <dl>
          <div>
            <dt>Phone</dt>
            <dd>
              <PhoneLink phone={site.phone} region={site.region} />
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{addressLine({ address: site.address, region: site.region })}</dd>
          </div>
        </dl>
      </section>
      {locations.length > 0 && (
        <section aria-labelledby="contact-locations">
          <h2 id="contact-locations">Our locations</h2>
          <ul className="location-list">
            {locations.map((location) => (
              <li key={location.id}>
                <LocationInfo site={site} location={location} showContact={!onContactUrl} />
                <DepartmentPhones location={location} headingId={`departments-${location.id}`} region={site.region} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
