/**
 * The search page island as the browser hydrates it (runtime/islandRegistry.ts 'SearchApp').
 *
 * The filters, sort, count and page links hydrate at once. The prerendered cards stay the
 * server's HTML until the first new answer, each card's favourite toggle drawn live into its
 * slot; the card code (CarHits.tsx) loads on the first interaction with the search or with that
 * answer, never with the page. The first client render is the server's markup, list included,
 * so hydration moves nothing.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { FavouriteToggle } from '../islands/FavouriteToggle.tsx';
import { SearchView, type HitsProps, type SearchAppProps } from './SearchView.tsx';

let cards: Promise<ComponentType<HitsProps>> | null = null;
let loaded: ComponentType<HitsProps> | null = null;

/** Loads the card list once (a failure is retried on the next call). */
export function loadCarHits(): Promise<ComponentType<HitsProps>> {
  cards ??= import('./CarHits.tsx').then(
    (module) => (loaded = module.IslandCarHits),
    (cause: unknown) => {
      cards = null;
      throw new Error('The search results could not load their card code', { cause });
    },
  );
  return cards;
}

/** The list's HTML as the server rendered it, read once at hydration; null on the server or when absent. */
function serverListHtml(id: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.getElementById(id)?.innerHTML ?? null;
}

/** Where a server card's favourite toggle goes: the element around its button. */
interface ToggleSlot {
  element: Element;
  id: number;
  /** The card's title, the toggle's accessible name. */
  name: string;
}

/**
 * The favourite slots of the server's cards, emptied for the live toggles. The server's buttons
 * carry no handlers; the live ones render the same markup, with the saved state.
 */
function takeToggleSlots(list: Element): ToggleSlot[] {
  const slots: ToggleSlot[] = [];
  for (const button of list.querySelectorAll('[data-favourite-id]')) {
    const element = button.parentElement;
    const id = Number(button.getAttribute('data-favourite-id'));
    if (!element || !Number.isSafeInteger(id)) continue;
    const name = button.closest('[data-car-id]')?.querySelector('.car-card__title')?.textContent ?? '';
    element.replaceChildren();
    slots.push({ element, id, name });
  }
  return slots;
}

/**
 * The server's list, untouched, while the prerendered page is shown and nothing else has been;
 * the loaded card list from the first new answer on (going back to the first page draws it
 * with the loaded cards too).
 */
function DeferredHits(props: HitsProps) {
  const { id, prerendered } = props;
  const [html] = useState(() => serverListHtml(id));
  const showingServer = useRef(true);
  if (!prerendered) showingServer.current = false;
  const server = showingServer.current && html !== null;
  const list = useRef<HTMLUListElement>(null);
  const [slots, setSlots] = useState<ToggleSlot[]>([]);
  const taken = useRef(false);
  // Before the browser paints the hydrated page: the live toggles replace the inert ones (once:
  // afterwards the slots hold React's own buttons).
  useLayoutEffect(() => {
    if (!server || !list.current || taken.current) return;
    taken.current = true;
    setSlots(takeToggleSlots(list.current));
  }, [server]);
  const [Cards, setCards] = useState<ComponentType<HitsProps> | null>(() => loaded);
  const needCards = !server && !Cards && !loaded;
  useEffect(() => {
    // Normally loaded with the answer (SearchView awaits loadHits); this covers a missing list.
    if (needCards)
      loadCarHits().then(
        (component) => setCards(() => component),
        (error: unknown) => console.error(error),
      );
  }, [needCards]);
  if (server) {
    return (
      <>
        <ul ref={list} id={id} className="car-grid" dangerouslySetInnerHTML={{ __html: html }} />
        {slots.map((slot) => createPortal(<FavouriteToggle id={slot.id} name={slot.name} />, slot.element, String(slot.id)))}
      </>
    );
  }
  const Ready = Cards ?? loaded;
  return Ready ? <Ready {...props} /> : <ul id={id} className="car-grid" />;
}

/** The search page island (browser twin of SearchApp.tsx). */
export function SearchApp(props: SearchAppProps) {
  return <SearchView {...props} Hits={DeferredHits} loadHits={loadCarHits} />;
}
