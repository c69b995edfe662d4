/**
 * Success (SPEC §2 /success and /success?category=...): thanks and next steps. The category in the
 * query and a just-booked test drive are read in the browser by the SuccessDetails island; the
 * server renders the generic thanks every category shares.
 */
import type { PageProps } from '../pageProps.ts';
import { Island } from '../Island.tsx';
import { SuccessDetails } from '../islands/SuccessDetails.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { say } from './parts/siteText.ts';

/** The success page. */
export function SuccessPage({ site }: PageProps) {
  return (
    <>
      <h1>Thank You</h1>
      <p className="lead" data-success-message="">
        {say({ site, text: `Thanks for your enquiry. A member of the ${site.name} team will be in touch shortly.` })}
      </p>
      <Island name="SuccessDetails" component={SuccessDetails} props={{ region: site.region }} />
      <section aria-labelledby="success-next">
        <h2 id="success-next">What happens next</h2>
        <ol className="steps">
          <li>We have received your details and passed them to the right team.</li>
          <li>We will contact you by phone or email, usually within one business day.</li>
          <li>
            Need us sooner? Call <PhoneLink phone={site.phone} region={site.region} />.
          </li>
        </ol>
      </section>
      <ul className="success-links">
        <li>
          <a href={site.default_search_path}>Keep browsing our stock</a>
        </li>
        <li>
          <a href="/">Back to the home page</a>
        </li>
      </ul>
    </>
  );
}
