/**
 * Where a car's data files live: per-car JSON (the car summary, the finance disclaimer) is
 * published in a fixed number of shard files, `{folder}/{shard}.json`, each an object keyed by
 * car id, instead of one file per car (a 5,000-car dealer wrote about 7,700 tiny files). A car's
 * shard is decided by its id alone (FNV-1a of the decimal id), never by its position in the stock,
 * so a one-car change rewrites one shard and an added or sold car moves no other car. The build
 * (renderer/carDataShardFiles.ts) and the islands that fetch a car's data by id both call this.
 */
import { fnv1a } from './stableHash.ts';

/** How many shard files a kind of per-car data is split into (two hex digits name each). */
export const CAR_DATA_SHARDS = 128;

/** The shard (`00` to `7f`) that holds the data of car `carId`. */
export function carDataShard(carId: number): string {
  return (fnv1a(String(carId)) % CAR_DATA_SHARDS).toString(16).padStart(2, '0');
}

/** Site path of the shard file under `folder` (e.g. '/data/cars') that holds car `carId`'s entry. */
export function carDataShardPath({ folder, carId }: { folder: string; carId: number }): string {
  return `${folder}/${carDataShard(carId)}.json`;
}
