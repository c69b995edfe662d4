/**
 * Finance (SPEC §2 /finance, /finance-enquiry, /apply-for-finance): how pre-approval works and
 * the #finance-form section that car pages link to with their query parameters.
 */
import type { PageProps } from '../pageProps.ts';
import { telHref } from './parts/links.ts';

/** The finance page. */
export function FinancePage({ site }: PageProps) {
  const provider = site.config?.finance_provider;
  return (
    <>
      <h1>Finance Pre-Approval</h1>
      <p className="lead">
        Know your budget before you choose your car. Apply for finance pre-approval with {site.name}
        {provider ? ` and our partner ${provider}` : ''}.
      </p>
      <section aria-labelledby="finance-steps">
        <h2 id="finance-steps">How it works</h2>
        <ol className="steps">
          <li>Tell us about yourself and the car you are interested in.</li>
          <li>Our finance team compares options for your situation.</li>
          <li>We call you with your pre-approval, usually within one business day.</li>
        </ol>
      </section>
      <section id="finance-form" aria-labelledby="finance-form-heading">
        <h2 id="finance-form-heading">Apply now</h2>
        <p>
          Start your application below or call our finance team on <a href={telHref(site.phone)}>{site.phone}</a>.
        </p>
        <p className="small">
          Applying for pre-approval does not commit you to a loan. Approval is subject to the lender's credit criteria; fees and
          charges apply.
        </p>
      </section>
    </>
  );
}
