/**
 * A compact car summary (reserve, trade-in and valuation pages): image, name, badge, price and a
 * link back to the car.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import { carFacts, cardSettings, firstImage, type CarFacts } from './carFacts.ts';
import { Picture } from './Picture.tsx';
import { PriceLine } from './PriceLine.tsx';
import { carPath } from '../../../domain/routes/paths.ts';

/** Props of {@link CarSummary}. */
export interface CarSummaryProps {
  site: Site;
  car: Car;
  /** Heading text above the summary. */
  heading?: string;
  /** The car's facts as the renderer made them (SiteData.facts); made here when absent. */
  facts?: CarFacts;
}

/** The car in brief, with a link back to its page. */
export function CarSummary({ site, car, heading = 'Your selected car', facts = carFacts({ settings: cardSettings(site), car }) }: CarSummaryProps) {
  return (
    <section className="car-summary" aria-labelledby="car-summary-heading">
      <h2 id="car-summary-heading">{heading}</h2>
      <Picture src={firstImage(car)} alt={`${facts.title} ${car.badge ?? ''}`.trim()} width={320} height={240} eager />
      <p className="car-summary__name">
        <strong>{facts.title}</strong>
        {car.badge ? ` ${car.badge}` : ''}
      </p>
      {car.stocknum && <p className="car-summary__stock">Stock number {car.stocknum}</p>}
      <PriceLine facts={facts} />
      <p>
        <a href={carPath(car)}>Back to the {facts.title}</a>
      </p>
    </section>
  );
}
