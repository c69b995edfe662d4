/**
 * Reserve (SPEC §2 /cars/{slug}/checkout or /buy-online): the car, the deposit from its payment
 * processors and the steps the shopper takes. The payment form lands here in a later issue.
 */
import type { PageProps } from '../pageProps.ts';
import type { Car } from '../../domain/types.ts';
import { formatPrice } from '../../domain/price.ts';
import { CarSummary } from './parts/CarSummary.tsx';
import { carPath, telHref } from './parts/links.ts';
import { carFacts, cardSettings } from './parts/carFacts.ts';

/** The deposit of the car's first payment processor that states one, or null. */
export function depositAmount(car: Car): number | null {
  const processor = (car.payment_processors ?? []).find((p) => p.deposit_amount != null && p.deposit_amount > 0);
  return processor?.deposit_amount ?? null;
}

/** The reserve page. */
export function ReservePage({ site, route }: PageProps) {
  const car = route.car;
  if (!car) throw new Error(`reserve route ${route.path} has no car`);
  const { locale, currency } = site.regionSettings;
  const deposit = depositAmount(car);
  const depositText = deposit != null ? formatPrice({ amount: deposit, locale, currency }) : null;
  const title = carFacts({ settings: cardSettings(site), car }).title;
  const phone = car.location?.phone ?? site.phone;
  return (
    <>
      <h1>Reserve the {title}</h1>
      <CarSummary site={site} car={car} heading="The car you are reserving" />
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
      <section id="reserve-form" aria-labelledby="reserve-form-heading">
        <h2 id="reserve-form-heading">Questions before you reserve?</h2>
        <p>
          Call us on <a href={telHref(phone)}>{phone}</a> or go <a href={carPath(car)}>back to the car</a>.
        </p>
      </section>
    </>
  );
}
