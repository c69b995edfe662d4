/**
 * A numeric facet other than price (year, km): 'from' and 'to' number inputs, committed on
 * change (blur or Enter) so typing '2' on the way to '2019' does not search for year 2.
 */
import { useEffect, useState } from 'react';
import type { FacetStats, NumericRange } from '../../search/contract.ts';

/** Props of {@link RangeFacet}. */
export interface RangeFacetProps {
  idPrefix: string;
  field: string;
  label: string;
  range: NumericRange | undefined;
  stats: FacetStats | undefined;
  onCommit: (range: NumericRange) => void;
}

const parse = (text: string): number | undefined => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
};

/** From/to inputs of one numeric facet. */
export function RangeFacet({ idPrefix, field, label, range, stats, onCommit }: RangeFacetProps) {
  const [from, setFrom] = useState(range?.min !== undefined ? String(range.min) : '');
  const [to, setTo] = useState(range?.max !== undefined ? String(range.max) : '');
  useEffect(() => {
    setFrom(range?.min !== undefined ? String(range.min) : '');
    setTo(range?.max !== undefined ? String(range.max) : '');
  }, [range?.min, range?.max]);
  const commit = () => {
    const next = { min: parse(from), max: parse(to) };
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
          {stats.min} to {stats.max} in these results
        </p>
      ) : null}
    </fieldset>
  );
}
