/**
 * Header autocomplete island (SPEC §2 Autocomplete search box), the ARIA combobox pattern: an
 * input with role=combobox controlling a listbox of hits (image, name, and price only above 250),
 * arrows move, Enter opens the active car or submits, Escape closes then clears.
 *
 * Server-rendered as a plain <form role="search"> GET to the default search path with
 * name="query", so it works without JavaScript. The engine loads only when the shopper focuses
 * or types in the box, never on page load.
 */
import { useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { formatPrice, showAutocompletePrice } from '../../domain/price.ts';
import type { Hit } from '../../search/contract.ts';
import { IconSvg } from '../components/icons/IconSvg.tsx';
import { searchPath } from '../components/icons/search.ts';
import { carPath } from '../pages/parts/links.ts';
import { Picture } from '../pages/parts/Picture.tsx';
import { CLOSED, comboReducer } from './autocompleteState.ts';
import type { EngineConfig } from './engineConfig.ts';
import { loadEngine } from './loadEngine.ts';

/** Props of {@link Autocomplete} (JSON: the island's inline props). */
export interface AutocompleteProps {
  /** The default search path the form submits to. */
  action: string;
  placeholder: string;
  engine: EngineConfig;
  locale: string;
  currency: string;
  /** Id of the input (its label points at it). */
  inputId: string;
  idPrefix: string;
  /** Hits listed. */
  limit: number;
}

/** Wait after a keystroke before asking the engine. */
const TYPING_MS = 120;

/** The header search box. */
export function Autocomplete({ action, placeholder, engine, locale, currency, inputId, idPrefix, limit }: AutocompleteProps) {
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [combo, dispatch] = useReducer(comboReducer, CLOSED);
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = `${idPrefix}-listbox`;
  const optionId = (i: number) => `${idPrefix}-option-${i}`;

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const ask = (query: string) => {
    const id = ++sequence.current;
    if (query.trim() === '') {
      setHits([]);
      dispatch({ type: 'results', count: 0 });
      return;
    }
    loadEngine(engine)
      .then((e) => e.autocomplete({ query, limit }))
      .then((found) => {
        if (id !== sequence.current) return;
        setHits(found);
        dispatch({ type: 'results', count: found.length });
      })
      .catch((error: unknown) => console.error(new Error('autocomplete failed', { cause: error })));
  };

  const onInput = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => ask(value), TYPING_MS);
  };

  const open = (hit: Hit) => window.location.assign(carPath(hit));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      dispatch({ type: e.key === 'ArrowDown' ? 'down' : 'up' });
    } else if (e.key === 'Enter') {
      if (combo.open && combo.active >= 0 && hits[combo.active]) {
        e.preventDefault();
        open(hits[combo.active]);
      }
      // Otherwise the form submits: the default search path with ?query=.
    } else if (e.key === 'Escape') {
      if (combo.open) dispatch({ type: 'escape' });
      else onInput('');
    }
  };

  const expanded = combo.open && hits.length > 0;
  return (
    <form className="header-search" role="search" action={action} method="get">
      <label className="visually-hidden" htmlFor={inputId}>
        Search stock
      </label>
      <input
        id={inputId}
        // A combobox is a text input: the HTML spec's ARIA rules allow no combobox role on type=search.
        type="text"
        enterKeyHint="search"
        name="query"
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && combo.active >= 0 ? optionId(combo.active) : undefined}
        value={text}
        onChange={(e) => onInput(e.currentTarget.value)}
        onFocus={() => loadEngine(engine).catch((error: unknown) => console.error(error))}
        onKeyDown={onKeyDown}
        onBlur={() => dispatch({ type: 'close' })}
      />
      <ul id={listId} role="listbox" aria-label="Matching cars" className="autocomplete-list" hidden={!expanded}>
        {hits.map((hit, i) => (
          <li
            key={hit.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === combo.active}
            className={i === combo.active ? 'autocomplete-option is-active' : 'autocomplete-option'}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              open(hit);
            }}
            onMouseMove={() => combo.active !== i && dispatch({ type: 'hover', index: i })}
          >
            <span className="autocomplete-option__image">
              <Picture src={hit.image_url} alt="" width={96} height={72} />
            </span>
            <span className="autocomplete-option__name">{hit.name}</span>
            {showAutocompletePrice(hit.price) ? (
              <span className="autocomplete-option__price">{formatPrice({ amount: hit.price as number, locale, currency })}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <button type="submit" className="header-search-submit">
        <span className="visually-hidden">Search</span>
        <IconSvg d={searchPath} size={18} />
      </button>
    </form>
  );
}
