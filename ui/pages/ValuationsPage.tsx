/**
 * Sell Your Car (SPEC §2 /valuations): what selling to the dealer involves, the steps and how to
 * start, with the valuation flow island (ui/money/TradeInFlow.tsx) up front.
 */
import type { PageProps } from '../pageProps.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { Island } from '../Island.tsx';
import { TradeInOnDemand } from '../money/TradeInOnDemand.tsx';
import { tradeInIsland } from '../money/tradeInProps.ts';

/** The Sell Your Car page. */
export function ValuationsPage({ site }: PageProps) {
  return (
    <>
      <h1>Sell Your Car</h1>
      <p className="lead">{site.name} buys quality used cars. Get a valuation online, with no obligation to sell.</p>
      <section id="sell-your-car" aria-labelledby="sell-flow-heading" className="money-flow">
        <h2 id="sell-flow-heading">Get your offer</h2>
        <Island name="TradeInOnDemand" component={TradeInOnDemand} props={tradeInIsland({ site, submitLabel: 'Get My Offer' })} />
      </section>
      <section aria-labelledby="sell-steps">
        <h2 id="sell-steps">How selling works</h2>
        <ol className="steps">
          <li>{site.regionSettings.registration.lookup_hint}</li>
          <li>Answer a few questions about its condition.</li>
          <li>Get your offer, then bring the car in for a quick inspection.</li>
          <li>We pay you once the paperwork is signed.</li>
        </ol>
      </section>
      <section id="valuation-form" aria-labelledby="sell-why">
        <h2 id="sell-why">Why sell to us</h2>
        <ul>
          <li>No advertising costs and no strangers at your door.</li>
          <li>We settle any finance owing on the car.</li>
          <li>You can trade it towards any car in our stock.</li>
        </ul>
        <p>
          Questions? Call <PhoneLink phone={site.phone} region={site.region} />.
        </p>
      </section>
    </>
  );
}
