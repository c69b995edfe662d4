/**
 * A list of car cards. Lists are lists (accessibility): the cards sit in a <ul>.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import { cardFinance, toSearchCard, type SearchCard } from '../../../search/contract.ts';
import { CarCard } from './CarCard.tsx';
import { cardSettings, firstImage } from './carFacts.ts';

/** Search card per car object, built once per build (cards repeat across pages). */
const cardCache = new WeakMap<Car, SearchCard>();

/** The search card of a stock car on `site` (memoised per car: a build has one site). */
export function cardOf({ site, car }: { site: Site; car: Car }): SearchCard {
  let card = cardCache.get(car);
  if (!card) {
    card = toSearchCard({ car, imageUrl: firstImage(car), finance: cardFinance(site) });
    cardCache.set(car, card);
  }
  return card;
}

/** Props of {@link CarGrid}. */
export interface CarGridProps {
  site: Site;
  cars: Car[];
  headingLevel?: 2 | 3;
  /** How many leading cards load their image eagerly (above the fold). */
  eagerCount?: number;
}

/** Cards for `cars` in a list. */
export function CarGrid({ site, cars, headingLevel = 3, eagerCount = 0 }: CarGridProps) {
  const settings = cardSettings(site);
  return (
    <ul className="car-grid">
      {cars.map((car, i) => (
        <li key={car.id}>
          <CarCard settings={settings} card={cardOf({ site, car })} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
