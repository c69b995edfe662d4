/**
 * A list of car cards. Lists are lists (accessibility): the cards sit in a <ul>.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import { cardFinance, toSearchCard, type SearchCard } from '../../../search/contract.ts';
import { CarCard } from './CarCard.tsx';
import { carFacts, cardSettings, firstImage, type CarFacts } from './carFacts.ts';
import type { SiteData } from '../../pageProps.ts';

/** The card and display facts of a car: the siteData stage's, else computed (a car outside the site's stock). */
export function cardOf({ site, data, car }: { site: Site; data: SiteData; car: Car }): { card: SearchCard; facts: CarFacts } {
  const card = data.cards.get(car.id) ?? toSearchCard({ car, imageUrl: firstImage(car), finance: cardFinance(site) });
  return { card, facts: data.facts.get(car.id) ?? carFacts({ settings: cardSettings(site), car: card }) };
}

/** Props of {@link CarGrid}. */
export interface CarGridProps {
  site: Site;
  data: SiteData;
  cars: Car[];
  headingLevel?: 2 | 3;
  /** How many leading cards load their image eagerly (above the fold). */
  eagerCount?: number;
}

/** Cards for `cars` in a list. */
export function CarGrid({ site, data, cars, headingLevel = 3, eagerCount = 0 }: CarGridProps) {
  const settings = cardSettings(site);
  return (
    <ul className="car-grid">
      {cars.map((car, i) => (
        <li key={car.id}>
          <CarCard settings={settings} {...cardOf({ site, data, car })} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
