/**
 * Per-car data files grouped into shards (domain/carDataShards.ts): one file per shard that holds
 * a car, `{folder}/{shard}.json`, an object whose keys are car ids in ascending order and whose
 * values are each car's JSON as made before. The same entries always make the same bytes, so an
 * incremental build (which leaves a file with unchanged contents alone) rewrites only the shard of
 * a changed car.
 */
import { carDataShardPath } from '../domain/carDataShards.ts';
import type { Asset } from './stage.ts';

/** One car's entry: its id and its JSON text. */
export interface CarDataEntry {
  carId: number;
  json: string;
}

/** The shard files under `folder` (a site path such as '/data/cars') holding `entries`, in path order. */
export function carDataShardFiles({ folder, entries }: { folder: string; entries: readonly CarDataEntry[] }): Asset[] {
  const shards = new Map<string, CarDataEntry[]>();
  for (const entry of entries) {
    const path = carDataShardPath({ folder, carId: entry.carId }).slice(1);
    let shard = shards.get(path);
    if (!shard) shards.set(path, (shard = []));
    shard.push(entry);
  }
  return [...shards]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, shard]) => ({
      path,
      contents: `{${shard
        .sort((a, b) => a.carId - b.carId)
        .map((entry) => `${JSON.stringify(String(entry.carId))}:${entry.json}`)
        .join(',')}}`,
    }));
}
