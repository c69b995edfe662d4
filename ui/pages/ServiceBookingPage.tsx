/**
 * Online service booking (SPEC §2 /subaru-service, planned only when service_booking_url is set):
 * what to have ready and the link out to the booking system.
 */
import { say } from './parts/siteText.ts';
import type { PageProps } from '../pageProps.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { SERVICE_PATH } from '../../domain/routes/paths.ts';

/** The service booking page. */
export function ServiceBookingPage({ site }: PageProps) {
  const booking = safeHref(site.service_booking_url);
  return (
    <>
      <h1>Book a Service Online</h1>
      <p className="lead">Choose a time that suits you in our online service booking system.</p>
      <section aria-labelledby="booking-ready">
        <h2 id="booking-ready">Have these ready</h2>
        <ul>
          <li>Your registration number or VIN</li>
          <li>The current odometer reading</li>
          <li>The service you need, or a description of the problem</li>
        </ul>
      </section>
      {booking && (
        <p>
          <a className="btn btn-primary" href={booking} rel="noopener">
            Go to online booking
          </a>
        </p>
      )}
      <p>
        Prefer to call? Ring <PhoneLink phone={site.phone} region={site.region} />, or see{' '}
        <a href={SERVICE_PATH}>{say({ site, text: 'our service centres' })}</a>.
      </p>
    </>
  );
}
