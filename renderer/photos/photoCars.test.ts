import { describe, expect, it } from 'vitest';
import type { Car } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { buildPhotos } from './buildPhotos.ts';
import type { PhotoCarMemory } from './photoCars.ts';
import { createCarMemo } from '../carMemo.ts';

const site = { images: { service: 'imgix', base_url: null, quality: 75 } } as Site;
const car = (id: number, urls: string[]) => ({ id, images: urls.map((url) => ({ image: { url } })) }) as unknown as Car;

describe('cars with photos across the builds of one session', () => {
  it('gives an unchanged stock car the object it got last build, and a car whose photos changed a new one', async () => {
    const memory: PhotoCarMemory = new WeakMap();
    const a = car(1, ['https://cdn.example.com/a.jpg']);
    const b = car(2, ['https://cdn.example.com/b.jpg']);
    const first = await buildPhotos({ site, cars: [a, b], file: 'stock.json', memory });
    const second = await buildPhotos({ site, cars: [a, b], file: 'stock.json', memory });
    expect(second.cars[0]).toBe(first.cars[0]);
    expect(second.cars[1]).toBe(first.cars[1]);

    const third = await buildPhotos({ site: { ...site, images: { ...site.images, quality: 60 } } as Site, cars: [a, b], file: 'stock.json', memory });
    expect(third.cars[0]).not.toBe(first.cars[0]);
    expect(third.cars[0].photos![0]).not.toEqual(first.cars[0].photos![0]);
  });

  it('makes new objects without a memory (one build)', async () => {
    const a = car(1, ['https://cdn.example.com/a.jpg']);
    const [first, second] = await Promise.all([buildPhotos({ site, cars: [a], file: 'stock.json' }), buildPhotos({ site, cars: [a], file: 'stock.json' })]);
    expect(second.cars[0]).not.toBe(first.cars[0]);
    expect(second.cars[0]).toEqual(first.cars[0]);
  });

  it('hashes a car with photos as its stock car and its photos: the same content hashes alike in every process, a change to either anew', async () => {
    /** A new process's session: its photo memory and the memo that hashes from it. */
    const session = () => {
      const memory: PhotoCarMemory = new WeakMap();
      return { memory, memo: createCarMemo({ origins: memory }) };
    };
    const hashOf = async ({ stock, quality = 75 }: { stock: Car; quality?: number }) => {
      const { memory, memo } = session();
      const built = await buildPhotos({ site: { ...site, images: { ...site.images, quality } } as Site, cars: [stock], file: 'stock.json', memory });
      return memo.carHash(built.cars[0]);
    };
    const a = car(1, ['https://cdn.example.com/a.jpg']);
    const same = await hashOf({ stock: a });
    expect(await hashOf({ stock: car(1, ['https://cdn.example.com/a.jpg']) })).toBe(same);
    expect(await hashOf({ stock: a, quality: 60 })).not.toBe(same);
    expect(await hashOf({ stock: { ...a, price: 1 } as Car })).not.toBe(same);
    // A car without photos is itself: its JSON's hash.
    const bare = { id: 3 } as unknown as Car;
    expect(session().memo.carHash(bare)).toBe(createCarMemo().carHash(bare));
  });
});
