/**
 * One string facet (make, model, body ...): a checkbox per value with its disjunctive count.
 * Selected values stay listed even when the other filters leave them no cars (count 0), so a
 * shopper can always untick what they ticked. A facet with more values than fit at a glance
 * lists every value in a scrolling box with a text filter above it, so every make is reachable
 * by typing a few letters instead of hunting behind 'Show more'.
 */
import { useState } from 'react';
import { ownValue } from '../../search/ownRecord.ts';

/** More values than this get the text filter and the scrolling box. */
const FACET_SHOWN = 8;

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

/** Does a value's label contain every word typed in the filter (case and accents ignored)? */
export function matchesValueFilter({ label, filter }: { label: string; filter: string }): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const text = fold(label);
  return fold(filter)
    .split(/\s+/)
    .every((word) => text.includes(word));
}

/** A facet's checkboxes. */
export function FacetList({ idPrefix, field, label, counts, selected, valueLabels = {}, onToggle }: FacetListProps) {
  const [filter, setFilter] = useState('');
  // Values are feed and URL text ('constructor', 'toString'): looked up as own keys only.
  const labelOf = (value: string): string => ownValue(valueLabels, value) ?? value;
  const values = [...new Set([...Object.keys(counts), ...selected])].sort((a, b) => labelOf(a).localeCompare(labelOf(b), 'en', { numeric: true }));
  if (values.length === 0) return null;
  const long = values.length > FACET_SHOWN;
  // Selected values are always visible, whatever the filter says.
  const shown = long ? values.filter((v) => selected.includes(v) || matchesValueFilter({ label: labelOf(v), filter })) : values;
  const listId = `${idPrefix}-${field}`;
  return (
    <fieldset className="facet" data-facet={field}>
      <legend className="facet__title">{label}</legend>
      {long ? (
        <>
          <label className="visually-hidden" htmlFor={`${listId}-filter`}>
            {`Filter the ${values.length} ${label} options`}
          </label>
          <input
            id={`${listId}-filter`}
            className="facet__filter"
            type="search"
            autoComplete="off"
            placeholder={`Search ${label}`}
            aria-controls={listId}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
          />
        </>
      ) : null}
      <ul
        className={long ? 'facet__values facet__values--scroll' : 'facet__values'}
        id={listId}
        tabIndex={long ? 0 : undefined}
        aria-label={long ? label : undefined}
      >
        {shown.map((value) => {
          const id = `${listId}-${values.indexOf(value)}`;
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
      {long && shown.length === 0 ? <p className="facet__none">{`No ${label} matches '${filter}'.`}</p> : null}
    </fieldset>
  );
}
