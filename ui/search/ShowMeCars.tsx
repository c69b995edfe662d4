/**
 * Home page price slider (SPEC §2 Price range slider): two thumbs, 5000 to 250000 step 500, and a
 * 'Show Me N cars' link to the search URL with the range and a price-descending sort. N is
 * counted locally from the sorted prices of the default search's cars, so no engine is needed.
 */
import { useMemo, useState } from 'react';
import { PRICE_SLIDER } from '../../domain/searchInputs.ts';
import { encode } from '../../search/urlCodec.ts';
import { PriceSlider } from './PriceSlider.tsx';
import { countInRange, thumbsToRange } from './searchState.ts';
import { showMeLabel } from './labels.ts';

/** Props of {@link ShowMeCars} (JSON: the island's inline props). */
export interface ShowMeCarsProps {
  /** The default search path the button goes to. */
  path: string;
  /** Ascending prices as deltas from the previous one (compact inline JSON). */
  priceDeltas: number[];
  locale: string;
  currency: string;
  idPrefix: string;
}

/** Sorted prices -> deltas. */
export function toDeltas(sorted: number[]): number[] {
  return sorted.map((p, i) => (i === 0 ? p : p - sorted[i - 1]));
}

/** Deltas -> sorted prices. */
export function fromDeltas(deltas: number[]): number[] {
  let sum = 0;
  return deltas.map((d) => (sum += d));
}

/** The 'Show Me N cars' href for a slider position. */
export function showMeHref({ path, lower, upper }: { path: string; lower: number; upper: number }): string {
  return encode({ path, state: { ranges: { price: thumbsToRange({ lower, upper }) }, sortBy: 'price:desc' } });
}

/** The slider and its button. */
export function ShowMeCars({ path, priceDeltas, locale, currency, idPrefix }: ShowMeCarsProps) {
  const prices = useMemo(() => fromDeltas(priceDeltas), [priceDeltas]);
  const [thumbs, setThumbs] = useState({ lower: PRICE_SLIDER.min as number, upper: PRICE_SLIDER.max as number });
  const count = countInRange({ prices, range: thumbsToRange(thumbs) });
  return (
    <div className="show-me">
      <PriceSlider idPrefix={idPrefix} lower={thumbs.lower} upper={thumbs.upper} locale={locale} currency={currency} onChange={setThumbs} />
      <a className="btn btn-primary show-me__button" href={showMeHref({ path, ...thumbs })}>
        {showMeLabel(count)}
      </a>
    </div>
  );
}
