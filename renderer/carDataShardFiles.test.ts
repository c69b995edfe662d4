import { describe, expect, test } from 'vitest';
import { carDataShardFiles } from './carDataShardFiles.ts';
import { carDataShardPath } from '../domain/carDataShards.ts';

const entry = (carId: number, price = 100) => ({ carId, json: JSON.stringify({ id: carId, price }) });

describe('carDataShardFiles', () => {
  const ids = Array.from({ length: 400 }, (_, i) => 1000 + i * 7);

  test('each car is in the shard its id names, once, and each file is JSON keyed by car id', () => {
    const files = carDataShardFiles({ folder: '/data/cars', entries: ids.map((id) => entry(id)) });
    const found = new Map<number, string>();
    for (const file of files) {
      const shard = JSON.parse(file.contents as string) as Record<string, { id: number }>;
      for (const [key, value] of Object.entries(shard)) {
        expect(value.id).toBe(Number(key));
        expect(found.has(value.id)).toBe(false);
        found.set(value.id, `/${file.path}`);
      }
    }
    expect(found.size).toBe(ids.length);
    for (const id of ids) expect(found.get(id)).toBe(carDataShardPath({ folder: '/data/cars', carId: id }));
  });

  test('the bytes depend on the entries, not their order', () => {
    const forward = carDataShardFiles({ folder: '/data/cars', entries: ids.map((id) => entry(id)) });
    const backward = carDataShardFiles({ folder: '/data/cars', entries: [...ids].reverse().map((id) => entry(id)) });
    expect(backward).toEqual(forward);
  });

  test('one car changed changes one shard; a car added or removed changes only its own shard', () => {
    const before = carDataShardFiles({ folder: '/data/cars', entries: ids.map((id) => entry(id)) });
    const changed = carDataShardFiles({ folder: '/data/cars', entries: ids.map((id) => entry(id, id === ids[10] ? 99 : 100)) });
    const differing = (a: typeof before, b: typeof before) => {
      const other = new Map(b.map((file) => [file.path, file.contents]));
      const paths = new Set([...a.map((f) => f.path), ...b.map((f) => f.path)]);
      return [...paths].filter((path) => a.find((f) => f.path === path)?.contents !== other.get(path));
    };
    expect(differing(before, changed)).toEqual([carDataShardPath({ folder: '/data/cars', carId: ids[10] }).slice(1)]);
    const removed = carDataShardFiles({ folder: '/data/cars', entries: ids.filter((id) => id !== ids[20]).map((id) => entry(id)) });
    expect(differing(before, removed)).toEqual([carDataShardPath({ folder: '/data/cars', carId: ids[20] }).slice(1)]);
  });

  test('no entries, no files', () => {
    expect(carDataShardFiles({ folder: '/data/finance', entries: [] })).toEqual([]);
  });
});
