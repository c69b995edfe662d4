/**
 * Car detail (SPEC §2 /cars/{slug}): gallery, name, badge, series, price display, tag,
 * below-market note, specs, the location at #vehicle-map and the vehicle sidebar's actions, each
 * shown only when its domain rule says so.
 */
import type { PageProps } from '../pageProps.ts';
import type { Car } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { isForSale } from '../../domain/visibility.ts';
import { isReserveEligible } from '../../domain/reserve.ts';
import { showTradeInButton } from '../../domain/tradeIn.ts';
import { showHistoryReport } from '../../domain/historyReport.ts';
import { financeDisplay } from '../../domain/finance.ts';
import { formatPrice } from '../../domain/price.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { carFacts, cardSettings } from './parts/carFacts.ts';
import { Picture } from './parts/Picture.tsx';
import { TagBanner } from './parts/TagBanner.tsx';
import { PriceLine } from './parts/PriceLine.tsx';
import { SpecsTable } from './parts/SpecsTable.tsx';
import { dealerStockPath, financePath, makeSearchPath, reservePath, telHref, tradeInPath } from './parts/links.ts';
import { addressLine, locationPath } from '../components/locationLinks.ts';
import { say, siteNow } from './parts/siteText.ts';

/** Which sidebar actions a car gets, from the domain rules. */
export function carActions({ site, car }: { site: Site; car: Car }) {
  const forSale = isForSale(car);
  const reserve = isReserveEligible({
    car,
    paymentProvider: site.config?.payment_provider ?? null,
    dealershipId: car.dealership_id,
    dealershipSlug: car.dealership_slug,
    allowedDealershipIds: site.rules.reserve_dealership_ids,
    allowedDealershipSlugs: site.rules.reserve_dealership_slugs,
  });
  const finance = financeDisplay({
    car,
    provider: site.config?.finance_provider ?? null,
    disabledMakes: site.rules.finance_disabled_makes,
    disabledDealershipIds: site.rules.finance_disabled_dealership_ids,
    disabledDealershipSlugs: site.rules.finance_disabled_dealership_slugs,
    now: siteNow(site),
  });
  return {
    forSale,
    reserve,
    tradeIn: showTradeInButton({ car, autograb: site.config?.autograb ?? false }),
    history: showHistoryReport({ car }) && Boolean(safeHref(car.file)),
    finance,
  };
}

/** The car detail page. */
export function CarPage({ site, route, data }: PageProps) {
  const car = route.car;
  if (!car) throw new Error(`car route ${route.path} has no car`);
  const facts = carFacts({ settings: cardSettings(site), car });
  const actions = carActions({ site, car });
  const { locale, currency } = site.regionSettings;
  const images = car.images?.length ? car.images.map((i) => i.image.url) : car.primary_image_url ? [car.primary_image_url] : [];
  const location = car.location ? site.locations.find((l) => l.id === car.location!.id) : undefined;
  const phone = car.location?.phone ?? location?.contact_detail.phone ?? site.phone;
  const hasMakeSearch = data.makes.some((m) => m.make === car.make);
  const fullName = [facts.title, car.badge].filter(Boolean).join(' ');
  return (
    <div className="car-detail">
      <div className="car-detail__main">
        <h1>
          {facts.title}
          {car.badge && <span className="car-detail__badge"> {car.badge}</span>}
        </h1>
        {car.series && <p className="car-detail__series">{car.series}</p>}
        {facts.tag && <TagBanner tag={facts.tag} />}
        {!actions.forSale && (
          <p className="car-detail__sold" role="note">
            This car has been sold.{' '}
            {hasMakeSearch && <a href={makeSearchPath({ make: car.make })}>See other {car.make} cars in stock</a>}
          </p>
        )}
        {images.length > 0 && (
          <ul className="gallery" aria-label={`Photos of the ${fullName}`}>
            {images.map((src, i) => (
              <li key={`${i}-${src}`}>
                <Picture src={src} alt={`${fullName}, photo ${i + 1} of ${images.length}`} width={800} height={600} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        <PriceLine facts={facts} />
        <SpecsTable site={site} car={car} />

        <section id="vehicle-map" aria-labelledby="vehicle-location" className="car-detail__location">
          <h2 id="vehicle-location">Location</h2>
          <p>
            <strong>{car.location?.name ?? site.name}</strong>
            <br />
            {location
              ? addressLine({ address: location.address })
              : [car.location?.city, car.location?.state].filter(Boolean).join(', ') || addressLine({ address: site.address })}
          </p>
          {phone && (
            <p>
              <a href={telHref(phone)}>Call {phone}</a>
            </p>
          )}
          {location && (
            <p>
              <a href={locationPath({ paths: site.paths, location })}>About {location.name}</a>
            </p>
          )}
        </section>

        <section id="enquire" aria-labelledby="enquire-heading">
          <h2 id="enquire-heading">{say({ site, text: 'Enquire about this car' })}</h2>
          <p>
            {say({ site, text: 'Send us an enquiry or call us' })}
            {phone ? <> on <a href={telHref(phone)}>{phone}</a></> : null} and quote stock number {car.stocknum ?? car.id}.
          </p>
        </section>

        <section id="test-drive" aria-labelledby="test-drive-heading">
          <h2 id="test-drive-heading">Book a Test Drive</h2>
          <ol>
            <li>Tell us your contact details.</li>
            <li>Choose a date and time that suits you.</li>
            <li>We confirm your booking and have the car ready.</li>
          </ol>
        </section>
      </div>

      <section className="car-detail__sidebar" aria-labelledby="car-actions-heading">
        <h2 id="car-actions-heading">Interested in this car?</h2>
        <ul className="car-actions">
          <li>
            <a className="btn btn-primary" href="#enquire">
              {say({ site, text: 'Enquire' })}
            </a>
          </li>
          {actions.forSale && (
            <li>
              <a className="btn btn-outline" href="#test-drive">
                Book a Test Drive
              </a>
            </li>
          )}
          {actions.reserve && (
            <li>
              <a className="btn btn-outline" href={reservePath({ site, car })}>
                Reserve Car Now
              </a>
            </li>
          )}
          {actions.tradeIn && (
            <li>
              <a className="btn btn-outline" href={tradeInPath(car)}>
                Trade-In Valuation
              </a>
            </li>
          )}
          {actions.finance.show && (
            <li>
              <a className="btn btn-outline" href={financePath({ site, car })}>
                Get Finance
              </a>
              {actions.finance.repayment != null && actions.finance.frequency && (
                <p className="car-actions__repayment">
                  From {formatPrice({ amount: actions.finance.repayment, locale, currency })} per {actions.finance.frequency}
                </p>
              )}
            </li>
          )}
          {actions.history && (
            <li>
              <a className="btn btn-outline" href={safeHref(car.file)} rel="noopener" target="_blank">
                View History Report
              </a>
            </li>
          )}
          <li>
            <a href={dealerStockPath({ site, dealershipSlug: car.dealership_slug })}>See more from this dealer</a>
          </li>
        </ul>
        {actions.finance.show && actions.finance.quote?.disclaimer && (
          <p className="car-actions__disclaimer">{actions.finance.quote.disclaimer}</p>
        )}
      </section>
    </div>
  );
}
