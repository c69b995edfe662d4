/**
 * Cars with their photos set, kept per stock Car object for the builds of one session
 * (renderer/buildSession.ts). The per-car memo (renderer/carMemo.ts) is keyed by Car object: a
 * car given a new object on every build would never hit it, so a car whose photos came out the
 * same as last build gets the very object it got then.
 */
import type { ResponsiveImage } from '../../domain/responsiveImage.ts';
import type { Car } from '../../domain/types.ts';

/**
 * Under a stock Car object: the car with photos it was last given (`car`) and the photos' JSON it
 * was made from. Under a car with photos: the stock car it was made from (`from`) and the same JSON,
 * so the per-car memo hashes it from those (renderer/carMemo.ts carHash) without writing it out
 * again: the JSON is made once per car and build, here.
 */
export type PhotoCarMemory = WeakMap<Car, PhotoCarEntry>;

/** One entry of a PhotoCarMemory (see there). */
export interface PhotoCarEntry {
  photos: string;
  car?: Car;
  from?: Car;
}

/**
 * `car` with `photos` set: last build's object when `memory` holds one made from the same photos.
 * The photos come as objects or as their JSON (`json`, as the per-car memo keeps them between
 * processes: renderer/photos/buildPhotos.ts), parsed only when the car is not known.
 */
export function carWithPhotos({ car, memory, ...given }: { car: Car; memory?: PhotoCarMemory } & ({ photos: ResponsiveImage[] } | { json: string })): Car {
  const key = 'json' in given ? given.json : JSON.stringify(given.photos);
  const known = memory?.get(car);
  if (known?.car && known.photos === key) return known.car;
  const next = { ...car, photos: 'json' in given ? (JSON.parse(given.json) as ResponsiveImage[]) : given.photos };
  memory?.set(car, { photos: key, car: next });
  memory?.set(next, { photos: key, from: car });
  return next;
}
