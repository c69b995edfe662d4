/**
 * Location info block (SPEC §2 Location components): optional image (150px high), name, rating,
 * address, phone, landline, opening hours, licence numbers, a contact button and 'Get Directions'.
 */
import { imageUrl } from '../../domain/images.ts';
import { showRating } from '../../domain/reviews.ts';
import type { Site } from '../../domain/site.ts';
import type { Location } from '../../domain/types.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { Icon } from './Icon.tsx';
import { addressLine, directionsHref } from './locationLinks.ts';
import { OpeningHours } from './OpeningHours.tsx';
import { PhoneLink } from './PhoneLink.tsx';
import { Stars } from './Stars.tsx';
import { LocationExtras } from '../variants/LocationExtras.tsx';
import { contactLocationPath } from '../../domain/routes/paths.ts';

/** SPEC §9: location image height. */
export const LOCATION_IMAGE_HEIGHT = 150;
const LOCATION_IMAGE_WIDTH = 300;

/** The rating and count a location carries (average_rating/review_count, else its reviews set). */
export function locationRating(location: Location): { rating: number; count: number | null } | null {
  const raw = location.average_rating ?? location.reviews?.average_rating ?? null;
  const rating = raw == null ? NaN : Number(raw);
  if (!Number.isFinite(rating) || rating <= 0) return null;
  return { rating, count: location.review_count ?? location.reviews?.count ?? null };
}

/** Props of {@link LocationInfo}. */
export interface LocationInfoProps {
  /** A whole Site also shows the configured location variants (ui/variants/LocationExtras.tsx). */
  site: Pick<Site, 'features' | 'rules' | 'region'> | Site;
  location: Location;
  showImage?: boolean;
  /** Hidden on the configured contact page itself (SPEC §2). */
  showContact?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /** Show the configured location variants (off where a page would show them twice, e.g. the footer). */
  extras?: boolean;
}

/** The details of one location. */
export function LocationInfo({ site, location, showImage = false, showContact = true, headingLevel = 3, className, extras = true }: LocationInfoProps) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const rating = locationRating(location);
  const { phone, landline_phone, opening_hours } = location.contact_detail ?? {};
  const imageSrc = showImage && location.image?.url ? safeHref(imageUrl({ src: location.image.url, width: LOCATION_IMAGE_WIDTH * 2 })) : undefined;
  const directions = directionsHref({ address: location.address });
  return (
    <div className={className ? `location-info ${className}` : 'location-info'}>
      {imageSrc ? (
        <img
          className="location-image"
          src={imageSrc}
          alt={location.name}
          width={LOCATION_IMAGE_WIDTH}
          height={LOCATION_IMAGE_HEIGHT}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <Heading className="location-name">{location.name}</Heading>
      {rating && showRating({ rating: rating.rating, min: site.rules.min_review_rating }) ? <Stars rating={rating.rating} count={rating.count} /> : null}
      <p className="location-address">
        <Icon name="pin" size={16} />
        <span>{addressLine({ address: location.address, region: site.region })}</span>
      </p>
      {phone ? (
        <p className="location-phone">
          <span className="label">Phone: </span>
          <PhoneLink phone={phone} region={site.region} />
        </p>
      ) : null}
      {landline_phone && landline_phone !== phone ? (
        <p className="location-landline">
          <span className="label">Landline: </span>
          <PhoneLink phone={landline_phone} region={site.region} />
        </p>
      ) : null}
      <OpeningHours hours={opening_hours} monSat={site.features.hours_mon_sat} />
      {location.dealer_license_number || location.motor_vehicle_repairer ? (
        <p className="location-licences">
          {location.dealer_license_number ? <span>Dealer Licence: {location.dealer_license_number}</span> : null}
          {location.motor_vehicle_repairer ? <span>Motor Vehicle Repairer: {location.motor_vehicle_repairer}</span> : null}
        </p>
      ) : null}
      {extras && 'regionSettings' in site ? <LocationExtras site={site} location={location} /> : null}
      <p className="location-actions">
        {showContact ? (
          <a className="btn btn-primary" href={contactLocationPath({ location })}>
            Contact Us
          </a>
        ) : null}
        {directions ? (
          <a className="btn btn-outline" href={directions} target="_blank" rel="noopener noreferrer">
            Get Directions
          </a>
        ) : null}
      </p>
    </div>
  );
}
