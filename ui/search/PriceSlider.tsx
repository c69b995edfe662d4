/**
 * SPEC §2 price range slider: two native range inputs (5000 to 250000, step 500) over one track.
 * Native inputs are keyboard and screen-reader usable as they are (arrows, Page Up/Down, Home,
 * End); each has its own label and a spoken price. Thumb moves go through the domain clamps.
 */
import { PRICE_SLIDER } from '../../domain/searchInputs.ts';
import { formatPrice } from '../../domain/price.ts';
import { moveThumb } from './searchState.ts';
import type { FacetStats } from '../../search/contract.ts';
import { rangeHint } from './labels.ts';

/**
 * The dash between the two prices as a character reference: a page holding any character beyond
 * Latin-1 is two bytes per character in V8, which doubles the build's work on every search page.
 * The browser shows the same dash.
 */
const EN_DASH = { __html: '&ndash;' };

/** Props of {@link PriceSlider}. */
export interface PriceSliderProps {
  idPrefix: string;
  lower: number;
  upper: number;
  locale: string;
  currency: string;
  /** The prices of the current results (the price facet's stats), shown as a hint. */
  stats?: FacetStats;
  onChange: (thumbs: { lower: number; upper: number }) => void;
}

/** Two-thumb price slider. */
export function PriceSlider({ idPrefix, lower, upper, locale, currency, stats, onChange }: PriceSliderProps) {
  const money = (amount: number) => formatPrice({ amount, locale, currency });
  const lowText = lower <= PRICE_SLIDER.min ? money(PRICE_SLIDER.min) : money(lower);
  const highText = upper >= PRICE_SLIDER.max ? `${money(PRICE_SLIDER.max)}+` : money(upper);
  const span = PRICE_SLIDER.max - PRICE_SLIDER.min;
  const pct = (v: number) => `${Math.min(100, Math.max(0, ((v - PRICE_SLIDER.min) / span) * 100))}%`;
  return (
    <div className="price-slider" role="group" aria-labelledby={`${idPrefix}-label`}>
      <p className="price-slider__label" id={`${idPrefix}-label`}>
        Price
      </p>
      <p className="price-slider__values" aria-hidden="true">
        {lowText} <span dangerouslySetInnerHTML={EN_DASH} /> {highText}
      </p>
      <div className="price-slider__track" style={{ ['--lo' as string]: pct(lower), ['--hi' as string]: pct(upper) }}>
        <label className="visually-hidden" htmlFor={`${idPrefix}-min`}>
          Minimum price
        </label>
        <input
          id={`${idPrefix}-min`}
          type="range"
          className="price-slider__input price-slider__input--min"
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          value={lower}
          aria-valuetext={lowText}
          onChange={(e) => onChange(moveThumb({ thumbs: { lower, upper }, thumb: 'lower', value: Number(e.currentTarget.value) }))}
        />
        <label className="visually-hidden" htmlFor={`${idPrefix}-max`}>
          Maximum price
        </label>
        <input
          id={`${idPrefix}-max`}
          type="range"
          className="price-slider__input price-slider__input--max"
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          value={upper}
          aria-valuetext={highText}
          onChange={(e) => onChange(moveThumb({ thumbs: { lower, upper }, thumb: 'upper', value: Number(e.currentTarget.value) }))}
        />
      </div>
      {stats ? <p className="facet__span">{rangeHint({ field: 'price', stats, locale, currency })}</p> : null}
    </div>
  );
}
