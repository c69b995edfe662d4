/**
 * Reserve (SPEC §2 /cars/{slug}/checkout or /buy-online): the car, the deposit from its payment
 * processors, the steps, and the reserve flow island (ui/money/ReserveFlow.tsx): the shopper's
 * details, then the dealer's payment page for the deposit.
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { formatPrice } from '../../domain/price.ts';
import { reserveDeposit } from '../../domain/reserve.ts';
import { CarSummary } from './parts/CarSummary.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { carFacts, cardSettings } from './parts/carFacts.ts';
import { Island } from '../Island.tsx';
import { ReserveFlow } from '../money/ReserveFlow.tsx';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { formCar, formSite } from '../forms/formSite.ts';
import { carPath } from '../../domain/routes/paths.ts';

/** The reserve page. */
export function ReservePage({ site, route, data }: PageProps<RouteOf<'reserve'>>) {
  const { car } = route;
  const { locale, currency } = site.regionSettings;
  const deposit = reserveDeposit({ car });
  const depositText = deposit != null ? formatPrice({ amount: deposit, locale, currency }) : null;
  // The facts the renderer made for the car (renderer/siteData.ts); made here only for a car the site does not list.
  const facts = data.facts.get(car.id) ?? carFacts({ settings: cardSettings(site), car });
  const { title } = facts;
  const phone = car.location?.phone ?? site.phone;
  const reserveForm = {
    form: 'reserve' as const,
    site: formSite({ site }),
    car: formCar({ car, checkoutPath: route.path, site }),
    idPrefix: 'reserve',
    label: 'Reserve this car',
    pageId: route.path,
  };
  return (
    <>
      <h1>Reserve the {title}</h1>
      <CarSummary site={site} car={car} facts={facts} heading="The car you are reserving" />
      <section aria-labelledby="deposit-heading">
        <h2 id="deposit-heading">Your deposit</h2>
        {depositText ? (
          <p className="deposit">
            A refundable deposit of <strong>{depositText}</strong> holds this car for you while we prepare the paperwork.
          </p>
        ) : (
          <p className="deposit">A deposit holds this car for you while we prepare the paperwork; we confirm the amount when you reserve.</p>
        )}
      </section>
      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">How reserving works</h2>
        <ol className="steps">
          <li>Enter your contact details.</li>
          <li>Pay the {depositText ?? 'deposit'} securely online by card.</li>
          <li>The car is marked reserved so no one else can buy it.</li>
          <li>Our team calls you to arrange a test drive, finance or a trade-in, and delivery.</li>
        </ol>
      </section>
      {deposit != null && depositText ? (
        <section id="reserve-form" aria-labelledby="reserve-form-heading" className="reserve-form">
          <h2 id="reserve-form-heading">Your details</h2>
          <Island
            name="ReserveFlow"
            component={ReserveFlow}
            props={{
              form: reserveForm,
              html: leadFormMarkup({ form: reserveForm }),
              carId: car.id,
              carName: title,
              deposit,
              depositText,
              currency,
              provider: site.config?.payment_provider ?? null,
              returnPath: route.path,
            }}
          />
        </section>
      ) : null}
      <section aria-labelledby="reserve-help-heading">
        <h2 id="reserve-help-heading">Questions before you reserve?</h2>
        <p>
          Call us on <PhoneLink phone={phone} region={site.region} /> or go <a href={carPath(car)}>back to the car</a>.
        </p>
      </section>
    </>
  );
}
