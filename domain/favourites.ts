/**
 * Favourites, compare strip and phone reveal (SPEC §4 "Favourites", "Compare", "Phone reveal";
 * §9 compare strip limits). The runtime keeps the list in localStorage; these are the rules.
 */

/** A favourited car as stored: a list of {id} (SPEC §3 Local storage). */
export interface Favourite {
  id: number | string;
}

/** SPEC §9: the compare strip shows 3 cars. */
export const COMPARE_SLOTS = 3;

/** SPEC §9: the '+N' badge is capped at +9. */
export const COMPARE_BADGE_MAX = 9;

/** SPEC §9: the strip hides 5000 ms after the saved list changes. */
export const COMPARE_STRIP_MS = 5000;

/** SPEC §4: the first 5 characters of a hidden phone stay visible. */
export const PHONE_VISIBLE_CHARS = 5;

/** Adds the id when absent, removes it when present; `added` says which (an add logs event 39). */
export function toggleFavourite<T extends Favourite>({
  list,
  id,
}: {
  list: readonly T[];
  id: number | string;
}): {
  list: Favourite[];
  added: boolean;
} {
  const current = Array.isArray(list) ? list : [];
  const present = current.some((f) => String(f?.id) === String(id));
  if (present) return { list: current.filter((f) => String(f?.id) !== String(id)), added: false };
  return { list: [...current, { id }], added: true };
}

/** The counter: how many are saved, and whether the icon is filled (count above zero). */
export function favouriteCounter({ list }: { list: readonly Favourite[] }): { count: number; filled: boolean } {
  const count = Array.isArray(list) ? list.length : 0;
  return { count, filled: count > 0 };
}

/** The compare strip: 3 slots (null when empty), how many are beyond them, and the '+N' badge. */
export function compareStrip<T>({ saved }: { saved: readonly T[] }): { slots: (T | null)[]; extra: number; badge: string | null } {
  const list = Array.isArray(saved) ? saved : [];
  const slots = Array.from({ length: COMPARE_SLOTS }, (_, i) => (i < list.length ? list[i] : null));
  const extra = Math.max(0, list.length - COMPARE_SLOTS);
  return { slots, extra, badge: extra > 0 ? `+${Math.min(extra, COMPARE_BADGE_MAX)}` : null };
}

/** True while the strip should show: within 5000 ms after the saved list last changed. */
export function compareStripVisible({ changedAt, now }: { changedAt: number | null; now: number }): boolean {
  return changedAt !== null && now >= changedAt && now - changedAt < COMPARE_STRIP_MS;
}

/** Milliseconds until the strip hides (0 when it is already hidden): when the island re-checks {@link compareStripVisible}. */
export function compareStripHidesIn({ changedAt, now }: { changedAt: number | null; now: number }): number {
  return compareStripVisible({ changedAt, now }) ? changedAt! + COMPARE_STRIP_MS - now : 0;
}

/** The saved cars the strip shows, in order: the filled slots of {@link compareStrip}. */
export function compareStripCars<T>({ saved }: { saved: readonly T[] }): T[] {
  return compareStrip({ saved }).slots.filter((slot): slot is T => slot !== null);
}

/** SPEC §2: the compare strip appears only on paths containing 'cars' or 'search'. */
export function compareStripOnPath(pathname: string): boolean {
  return /cars|search/.test(String(pathname ?? ''));
}

/** The phone with only its first 5 characters visible; spaces are kept so the shape shows. */
export function maskPhone(phone: string): string {
  const text = String(phone ?? '');
  return text.slice(0, PHONE_VISIBLE_CHARS) + text.slice(PHONE_VISIBLE_CHARS).replace(/\S/g, '*');
}
