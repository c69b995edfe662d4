import { describe, expect, it } from 'vitest';
import { makeCar } from '../fixtures/sites/harbourside.ts';
import { similarCars } from './similarCars.ts';

const sold = makeCar({ id: 1, slug: 'sold', make: 'Mazda', model: 'CX-5', simple_body: 'SUV', status: 'sold', sold: true });
const cars = [
  sold,
  makeCar({ id: 2, slug: 'ute', make: 'Ford', model: 'Ranger', simple_body: 'Ute' }),
  makeCar({ id: 3, slug: 'suv', make: 'Toyota', model: 'RAV4', simple_body: 'SUV' }),
  makeCar({ id: 4, slug: 'mazda', make: 'Mazda', model: 'CX-3', simple_body: 'SUV' }),
  makeCar({ id: 5, slug: 'twin', make: 'mazda', model: 'cx-5', simple_body: 'SUV' }),
  makeCar({ id: 6, slug: 'twin-sold', make: 'Mazda', model: 'CX-5', simple_body: 'SUV', status: 'sold', sold: true }),
];

describe('similarCars', () => {
  it('takes the same make and model, then the same make, then the same body, never sold cars or itself', () => {
    expect(similarCars({ car: sold, cars }).map((c) => c.id)).toEqual([5, 4, 3]);
  });

  it('stops at the limit and returns fewer when fewer match', () => {
    expect(similarCars({ car: sold, cars, limit: 1 }).map((c) => c.id)).toEqual([5]);
    const ute = cars[1];
    expect(similarCars({ car: { ...ute, id: 99 }, cars }).map((c) => c.id)).toEqual([2]);
    expect(similarCars({ car: sold, cars: [sold] })).toEqual([]);
  });
});
