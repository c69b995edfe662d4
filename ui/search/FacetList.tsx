/**
 * One string facet (make, model, body ...): a checkbox per value with its disjunctive count.
 * Selected values stay listed even when the other filters leave them no cars (count 0), so a
 * shopper can always untick what they ticked.
 */
import { useState } from 'react';
import { ownValue } from '../../search/ownRecord.ts';

/** Values shown before 'Show more'. */
export const FACET_SHOWN = 8;

/** Props of {@link FacetList}. */
export interface FacetListProps {
  idPrefix: string;
  field: string;
  label: string;
  counts: Record<string, number>;
  selected: string[];
  valueLabels?: Record<string, string>;
  onToggle: (value: string) => void;
}

/** A facet's checkboxes. */
export function FacetList({ idPrefix, field, label, counts, selected, valueLabels = {}, onToggle }: FacetListProps) {
  const [expanded, setExpanded] = useState(false);
  // Values are feed and URL text ('constructor', 'toString'): looked up as own keys only.
  const labelOf = (value: string): string => ownValue(valueLabels, value) ?? value;
  const values = [...new Set([...Object.keys(counts), ...selected])].sort((a, b) => labelOf(a).localeCompare(labelOf(b), 'en', { numeric: true }));
  if (values.length === 0) return null;
  // Selected values are always visible, even beyond the first few.
  const shown = expanded ? values : values.filter((v, i) => i < FACET_SHOWN || selected.includes(v));
  const listId = `${idPrefix}-${field}`;
  return (
    <fieldset className="facet" data-facet={field}>
      <legend className="facet__title">{label}</legend>
      <ul className="facet__values" id={listId}>
        {shown.map((value, i) => {
          const id = `${listId}-${i}`;
          const count = ownValue(counts, value) ?? 0;
          return (
            <li key={value}>
              <input id={id} type="checkbox" checked={selected.includes(value)} onChange={() => onToggle(value)} />
              <label htmlFor={id}>
                {labelOf(value)} <span className="facet__count">({count})</span>
              </label>
            </li>
          );
        })}
      </ul>
      {values.length > shown.length || expanded ? (
        <button type="button" className="facet__more" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show more (${values.length - shown.length})`}
        </button>
      ) : null}
    </fieldset>
  );
}
