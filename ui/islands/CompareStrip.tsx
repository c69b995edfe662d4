/**
 * The compare strip (SPEC §2, §4, §9): up to 3 saved cars, each with a 130x80 thumbnail, make
 * and model and an X; empty slots say 'No Saved Cars' with 'Get Started' (nothing saved) or
 * show their number; 'Compare Cars' links to /compare with a '+N' badge (max +9). It shows for
 * 5 seconds after the saved list changes, then hides. The document includes it only on paths
 * containing 'cars' or 'search'.
 */
import { useEffect, useState } from 'react';
import { compareStrip, compareStripCars, compareStripHidesIn, compareStripVisible } from '../../domain/favourites.ts';
import { useFavourites, useIslandServices, useStore } from '../islandServices.ts';
import { Picture } from '../pages/parts/Picture.tsx';
import { useSavedCards } from './savedCards.ts';
import { COMPARE_PATH } from '../../domain/routes/paths.ts';
import { makeAndModel } from '../../domain/carName.ts';

/** Props of {@link CompareStrip}. */
export interface CompareStripProps {
  /** 'Get Started' target: the dealer's search path. */
  searchPath: string;
}

/** The strip. */
export function CompareStrip({ searchPath }: CompareStripProps) {
  const services = useIslandServices();
  const saved = useFavourites();
  const changedAt = useStore({ store: services.favouritesChangedAt, serverValue: null });
  // The time the strip was last checked: on each change of the list, and when it is due to hide.
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  useEffect(() => {
    if (changedAt === null) return;
    const now = Date.now();
    setCheckedAt(now);
    const hidesIn = compareStripHidesIn({ changedAt, now });
    if (hidesIn === 0) return;
    const timer = setTimeout(() => setCheckedAt(Date.now()), hidesIn);
    return () => clearTimeout(timer);
  }, [changedAt]);
  const visible = checkedAt !== null && compareStripVisible({ changedAt, now: checkedAt });
  const strip = compareStrip({ saved });
  const { cards } = useSavedCards({ ids: visible ? compareStripCars({ saved }).map((f) => f.id) : [] });
  const byId = new Map((cards ?? []).map((card) => [String(card.id), card]));
  return (
    <aside className="compare-strip" aria-label="Compare cars" hidden={!visible} data-visible={visible ? 'true' : 'false'}>
      <ol className="compare-strip__slots">
        {strip.slots.map((slot, i) => {
          if (!slot) {
            return (
              <li key={`empty-${i}`} className="compare-slot compare-slot--empty">
                {saved.length === 0 ? (
                  <>
                    <span>No Saved Cars</span>
                    <a href={searchPath}>Get Started</a>
                  </>
                ) : (
                  <span className="compare-slot__number">{String(i + 1)}</span>
                )}
              </li>
            );
          }
          const card = byId.get(String(slot.id));
          const title = card ? makeAndModel(card) : 'Saved car';
          return (
            <li key={String(slot.id)} className="compare-slot" data-car-id={slot.id}>
              {card?.image_url ? (
                <Picture src={card.image_url} alt="" width={130} height={80} className="compare-slot__thumb" />
              ) : (
                <span className="compare-slot__thumb" />
              )}
              <span className="compare-slot__name">{title}</span>
              <button
                type="button"
                className="compare-slot__remove"
                aria-label={`Remove ${title}`}
                onClick={() => services.toggleFavourite({ id: Number(slot.id) })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ol>
      <a className="btn btn-primary compare-strip__go" href={COMPARE_PATH}>
        <span>Compare Cars</span>
        {strip.badge ? <span className="compare-strip__badge">{strip.badge}</span> : null}
      </a>
    </aside>
  );
}
