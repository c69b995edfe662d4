/**
 * A numeric facet other than price (year, km): 'from' and 'to' number inputs, committed on
 * change (blur or Enter) so typing '2' on the way to '2019' does not search for year 2.
 */
import { useEffect, useState } from 'react';
import type { FacetStats, NumericRange } from '../../search/contract.ts';
import { distanceInUnit, kmFromUnit } from '../../domain/distance.ts';
import { rangeHint } from './labels.ts';

/** Props of {@link RangeFacet}. */
export interface RangeFacetProps {
  idPrefix: string;
  field: string;
  label: string;
  range: NumericRange | undefined;
  stats: FacetStats | undefined;
  onCommit: (range: NumericRange) => void;
  /** A km field shown and typed in this unit (the region's); the range committed stays in km. */
  unit?: 'kilometer' | 'mile';
  locale: string;
  currency: string;
}

const parse = (text: string): number | undefined => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
};

/** From/to inputs of one numeric facet. */
export function RangeFacet({ idPrefix, field, label, range, stats, onCommit, unit, locale, currency }: RangeFacetProps) {
  // Values in the index are km; with a unit they are shown and typed in it, and committed as km.
  const shown = (km: number | undefined) => (km === undefined ? '' : String(unit ? distanceInUnit({ km, unit }) : km));
  const stored = (value: number | undefined) => (value === undefined || !unit ? value : kmFromUnit({ value, unit }));
  const [from, setFrom] = useState(shown(range?.min));
  const [to, setTo] = useState(shown(range?.max));
  useEffect(() => {
    setFrom(shown(range?.min));
    setTo(shown(range?.max));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shown depends only on unit, fixed per page
  }, [range?.min, range?.max]);
  const commit = () => {
    const next = { min: stored(parse(from)), max: stored(parse(to)) };
    if (next.min !== range?.min || next.max !== range?.max) onCommit(next);
  };
  const id = `${idPrefix}-${field}`;
  return (
    <fieldset className="facet facet--range" data-facet={field}>
      <legend className="facet__title">{label}</legend>
      <div className="facet__range">
        <label htmlFor={`${id}-min`}>From</label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="numeric"
          value={from}
          aria-describedby={stats ? `${id}-span` : undefined}
          onChange={(e) => setFrom(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), commit())}
        />
        <label htmlFor={`${id}-max`}>To</label>
        <input
          id={`${id}-max`}
          type="number"
          inputMode="numeric"
          value={to}
          aria-describedby={stats ? `${id}-span` : undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), commit())}
        />
      </div>
      {stats ? (
        <p className="facet__span" id={`${id}-span`}>
          {rangeHint({ field, stats, locale, currency, unit })}
        </p>
      ) : null}
    </fieldset>
  );
}
