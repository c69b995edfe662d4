/**
 * Finance (SPEC §2 /finance, /finance-enquiry, /apply-for-finance, chosen per dealer by
 * paths.finance): how pre-approval works, the provider's comparison-rate wording, and the
 * #finance-form section that car pages link to with their query parameters, holding the finance
 * application island (ui/money/FinanceApplication.tsx).
 */
import type { PageProps } from '../pageProps.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { siteNow } from './parts/siteText.ts';
import { Island } from '../Island.tsx';
import { FinanceApplication } from '../money/FinanceApplication.tsx';
import { taurusWording } from '../money/financeText.ts';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { formSite } from '../forms/formSite.ts';
import { siteDealerships } from '../../domain/dealerships.ts';

/** Where per-car finance data is published (renderer/financeData.ts). */
export const FINANCE_DATA_PATH = '/data/finance';

/** Where per-car summaries are published (renderer/carSummaryData.ts). */
export const CAR_DATA_PATH = '/data/cars';

/** The finance page. */
export function FinancePage({ site, route }: PageProps) {
  const provider = site.config?.finance_provider ?? null;
  const format = { locale: site.regionSettings.locale, currency: site.regionSettings.currency };
  const form = { form: 'finance' as const, site: formSite({ site }), idPrefix: 'finance-page', label: 'Finance application', pageId: route.path };
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
      <section id="finance-form" aria-labelledby="finance-form-heading" className="money-flow">
        <h2 id="finance-form-heading">Apply now</h2>
        <Island
          name="FinanceApplication"
          component={FinanceApplication}
          props={{
            form,
            html: leadFormMarkup({ form }),
            carClarity: site.forms.car_clarity,
            provider,
            dataPath: FINANCE_DATA_PATH,
            carPath: CAR_DATA_PATH,
            dealershipNames: Object.fromEntries(siteDealerships({ site }).map((d) => [d.slug, d.name])),
            format,
          }}
        />
        <p>
          Prefer to talk? Call our finance team on <PhoneLink phone={site.phone} region={site.region} />.
        </p>
        {provider === 'Taurus' ? <p className="small finance-comparison">{taurusWording({ now: siteNow(site), format })}</p> : null}
        <p className="small">
          Applying for pre-approval does not commit you to a loan. Approval is subject to the lender's credit criteria; fees and charges apply.
        </p>
      </section>
    </>
  );
}
