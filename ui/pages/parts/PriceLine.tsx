/**
 * The price display of SPEC §4 (subscription, reduced, price, PREORDER or no-price text) and the
 * below-market indicator, both from domain rules via carFacts, with the price's qualifier beside it
 * ('Drive away', the US fee disclosure: domain/priceQualifier.ts).
 */
import type { CarFacts } from './carFacts.ts';

/** Price, the before-price when reduced, and the below-market note. */
export function PriceLine({ facts }: { facts: CarFacts }) {
  const { price, belowText, wasText, qualifier } = facts;
  return (
    <div className="car-price">
      <p className={`car-price__value car-price__value--${price.kind}`}>
        {price.text}
        {price.kind === 'subscription' && <span className="car-price__suffix"> subscription</span>}
        {qualifier && (
          <>
            {' '}
            <span className="car-price__qualifier" data-price-qualifier={qualifier.kind}>
              {qualifier.label}
            </span>
          </>
        )}
      </p>
      {wasText && (
        <p className="car-price__was">
          Was <s>{wasText}</s>
        </p>
      )}
      {belowText && (
        <p className="below-market" title="Priced under the average market price for this car">
          {belowText} below market price
        </p>
      )}
    </div>
  );
}
