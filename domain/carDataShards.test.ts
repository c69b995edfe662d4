import { describe, expect, test } from 'vitest';
import { CAR_DATA_SHARDS, carDataShard, carDataShardPath } from './carDataShards.ts';

describe('carDataShard', () => {
  test.each([
    // FNV-1a of the decimal id, modulo 128, as two hex digits: fixed values, so a change of the
    // hash (which would strand every published shard a browser has cached) fails here.
    // (Checked against a separate FNV-1a in Python.)
    [1, '1c'],
    [2, '55'],
    [1234, '7d'],
    [987654321, '4c'],
  ])('car %i is in shard %s', (carId, shard) => {
    expect(carDataShard(carId)).toBe(shard);
  });

  test('every shard name is two hex digits below the shard count, and ids spread over every shard', () => {
    const seen = new Map<string, number>();
    for (let id = 1; id <= 5000; id++) seen.set(carDataShard(id), (seen.get(carDataShard(id)) ?? 0) + 1);
    expect(seen.size).toBe(CAR_DATA_SHARDS);
    for (const [name, count] of seen) {
      expect(name).toMatch(/^[0-7][0-9a-f]$/);
      // 5,000 cars over 128 shards is about 39 each: none far from it.
      expect(count).toBeGreaterThan(15);
      expect(count).toBeLessThan(80);
    }
  });

  test('the path names the folder and the shard', () => {
    expect(carDataShardPath({ folder: '/data/cars', carId: 1 })).toBe('/data/cars/1c.json');
  });
});
