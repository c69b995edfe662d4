/**
 * The saved cars of /favourites (or the garage path) and /compare, looked up by id in the static
 * search index. A share link (?ids=1,2,3) shows that shortlist on any device and offers to save
 * it. Server HTML is the 'No Saved Cars' state, which is also the first client render.
 */
import { useEffect, useState } from 'react';
import type { Hit } from '../../search/contract.ts';
import { useFavourites, useIslandServices } from '../islandServices.ts';
import { CarCard } from '../pages/parts/CarCard.tsx';
import { carFacts, type CardSettings } from '../pages/parts/carFacts.ts';
import { formatOdometer } from '../../domain/distance.ts';
import { CAR_TYPE_LABELS } from '../../domain/searchDocument.ts';
import { shareUrl, sharedIds, useSavedCards } from './savedCards.ts';
import { carPath } from '../../domain/routes/paths.ts';
import { Picture } from '../pages/parts/Picture.tsx';
import { cardImageUrl } from '../../domain/images.ts';
import { carName } from '../../domain/carName.ts';

/** Props of {@link SavedCars}. */
export interface SavedCarsProps {
  view: 'favourites' | 'compare';
  settings: CardSettings;
  searchPath: string;
  /** This page's path (the share link points here). */
  path: string;
  emptyHint: string;
}

/** One compare row: its label (fixed, or the region's) and how to read it from a card. */
const ROWS: { label: string | ((settings: CardSettings) => string); read: (card: Hit, settings: CardSettings) => string }[] = [
  // The price with its qualifier ('$38,990 Drive away'), as the cards show it.
  {
    label: 'Price',
    read: (card, settings) => {
      const { price, qualifier } = carFacts({ settings, car: card });
      return qualifier ? `${price.text} ${qualifier.label}` : price.text;
    },
  },
  { label: 'Make', read: (card) => card.make },
  { label: 'Model', read: (card) => card.model },
  { label: 'Badge', read: (card) => card.badge ?? '' },
  { label: 'Year', read: (card) => String(card.year) },
  // The odometer in the region's unit through the domain rule (the cards use the same one).
  {
    label: (settings) => settings.odometerLabel,
    read: (card, settings) => (card.km != null ? formatOdometer({ km: card.km, locale: settings.locale, unit: settings.distanceUnit }) : ''),
  },
  { label: 'Fuel', read: (card) => card.simple_fuel ?? card.fuel ?? '' },
  { label: 'Condition', read: (card) => CAR_TYPE_LABELS[card.car_type] ?? card.car_type },
  { label: 'Location', read: (card) => card.location_name ?? '' },
];

/** True when not every value of the row is the same. */
export function rowDiffers(values: readonly string[]): boolean {
  return new Set(values).size > 1;
}

/** The favourites list or the compare table. */
export function SavedCars({ view, settings, searchPath, path, emptyHint }: SavedCarsProps) {
  const services = useIslandServices();
  const saved = useFavourites();
  const [shared, setShared] = useState<number[] | null>(null);
  const [origin, setOrigin] = useState('');
  useEffect(() => {
    setShared(sharedIds(window.location.search));
    setOrigin(window.location.origin);
  }, []);
  const ids = shared ?? saved.map((f) => f.id);
  const { cards, missing, failed } = useSavedCards({ ids });
  const unsaved = shared ? shared.filter((id) => !saved.some((f) => String(f.id) === String(id))) : [];

  if (ids.length === 0) {
    return (
      <section className="saved-empty" aria-labelledby="saved-empty-heading" data-saved-empty="">
        <h2 id="saved-empty-heading">No Saved Cars</h2>
        <p>{emptyHint}</p>
        <p>
          <a className="btn btn-primary" href={searchPath}>
            Get Started
          </a>
        </p>
      </section>
    );
  }
  if (failed) return <p role="alert">Your saved cars could not be loaded. Please reload the page.</p>;
  if (!cards) return <p aria-busy="true">Loading your saved cars…</p>;

  const share = shareUrl({ origin, path, ids });
  const header = (
    <div className="saved-tools">
      {shared ? (
        <p>
          {`A shared shortlist of ${shared.length} ${shared.length === 1 ? 'car' : 'cars'}.`}{' '}
          {unsaved.length > 0 ? (
            <button type="button" className="btn btn-outline" onClick={() => services.addFavourites({ ids: unsaved })}>
              Save these cars
            </button>
          ) : null}
        </p>
      ) : null}
      <p className="saved-share">
        <label htmlFor={`share-${view}`}>Share this shortlist</label>
        <input id={`share-${view}`} type="text" readOnly value={share} data-share-link="" onFocus={(e) => e.currentTarget.select()} />
      </p>
      {missing > 0 ? <p>{`${missing} saved ${missing === 1 ? 'car is' : 'cars are'} no longer listed.`}</p> : null}
    </div>
  );

  if (view === 'favourites') {
    return (
      <>
        {header}
        <ul className="car-grid saved-list">
          {cards.map((card) => (
            <li key={card.id}>
              <CarCard settings={settings} card={card} headingLevel={2} />
              <button type="button" className="btn btn-outline saved-remove" onClick={() => services.toggleFavourite({ id: card.id })}>
                {`Remove ${carName({ car: card, badge: false })}`}
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      {header}
      <div className="compare-table-wrap">
        <table className="compare-table">
          <caption className="visually-hidden">Saved cars side by side; rows that differ are marked</caption>
          <thead>
            <tr>
              <td />
              {cards.map((card) => (
                <th scope="col" key={card.id}>
                  <a className="compare-table__car" href={carPath(card)}>
                    <Picture src={cardImageUrl({ url: card.image_url })} alt="" width={400} height={300} />
                    {carName({ car: card, badge: false })}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => {
              const values = cards.map((card) => row.read(card, settings));
              const differs = rowDiffers(values);
              const label = typeof row.label === 'string' ? row.label : row.label(settings);
              return (
                <tr key={label} className={differs ? 'differs' : undefined} data-differs={differs ? 'true' : 'false'}>
                  <th scope="row">
                    {label}
                    {differs ? <span className="visually-hidden"> (differs)</span> : null}
                  </th>
                  {values.map((value, i) => (
                    <td key={cards[i].id}>{value || '—'}</td>
                  ))}
                </tr>
              );
            })}
            <tr>
              <th scope="row">
                <span className="visually-hidden">Remove</span>
              </th>
              {cards.map((card) => (
                <td key={card.id}>
                  <button type="button" className="btn btn-outline" onClick={() => services.toggleFavourite({ id: card.id })}>
                    {`Remove ${card.make} ${card.model}`}
                  </button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}
