/**
 * Looks saved cars up by id in the static search index (search/staticEngine.ts), loaded on
 * demand so the favourites counter and compare strip stay small until cars must be shown.
 */
import { useEffect, useState } from 'react';
import type { Hit } from '../../search/contract.ts';

/** Where the generated site keeps its static index (search/indexFormat.ts STATIC_INDEX_PATH). */
export const INDEX_URL = '/assets/search/index.bin';

let cards: Promise<Map<string, Hit>> | null = null;

/** Every card of the index by id (loaded once per page). */
export function loadCards(): Promise<Map<string, Hit>> {
  cards ??= import('../../search/staticEngine.ts')
    .then(async ({ fetchStaticEngine }) => {
      const engine = await fetchStaticEngine({ url: INDEX_URL });
      const result = await engine.search({ hitsPerPage: Math.max(1, engine.header.n), page: 1 });
      return new Map(result.hits.map((hit) => [String(hit.id), hit]));
    })
    .catch((cause: unknown) => {
      cards = null;
      throw new Error('The saved cars could not be loaded from the search index', { cause });
    });
  return cards;
}

/** The cards of `ids` in order (cars no longer listed are left out); null while loading. */
export function useSavedCards({ ids }: { ids: readonly (string | number)[] }): { cards: Hit[] | null; missing: number; failed: boolean } {
  const [all, setAll] = useState<Map<string, Hit> | null>(null);
  const [failed, setFailed] = useState(false);
  const wanted = ids.length > 0;
  useEffect(() => {
    if (!wanted || all) return;
    let live = true;
    loadCards().then(
      (map) => live && setAll(map),
      (error: Error) => {
        console.error(error, error.cause);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, all]);
  if (!wanted) return { cards: [], missing: 0, failed: false };
  if (!all) return { cards: null, missing: 0, failed };
  const found = ids.map((id) => all.get(String(id))).filter((hit): hit is Hit => Boolean(hit));
  return { cards: found, missing: ids.length - found.length, failed };
}

/** The ids of a share link (?ids=1,2,3), or null when there is none. */
export function sharedIds(search: string): number[] | null {
  const raw = new URLSearchParams(search).get('ids');
  if (raw === null) return null;
  return raw
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .slice(0, 50);
}

/** A share link reproducing `ids` on another device. */
export function shareUrl({ origin, path, ids }: { origin: string; path: string; ids: readonly (string | number)[] }): string {
  return `${origin}${path}?ids=${ids.map((id) => encodeURIComponent(String(id))).join(',')}`;
}
