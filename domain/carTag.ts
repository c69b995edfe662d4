/**
 * The tag banner on a car's search card (SPEC §4 "Car tag banner").
 */
import type { Car } from './types.ts';
import { isForSale } from './visibility.ts';
import { DAY_MS, parseTime, withinDays } from './days.ts';

/** SPEC §9 new-tag window, in days. */
export const NEW_TAG_DAYS = 8;

/** Which step of the priority list produced the tag. */
export type CarTagKind = 'electric' | 'hybrid' | 'reserved' | 'certified' | 'own' | 'coming-soon' | 'new' | 'sold';

/** A tag to show: `certified` is drawn as an image badge, the others as text. */
export interface CarTag {
  kind: CarTagKind;
  label: string;
}

/**
 * Default labels; SPEC names COMING SOON only, the rest follow its upper-case style, except the new
 * tag: it reads as a listing ('Just arrived'), never as a condition a used or demo car does not have.
 * The record's advertising.new_listing_label replaces it.
 */
export const CAR_TAG_LABELS: Record<Exclude<CarTagKind, 'own'>, string> = {
  electric: 'ELECTRIC',
  hybrid: 'HYBRID',
  reserved: 'RESERVED',
  certified: 'Toyota Certified Used',
  'coming-soon': 'COMING SOON',
  new: 'Just arrived',
  sold: 'SOLD',
};

/** The make whose used, certified cars get the certified image badge (SPEC §4 step 3). */
export const CERTIFIED_MAKE = 'Toyota';

function same(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();
}

/**
 * SPEC §4: cars not for sale get the sold tag; cars for sale take the first of
 * 1. Electric or Hybrid (simple_fuel), when the dealer enables it; 2. Reserved;
 * 3. certified used Toyota (image badge); 4. the car's own tag; 5. COMING SOON;
 * 6. the new tag, when created within the last 8 days (boundary inclusive); 7. none (null).
 */
export function carTag({
  car,
  now,
  electricHybridTag,
  labels = {},
}: {
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'simple_fuel' | 'make' | 'car_type' | 'certified' | 'tag' | 'created_at'>;
  now: Date;
  electricHybridTag: boolean;
  /** Per-dealer label overrides. */
  labels?: Partial<typeof CAR_TAG_LABELS>;
}): CarTag | null {
  const label = (kind: Exclude<CarTagKind, 'own'>): CarTag => ({ kind, label: labels[kind] ?? CAR_TAG_LABELS[kind] });
  if (!isForSale(car)) return label('sold');
  if (electricHybridTag && same(car.simple_fuel, 'Electric')) return label('electric');
  if (electricHybridTag && same(car.simple_fuel, 'Hybrid')) return label('hybrid');
  if (car.reserved === true) return label('reserved');
  if (same(car.make, CERTIFIED_MAKE) && car.car_type === 'used' && car.certified === true) return label('certified');
  if (typeof car.tag === 'string' && car.tag.trim() !== '') return { kind: 'own', label: car.tag.trim() };
  if (car.status === 'coming_soon') return label('coming-soon');
  if (withinDays({ then: car.created_at, now, days: NEW_TAG_DAYS })) return label('new');
  return null;
}

/**
 * The earliest time at which every car in `cars` gets the same new tag (NEW_TAG_DAYS, as carTag
 * decides it) as at `now`: one millisecond after the last window among them that closed before
 * `now`, or the epoch when none has. It changes only when a car's window closes or the cars
 * change, so a page that hands the time to browser code (the search island's cards) can carry
 * this instead of the build time and stay the same from one build to the next.
 */
export function tagClock({ cars, now }: { cars: readonly Pick<Car, 'created_at'>[]; now: Date }): Date {
  const at = now.getTime();
  let lastClosed = -1;
  for (const car of cars) {
    const created = parseTime(car.created_at);
    if (created === null) continue;
    const closes = created + NEW_TAG_DAYS * DAY_MS;
    if (closes < at && closes > lastClosed) lastClosed = closes;
  }
  return new Date(lastClosed + 1);
}
