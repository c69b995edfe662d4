/**
 * The car search card (SPEC §2 "Car search card with a tag banner"): image, tag banner, name,
 * badge, price display, below-market indicator and key specs. It renders a search card
 * (search/contract.ts) so the hydrated search island can reuse it for hits in the browser.
 */
import { formatOdometer } from '../../../domain/distance.ts';
import { repaymentLine } from '../../money/financeText.ts';
import type { SearchCard } from '../../../search/contract.ts';
import { carFacts, type CardSettings, type CarFacts } from './carFacts.ts';
import { Picture } from './Picture.tsx';
import { CarPicture } from './CarPicture.tsx';
import { TagBanner } from './TagBanner.tsx';
import { PriceLine } from './PriceLine.tsx';
import { Island } from '../../Island.tsx';
import { FavouriteToggle } from '../../islands/FavouriteToggle.tsx';
import { carPath } from '../../../domain/routes/paths.ts';
import { cardImageUrl } from '../../../domain/images.ts';

/** Props of {@link CarCard}. */
export interface CarCardProps {
  settings: CardSettings;
  card: SearchCard;
  /** The card's display facts when already computed (the siteData stage's); else computed here (search hits in the browser). */
  facts?: CarFacts;
  /** Heading level of the card title, so headings stay in order on every page. */
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** Show the favourite toggle (SPEC §4 Favourites); off when the site has favourites switched off. */
  favourite?: boolean;
}

/** One car as a search card, linking to its detail page. */
export function CarCard({ settings, card, facts = carFacts({ settings, car: card }), headingLevel = 3, eager = false, favourite = true }: CarCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = carPath(card);
  const specs = [
    card.km != null ? formatOdometer({ km: card.km, locale: settings.locale, unit: settings.distanceUnit }) : null,
    card.simple_fuel,
    card.location_name,
  ].filter((s): s is string => Boolean(s));
  return (
    <article className="car-card" data-car-id={card.id}>
      <a href={href} className="car-card__media" tabIndex={-1} aria-hidden="true">
        {/* A car without a photo shows the placeholder: every card has the same image area. A card
            the photos stage saw offers its photo at several widths; a Meilisearch hit has its URL alone. */}
        {card.image ? (
          <CarPicture image={card.image} slot="card" alt="" eager={eager} webpOnly />
        ) : (
          <Picture src={cardImageUrl({ url: card.image_url })} alt="" width={400} height={300} eager={eager} />
        )}
      </a>
      {facts.tag && <TagBanner tag={facts.tag} />}
      {favourite && (
        <div className="car-card__favourite">
          <Island name="FavouriteToggle" component={FavouriteToggle} props={{ id: card.id, name: facts.title }} when="idle" />
        </div>
      )}
      <div className="car-card__body">
        <Heading className="car-card__title">
          <a href={href}>{facts.title}</a>
        </Heading>
        {card.badge && <p className="car-card__badge">{card.badge}</p>}
        <PriceLine facts={facts} />
        {card.repayment && (
          <p className="car-card__repayment">{repaymentLine({ ...card.repayment, format: { locale: settings.locale, currency: settings.currency } })}</p>
        )}
        {specs.length > 0 && (
          <ul className="car-card__specs">
            {specs.map((spec) => (
              <li key={spec}>{spec}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
