/**
 * The search results' list of car cards. The server renders it inside the search island's first
 * HTML; the browser loads it (a chunk of its own, with the card code) only to draw a new answer.
 */
import { CarCard } from '../pages/parts/CarCard.tsx';
import { InsideIslandBoundary } from '../Island.tsx';
import type { HitsProps } from './SearchView.tsx';

/** The hits as car cards, the first three images of page 1 loaded eagerly. */
export function CarHits({ result, settings, id }: HitsProps) {
  return (
    <ul id={id} className="car-grid">
      {result.hits.map((card, i) => (
        <li key={card.id}>
          <CarCard settings={settings} card={card} headingLevel={2} eager={result.page === 1 && i < 3} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The cards the browser draws inside the hydrated search island: their favourite toggles are
 * part of the island's tree, so they render plainly (no island wrappers of their own).
 */
export function IslandCarHits(props: HitsProps) {
  return (
    <InsideIslandBoundary>
      <CarHits {...props} />
    </InsideIslandBoundary>
  );
}
