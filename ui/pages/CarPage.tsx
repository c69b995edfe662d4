/**
 * Car detail (SPEC §2 /cars/{slug}): gallery, name, badge, series, price display, tag,
 * below-market note, specs, the location at #vehicle-map and the vehicle sidebar's actions, each
 * shown only when its domain rule says so.
 *
 * Interactive parts are small islands (gallery, favourite toggle, phone reveal, form buttons,
 * dialogs); the form code itself loads only when a form is opened (first-load JS budget).
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { isSold } from '../../domain/visibility.ts';
import { carPageCars } from './parts/carPageCars.ts';
import { carActions } from './parts/carActions.ts';
import { carFormButtons, carRevealProps } from './parts/carPageProps.ts';
import { carBreadcrumbs } from '../../domain/breadcrumbs.ts';
import { Breadcrumbs } from './parts/Breadcrumbs.tsx';
import { CarGrid } from './parts/CarGrid.tsx';
import { formatPrice } from '../../domain/price.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { carPhotos } from '../../domain/photoUrls.ts';
import { TagBanner } from './parts/TagBanner.tsx';
import { CarPicturePreload } from './parts/CarPicture.tsx';
import { PriceLine } from './parts/PriceLine.tsx';
import { PriceDisclaimer } from './parts/PriceDisclaimer.tsx';
import { SpecsTable } from './parts/SpecsTable.tsx';
import { dealerStockPath, telHref } from './parts/links.ts';
import { addressLine, directionsHref } from '../components/locationLinks.ts';
import { StaticMap } from '../components/StaticMap.tsx';
import { LOCATION_MAP_HEIGHT } from '../components/LocationHero.tsx';
import { say, siteNow } from './parts/siteText.ts';
import { Island } from '../Island.tsx';
import { Gallery } from '../islands/Gallery.tsx';
import { FavouriteToggle } from '../islands/FavouriteToggle.tsx';
import { PhoneReveal } from '../islands/PhoneReveal.tsx';
import { LeadFormButton } from '../islands/LeadFormButton.tsx';
import { ChatButton } from '../islands/ChatButton.tsx';
import { TextDialog } from '../components/Dialog.tsx';
import { ReserveCarAction } from '../money/ReserveCarAction.tsx';
import { financeInfoParagraphs, repaymentText } from '../money/financeText.ts';
import { DiscoverSidebar } from '../variants/DiscoverSidebar.tsx';
import { carPath, financePath, locationPath, makeSearchPath, tradeInPath } from '../../domain/routes/paths.ts';
import { carName } from '../../domain/carName.ts';

/** The car detail page. */
export function CarPage({ site, route, data }: PageProps<RouteOf<'car'>>) {
  const { car } = route;
  // The facts the renderer built for every visible car (renderer/siteData.ts): the page does not make them again.
  const facts = data.facts.get(car.id);
  if (!facts) throw new Error(`no facts for car ${car.id}: a car page is planned only for a car the site shows`);
  const actions = carActions({ site, car });
  const { locale, currency } = site.regionSettings;
  // The car's photos, or the placeholder its structured data and social preview name too.
  const images = carPhotos({ car, settings: site.images });
  const location = car.location ? site.locations.find((l) => l.id === car.location!.id) : undefined;
  const hasMakeSearch = data.makes.some((m) => m.make === car.make);
  const fullName = [facts.title, car.badge].filter(Boolean).join(' ');
  const galleryProps = { images, name: fullName };
  const gallery = { props: galleryProps, html: data.galleryHtml?.(galleryProps) };
  const buttons = carFormButtons({ site, car, fullName, reserve: actions.reserve });
  const { forms, formCar: formCarProps, enquire, enquiry: enquiryButton, testDrive: testDriveButton, chat: chatProps } = buttons;
  const { phone, departments, revealCode, revealFor } = carRevealProps({ site, car, forms });
  const sold = !actions.forSale && isSold(car);
  const { more, similar } = carPageCars({ car, data });
  return (
    <>
      <Breadcrumbs crumbs={carBreadcrumbs({ car })} />
      <div className="car-detail">
        {/* Phones: the car, its price and actions, then the details; from lg up the price and actions are the sidebar (ui/styles/pages.css). */}
        <div className="car-detail__intro">
          <h1>
            {facts.title}
            {car.badge && <span className="car-detail__badge"> {car.badge}</span>}
          </h1>
          {car.series && <p className="car-detail__series">{car.series}</p>}
          {facts.tag && <TagBanner tag={facts.tag} />}
          {(site.features.favourites || site.features.compare) && (
            <Island name="FavouriteToggle" component={FavouriteToggle} props={{ id: car.id, name: fullName, withText: true }} />
          )}
          {sold && (
            <div className="car-detail__sold" role="note">
              <p className="car-detail__sold-label">Sold</p>
              <p>This car has been sold. {hasMakeSearch && <a href={makeSearchPath({ make: car.make })}>See other {car.make} cars in stock</a>}</p>
            </div>
          )}
          {/* The gallery's markup as React rendered it for these props in an earlier build (renderer/photos/galleryCache.ts), when the build keeps it. */}
          {gallery.html !== undefined && images.length > 0 ? <CarPicturePreload image={images[0]} slot="gallery" /> : null}
          <Island name="Gallery" component={Gallery} props={gallery.props} html={gallery.html} />
        </div>

        {site.features.discover_sidebar ? (
          <DiscoverSidebar
            site={site}
            car={car}
            actions={actions}
            forms={forms}
            formCar={formCarProps}
            enquiry={enquiryButton}
            testDrive={testDriveButton}
            chat={chatProps}
            price={<PriceLine facts={facts} />}
            repayment={repaymentText({ display: actions.finance, format: { locale, currency } })}
          />
        ) : (
          <section className="car-detail__sidebar" aria-labelledby="car-actions-heading">
            <h2 id="car-actions-heading" className="visually-hidden">
              Price and actions
            </h2>
            <PriceLine facts={facts} />
            {/* One button per action, in SPEC §2's sidebar order. */}
            <ul className="car-actions">
              <li>
                <Island name="LeadFormButton" component={LeadFormButton} props={enquiryButton} />
              </li>
              {actions.finance.show && (
                <li>
                  <a className="btn btn-outline" href={financePath({ paths: site.paths, car })}>
                    Get Finance
                  </a>
                  {actions.finance.repayment != null && actions.finance.frequency && (
                    <p className="car-actions__repayment">
                      From {formatPrice({ amount: actions.finance.repayment, locale, currency })} per {actions.finance.frequency}
                    </p>
                  )}
                </li>
              )}
              {actions.tradeIn && (
                <li>
                  <a className="btn btn-outline" href={tradeInPath({ car: car })}>
                    Trade-In Valuation
                  </a>
                </li>
              )}
              <li>
                <Island name="ChatButton" component={ChatButton} props={chatProps} />
              </li>
              {actions.reserve && (
                <li>
                  <ReserveCarAction site={site} forms={forms} car={car} />
                </li>
              )}
              {actions.forSale && (
                <li>
                  <Island name="LeadFormButton" component={LeadFormButton} props={testDriveButton} />
                </li>
              )}
            </ul>
            {/* Secondary: more about the car and its finance, as links under the buttons. */}
            <ul className="car-actions car-actions--secondary">
              {actions.finance.show && (
                <li>
                  <Island name="LeadFormButton" component={LeadFormButton} props={buttons.preApproval} />
                </li>
              )}
              {actions.finance.show && (
                <li>
                  <TextDialog
                    id="finance-info"
                    title="Finance information"
                    paragraphs={financeInfoParagraphs({ display: actions.finance, now: siteNow(site), format: { locale, currency } })}
                  />
                </li>
              )}
              {actions.history && (
                <li>
                  <a className="btn btn-link" href={safeHref(car.file)} rel="noopener" target="_blank">
                    View History Report
                  </a>
                </li>
              )}
              {car.certified && (
                <li>
                  {/* SPEC §2's dialog, in the region's terms (domain/regionTable.ts). */}
                  <TextDialog id="certified" title="Toyota Certified Vehicle" paragraphs={site.regionSettings.certified_vehicle_text} />
                </li>
              )}
              <li>
                <a className="btn btn-link" href={dealerStockPath({ site, car })}>
                  See more from this dealer
                </a>
              </li>
            </ul>
            {actions.finance.show && actions.finance.quote?.disclaimer && <p className="car-actions__disclaimer">{actions.finance.quote.disclaimer}</p>}
            <PriceDisclaimer site={site} />
          </section>
        )}

        <div className="car-detail__main">
          <SpecsTable site={site} car={car} />

          <section id="vehicle-map" aria-labelledby="vehicle-location" className="car-detail__location">
            <h2 id="vehicle-location">Location</h2>
            <p>
              <strong>{car.location?.name ?? site.name}</strong>
              <br />
              {location
                ? addressLine({ address: location.address, region: site.region })
                : [car.location?.city, car.location?.state].filter(Boolean).join(', ') || addressLine({ address: site.address, region: site.region })}
            </p>
            <div className="car-detail__phone">
              <Island
                name="PhoneReveal"
                component={PhoneReveal}
                props={{
                  phone: phone ? revealCode(phone) : null,
                  ...revealFor,
                }}
              />
            </div>
            {departments.map(({ label, phone: number }) => (
              <div key={label} className="car-detail__phone">
                <Island
                  name="PhoneReveal"
                  component={PhoneReveal}
                  props={{
                    phone: revealCode(number),
                    label,
                    ...revealFor,
                  }}
                />
              </div>
            ))}
            {location && (
              <p>
                <a href={locationPath({ paths: site.paths, location })}>About {location.name}</a>
                {directionsHref({ address: location.address }) ? (
                  <>
                    {' · '}
                    <a href={directionsHref({ address: location.address })} target="_blank" rel="noopener noreferrer">
                      Get Directions
                    </a>
                  </>
                ) : null}
              </p>
            )}
            {/* The car's location on a map that loads when asked for (SPEC §9: 230px high). */}
            <StaticMap
              address={location?.address ?? site.address}
              name={location?.name ?? site.name}
              width={600}
              height={LOCATION_MAP_HEIGHT}
              className="car-detail__map"
            />
          </section>

          <section id="enquire" aria-labelledby="enquire-heading">
            <h2 id="enquire-heading">{say({ site, text: 'Enquire about this car' })}</h2>
            <p>
              {say({ site, text: 'Send us an enquiry or call us' })} and quote stock number {car.stocknum ?? car.id}.
            </p>
            {phone ? (
              // The number stays masked like every reveal of it on this page (valid HTML: an island in a block, not a paragraph).
              <div className="car-detail__phone">
                <Island
                  name="PhoneReveal"
                  component={PhoneReveal}
                  props={{
                    phone: revealCode(phone),
                    ...revealFor,
                  }}
                />
              </div>
            ) : null}
            <div className="car-detail__buttons">
              <Island
                name="LeadFormButton"
                component={LeadFormButton}
                props={{ ...enquiryButton, label: say({ site, text: 'Send an enquiry' }), href: undefined }}
              />
              {actions.forSale ? <Island name="LeadFormButton" component={LeadFormButton} props={buttons.requestPhotos} /> : null}
            </div>
          </section>

          {more.length > 0 && (
            <section aria-labelledby="more-heading" className="car-detail__more">
              <h2 id="more-heading">
                More {car.make} {car.model}
              </h2>
              <ul>
                {more.map((other) => (
                  <li key={other.id}>
                    <a href={carPath(other)}>{carName({ car: other })}</a>
                    {isSold(other) ? ' (Sold)' : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {similar.length > 0 && (
            <section aria-labelledby="similar-heading" className="car-detail__similar">
              <h2 id="similar-heading">Similar cars</h2>
              <CarGrid site={site} data={data} cars={similar} />
            </section>
          )}

          {actions.forSale && (
            <section id="test-drive" aria-labelledby="test-drive-heading">
              <h2 id="test-drive-heading">Book a Test Drive</h2>
              <ol>
                <li>Tell us your contact details.</li>
                <li>Choose a date and time that suits you.</li>
                <li>We confirm your booking and have the car ready.</li>
              </ol>
              <Island name="LeadFormButton" component={LeadFormButton} props={{ ...testDriveButton, href: undefined, label: 'Request a Test Drive' }} />
            </section>
          )}
        </div>

        {/* Phones: the first actions stay in reach at the foot of the screen (the page keeps room for it). */}
        <nav className="car-mobile-bar" aria-label="Quick actions">
          {phone && site.features.phone_reveal_shown ? (
            <a className="btn btn-outline" href={telHref({ phone, region: site.region })}>
              Call
            </a>
          ) : null}
          <a className="btn btn-primary" href="#enquire">
            {enquire}
          </a>
          {actions.forSale ? (
            <a className="btn btn-outline" href="#test-drive">
              Book a Test Drive
            </a>
          ) : null}
        </nav>
      </div>
    </>
  );
}
