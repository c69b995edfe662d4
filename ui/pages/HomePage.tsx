/**
 * Home (SPEC §2 '/'): hero, price slider with 'Show Me N cars', search by body style, featured stock, models, locations carousel,
 * reviews and opening hours, all from the dealer record and stock.
 */
import { offersValuations } from '../../domain/tradeIn.ts';
import type { PageProps } from '../pageProps.ts';
import { isForSale } from '../../domain/visibility.ts';
import { showRating } from '../../domain/reviews.ts';
import { sortLocations } from '../../domain/openingHours.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { Stars } from '../components/Stars.tsx';
import { OpeningHours } from '../components/OpeningHours.tsx';
import { LocationsCarousel } from '../components/LocationsCarousel.tsx';
import { visibleLocations } from '../components/locationLinks.ts';
import { CarGrid } from './parts/CarGrid.tsx';
import { ModelList } from './parts/ModelList.tsx';
import { BODY_STYLES } from '../../domain/bodyStyles.ts';
import { say } from './parts/siteText.ts';
import { Island } from '../Island.tsx';
import { ShowMeCars } from '../search/ShowMeCars.tsx';
import { showMeProps } from '../search/showMeProps.ts';
import { CONTACT_PATH, VALUATIONS_PATH, bodySearchPath, brandPath, modelsPath } from '../../domain/routes/paths.ts';
import { brandMakes } from '../../domain/stockLinks.ts';

/** How many featured cars the home page shows. */
const FEATURED = 6;

/** The home page. */
export function HomePage({ site, data }: PageProps) {
  const forSale = data.cars.filter(isForSale);
  const featured = forSale.slice(0, FEATURED);
  const rating = site.reviews ? Number(site.reviews.average_rating) : NaN;
  const reviewsShown = site.reviews && Number.isFinite(rating) && showRating({ rating, min: site.rules.min_review_rating });
  const reviews = (site.review_list ?? []).filter((r) => r.text).slice(0, 3);
  const locations = sortLocations(visibleLocations(site.locations));
  const searchPath = safeHref(site.default_search_path) ?? '/';
  // Every brand page the site has, so none is reachable only from the sitemap.
  // The hero's calls to action: the record's, else stock, finance and selling a car.
  const heroActions = site.hero.actions?.length
    ? site.hero.actions.flatMap((action) => {
        const url = safeHref(action.url);
        return url ? [{ label: action.label, url }] : [];
      })
    : [
        { label: 'Browse Our Stock', url: searchPath },
        { label: 'Finance Pre-Approval', url: site.paths.finance },
        ...(offersValuations(site) ? [{ label: 'Sell Your Car', url: VALUATIONS_PATH }] : []),
      ];
  const heroImage = site.hero.image ? safeHref(site.hero.image) : null;
  const brands = brandMakes({ dealershipWebsites: site.dealership_websites, makesInStock: data.makes.map((m) => m.make) });
  return (
    <>
      <section className={`hero${heroImage ? ' hero--image' : ''}`} aria-labelledby="home-title">
        <div className="hero__body">
          <h1 id="home-title">{site.hero.heading ?? site.name}</h1>
          <p className="hero__lead">
            {site.hero.text ?? site.meta?.description ?? `New, used and demo cars from ${site.name} in ${site.address.city}, ${site.address.state}.`}
          </p>
          <ul className="hero__actions">
            {heroActions.map((action, index) => (
              <li key={`${index}-${action.url}`}>
                <a className={index === 0 ? 'btn btn-accent' : 'btn btn-outline'} href={action.url}>
                  {action.label}
                </a>
              </li>
            ))}
          </ul>
          {reviewsShown && site.reviews && (
            <p className="hero__trust">
              <Stars rating={rating} count={site.reviews.count} />
            </p>
          )}
        </div>
        {heroImage && <img className="hero__image" src={heroImage} alt={site.hero.image_alt ?? ''} fetchPriority="high" decoding="async" />}
      </section>

      <section aria-labelledby="home-price">
        <h2 id="home-price">Search by price</h2>
        <Island name="ShowMeCars" component={ShowMeCars} props={showMeProps({ site, data })} when="visible" />
      </section>

      <section aria-labelledby="home-bodies">
        <h2 id="home-bodies">Browse by body style</h2>
        <ul className="body-links">
          {BODY_STYLES.map(({ slug, name }) => (
            <li key={slug}>
              <a href={bodySearchPath({ body: name })}>{name}</a>
            </li>
          ))}
        </ul>
      </section>

      {brands.length > 0 && (
        <section aria-labelledby="home-brands">
          <h2 id="home-brands">Shop by brand</h2>
          <ul className="body-links">
            {brands.map((make) => (
              <li key={make}>
                <a href={brandPath({ make })}>{make}</a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {featured.length > 0 && (
        <section className="home-featured" aria-labelledby="home-featured">
          <h2 id="home-featured">Featured cars</h2>
          <CarGrid site={site} data={data} cars={featured} eagerCount={0} />
          <p>
            <a href={searchPath}>{forSale.length === 1 ? 'See the 1 car in stock' : `See all ${forSale.length} cars in stock`}</a>
          </p>
        </section>
      )}

      {site.models.length > 0 && (
        <section aria-labelledby="home-models">
          <h2 id="home-models">Our models</h2>
          <ModelList models={site.models.slice(0, 8)} />
          <p>
            <a href={modelsPath()}>View all models</a>
          </p>
        </section>
      )}

      {locations.length > 0 && <LocationsCarousel site={site} locations={locations} />}

      {reviewsShown && site.reviews && (
        <section aria-labelledby="home-reviews">
          <h2 id="home-reviews">What our customers say</h2>
          <Stars rating={rating} count={site.reviews.count} />
          {reviews.length > 0 && (
            <ul className="reviews">
              {reviews.map((review) => (
                <li key={review.id}>
                  <figure>
                    <blockquote>
                      <p>{review.text}</p>
                    </blockquote>
                    <figcaption>
                      {review.customer_name}
                      {review.review_date_in_words ? `, ${review.review_date_in_words}` : ''}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          )}
          {site.gmb_profiles?.[0] && safeHref(site.gmb_profiles[0].review_url) && (
            <p>
              <a href={safeHref(site.gmb_profiles[0].review_url)} rel="noopener" target="_blank">
                Read our reviews on Google
              </a>
            </p>
          )}
        </section>
      )}

      {site.opening_hours && site.opening_hours.length > 0 && (
        <section aria-labelledby="home-hours">
          <h2 id="home-hours">Opening hours</h2>
          <OpeningHours hours={site.opening_hours} monSat={site.features.hours_mon_sat} />
          <p>
            <a href={CONTACT_PATH}>{say({ site, text: 'Contact us or send an enquiry' })}</a>
          </p>
        </section>
      )}
    </>
  );
}
