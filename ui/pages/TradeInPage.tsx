/**
 * Trade-in valuation (SPEC §2 /cars/trade-in?car_id={id}): the valuation flow island
 * (ui/money/TradeInFlow.tsx). The car comes from the query in the browser.
 */
import type { PageProps } from '../pageProps.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { say } from './parts/siteText.ts';
import { Island } from '../Island.tsx';
import { TradeInOnDemand } from '../money/TradeInOnDemand.tsx';
import { tradeInIsland } from '../money/tradeInProps.ts';
import { CONTACT_PATH } from '../../domain/routes/paths.ts';

/** The trade-in valuation page. */
export function TradeInPage({ site }: PageProps) {
  return (
    <>
      <h1>Trade-In Valuation</h1>
      <p className="lead">Find out what your current car is worth and put it towards your next one at {site.name}.</p>
      <section id="trade-in-valuation" aria-labelledby="trade-in-flow-heading" className="money-flow">
        <h2 id="trade-in-flow-heading">Value your car</h2>
        <Island name="TradeInOnDemand" component={TradeInOnDemand} props={tradeInIsland({ site, submitLabel: 'Get My Valuation' })} />
      </section>
      <section aria-labelledby="trade-steps">
        <h2 id="trade-steps">How it works</h2>
        <ol className="steps">
          <li>{site.regionSettings.registration.lookup_hint} We look up its details.</li>
          <li>{`Answer a few questions about its condition, ${site.regionSettings.odometer_label.toLowerCase()} and service history.`}</li>
          <li>Receive an indicative valuation, confirmed when we inspect the car.</li>
        </ol>
      </section>
      <section id="trade-in-form" aria-labelledby="trade-help">
        <h2 id="trade-help">Prefer to talk to us?</h2>
        <p>
          Call <PhoneLink phone={site.phone} region={site.region} /> or <a href={CONTACT_PATH}>{say({ site, text: 'send us an enquiry' })}</a>.
        </p>
      </section>
    </>
  );
}
