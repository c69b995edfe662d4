/**
 * Per-car values kept between builds: in one process (`forecourt dev`, the benchmark, a test's
 * build sequence) against the car object itself, and between processes on disk by the car's
 * content (renderer/carMemoFile.ts).
 *
 * The identity contract (the one place it is written down): in memory, a CarMemo hits when a
 * build hands it the very Car object an earlier build did. renderer/stockMemo.ts is what makes
 * that happen: it gives an unchanged feed row the same object in the next build, and a changed or
 * --full-read row a new object, whose values are then made again. Both therefore live in one
 * BuildSession (renderer/buildSession.ts).
 *
 * A value also names what else it is made from (`context`: the site, the build day, the car's tag
 * banner, as the caller says); another context makes it again. A value the caller marks `stored`
 * is a pure function of the car's content and its context under the session version (the code and
 * templates), holds no reference to the car object, and is made of plain data: with a store, such
 * values are kept on disk by the car's content hash (carHash), read once by a new process (`open`) and
 * written after the build when any changed (`save`), so a cron job after a price change makes only
 * that car's values again. Nothing in memory outlives its car (a WeakMap).
 */
import { hash as cryptoHash, createHash } from 'node:crypto';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { readCarMemo, writeCarMemo, type CarMemoStore, type StoredMemo, type StoredValue, type StoredValues } from './carMemoFile.ts';

/** Values made from one car, kept for as long as the car object lives (and, when `stored`, on disk by its content). */
export interface CarMemo {
  /**
   * The value `name` of `car` under `context`: the one made before for this car object (or, when
   * `stored`, for a car of the same content) and context, else `make()`.
   */
  perCar<T>(args: { car: Car; name: string; context: string; make: () => T; stored?: boolean }): T;
  /**
   * A context for values made from a car and the resolved site at the build day (the exact build
   * time only decides a car's tag banner, which the callers that show it add to the context).
   */
  siteContext(site: Pick<Site, 'now'>): string;
  /**
   * A hash of the car's content, made once per car object: the sha256 of its JSON; for a car the
   * photos stage made (`origins`), the hash of the stock car it was made from and of its photos'
   * JSON, which determine it; for a stock car read from the disk cache, the hash stored beside it.
   */
  carHash(car: Car): string;
  /** Records `hash` as the carHash of `car` (the stock cache's, made by carHash under the same version). */
  knowHash(args: { car: Car; hash: string }): void;
  /** Reads the stored values of `scope` (a dealer folder) once, before its build; without a store it does nothing. */
  open(args: { scope: string }): Promise<void>;
  /** After the build opened with `open`: writes the stored values it read or made, when they differ from those read. */
  save(): Promise<void>;
}

/** JSON with Maps and Sets spelled out (JSON.stringify writes them as {}). */
export function serialise(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v));
}

/** The UTC day of the build time: what the day rules (domain/openingHours.ts, domain/finance.ts) read of it. */
function buildDay(site: Pick<Site, 'now'>): string {
  return site.now.slice(0, 10);
}

/** The stored values of the build under way: those read for its scope, those it used so far, and which of those the whole file lacks. */
interface OpenScope {
  scope: string;
  read: StoredMemo;
  used: StoredValues;
  changed: StoredValues;
}

/** How many of `changed` the whole file has no value for at all. */
function countNew({ changed, whole }: { changed: StoredValues; whole: StoredValues }): number {
  let count = 0;
  for (const key of changed.keys()) if (!whole.has(key)) count += 1;
  return count;
}

/** A new, empty memo (renderer/buildSession.ts makes one per session); with `store`, stored values are kept on disk too. */
export function createCarMemo({
  store = null,
  origins,
}: {
  store?: CarMemoStore | null;
  /** The session's cars with photos (renderer/photos/photoCars.ts): what each was made from. */
  origins?: WeakMap<Car, { photos: string; from?: Car }>;
} = {}): CarMemo {
  const values = new WeakMap<Car, Map<string, StoredValue>>();
  const siteContexts = new WeakMap<object, string>();
  const hashes = new WeakMap<Car, string>();
  let open: OpenScope | null = null;
  const carHash = (car: Car): string => {
    let h = hashes.get(car);
    if (h === undefined) {
      const origin = origins?.get(car);
      // A car with photos is its stock car and its photos: hashing those two skips writing ~3 KB of JSON per car.
      h = origin?.from
        ? cryptoHash('sha256', `${carHash(origin.from)}\0photos\0${origin.photos}`, 'base64url')
        : cryptoHash('sha256', JSON.stringify(car), 'base64url');
      hashes.set(car, h);
    }
    return h;
  };
  return {
    perCar<T>({ car, name, context, make, stored }: { car: Car; name: string; context: string; make: () => T; stored?: boolean }): T {
      let ofCar = values.get(car);
      if (!ofCar) values.set(car, (ofCar = new Map()));
      const disk = stored ? open : null;
      const key = disk ? `${carHash(car)}\0${name}` : '';
      let kept = ofCar.get(name);
      if (!kept || kept.context !== context) {
        const read = disk && (disk.read.changed.get(key) ?? disk.read.whole.get(key));
        kept = read && read.context === context ? read : { context, value: make() };
        ofCar.set(name, kept);
      }
      if (disk) {
        // A value the whole file does not hold as it is (made now or since it was written, or kept in memory) is a change.
        if (disk.read.whole.get(key) !== kept) disk.changed.set(key, kept);
        disk.used.set(key, kept);
      }
      return kept.value as T;
    },
    siteContext(site) {
      let context = siteContexts.get(site);
      if (context === undefined) {
        context = createHash('sha256')
          .update(serialise({ ...site, now: buildDay(site) }))
          .digest('base64url');
        siteContexts.set(site, context);
      }
      return context;
    },
    carHash,
    knowHash({ car, hash }) {
      if (!hashes.has(car)) hashes.set(car, hash);
    },
    async open({ scope }) {
      if (store) open = { scope, read: await readCarMemo({ store, scope }), used: new Map(), changed: new Map() };
    },
    async save() {
      if (!store || !open) return;
      const { scope, read, used, changed } = open;
      open = null;
      // Values of the whole file this build did not use (cars that left): a few are kept until it is written again.
      const stale = read.whole.size - (used.size - countNew({ changed, whole: read.whole }));
      const same = changed.size === read.changed.size && [...changed].every(([key, kept]) => read.changed.get(key) === kept);
      if (!same || stale * 8 > used.size) await writeCarMemo({ store, scope, read, used, changed, stale });
    },
  };
}
