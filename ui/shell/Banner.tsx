/**
 * Top banner (SPEC §2): address and phone (or the locations block), social icons, star rating,
 * the favourites counter (the FavouritesCount island: filled heart above zero) and the favourites link.
 */
import { showRating } from '../../domain/reviews.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import type { Site } from '../../domain/site.ts';
import { Icon } from '../components/Icon.tsx';
import type { Location } from '../../domain/types.ts';
import { addressLine, directionsHref, visibleLocations } from '../components/locationLinks.ts';
import { spell } from '../../domain/region.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { SocialLinks } from '../components/SocialLinks.tsx';
import { Stars } from '../components/Stars.tsx';
import { ReviewWidget } from '../variants/ReviewWidget.tsx';
import { reviewWidgetProps } from '../variants/reviewWidgetProps.ts';
import { DealerRating } from '../variants/DealerRating.tsx';
import { bannerLocations } from './bannerLocations.ts';
import { LOCATIONS_PATH } from './navModel.ts';
import { Island } from '../Island.tsx';
import { FavouritesCount } from '../islands/FavouritesCount.tsx';

/** Department-specific phone variants of a location ('Service: 07 ...'), when the record has them. */
function DepartmentPhones({ location, region }: { location: Location | undefined; region: Site['region'] }) {
  const phones = Object.entries(location?.contact_detail?.department_phones ?? {});
  if (phones.length === 0) return null;
  return (
    <>
      {phones.map(([department, phone]) => (
        <span className="banner-department" key={department}>
          <span className="banner-label">{`${department.charAt(0).toUpperCase()}${department.slice(1)}:`}</span> <PhoneLink phone={phone} region={region} />
        </span>
      ))}
    </>
  );
}

function Locations({ site }: { site: Site }) {
  const block = bannerLocations({ site });
  if (block.kind === 'link') {
    return (
      <a className="banner-locations-link" href={LOCATIONS_PATH}>
        <Icon name="pin" size={16} />
        Locations
      </a>
    );
  }
  if (block.kind === 'list') {
    return (
      <ul className="banner-locations">
        {block.entries.map(({ label, location }) => (
          <li key={location.id}>
            <span className="banner-label">{spell({ text: label, region: site.region })}</span>{' '}
            <span className="banner-address">{addressLine({ address: location.address, region: site.region })}</span>{' '}
            <PhoneLink phone={location.contact_detail?.phone} region={site.region} icon />
            <DepartmentPhones location={location} region={site.region} />
          </li>
        ))}
      </ul>
    );
  }
  const directions = directionsHref({ address: site.address });
  return (
    <p className="banner-single">
      {directions ? (
        <a className="banner-address" href={directions} target="_blank" rel="noopener noreferrer">
          <Icon name="pin" size={16} />
          {addressLine({ address: site.address, region: site.region })}
        </a>
      ) : (
        <span className="banner-address">{addressLine({ address: site.address, region: site.region })}</span>
      )}{' '}
      <PhoneLink phone={site.phone} region={site.region} icon />
      <DepartmentPhones location={visibleLocations(site.locations ?? [])[0]} region={site.region} />
    </p>
  );
}

/** The banner; the caller omits it when site.features.banner is off. */
export function Banner({ site }: { site: Site }) {
  const rating = Number(site.reviews?.average_rating ?? NaN);
  const favourites = site.features.favourites || site.features.compare ? safeHref(site.paths.favourites) : undefined;
  // A configured review widget replaces the record's own rating.
  const widget = reviewWidgetProps({ site });
  // A landmark of its own (complementary), so none of its content sits outside one.
  return (
    <aside className="site-banner" aria-label="Dealership details">
      <div className="container banner-inner">
        <Locations site={site} />
        <div className="banner-side">
          <SocialLinks fields={site} owner={site.name} size={16} />
          {widget ? (
            <Island name="ReviewWidget" component={ReviewWidget} props={widget} when="idle" />
          ) : Number.isFinite(rating) && rating > 0 && showRating({ rating, min: site.rules.min_review_rating }) ? (
            <Stars rating={rating} count={site.reviews?.count} className="banner-stars" />
          ) : null}
          <DealerRating site={site} />
          {favourites ? (
            <a className="banner-favourites" href={favourites} data-favourites-link="">
              {/* A count to read, not a control: it hydrates when the browser is idle, which keeps it
                  out of the first-load script budget; it reads the saved list as it is then. */}
              <Island name="FavouritesCount" component={FavouritesCount} props={{}} when="idle" />
              <span>{site.paths.favourites_label}</span>
            </a>
          ) : null}
        </div>
      </div>
    </aside>
  );
}
