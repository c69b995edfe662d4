import { describe, expect, it } from 'vitest';
import { makeCar } from '../fixtures/sites/harbourside.ts';
import { brandMakes, nextInGroup, stockModelsByMake } from './stockLinks.ts';

describe('stockModelsByMake', () => {
  it("lists each make's models in stock once each, sorted", () => {
    const cars = [
      { make: 'Ford', model: 'Ranger' },
      { make: 'Ford', model: 'Everest' },
      { make: 'Ford', model: 'Ranger' },
      { make: 'Ford', model: '' },
      { make: 'Mazda', model: 'CX-5' },
    ];
    const models = stockModelsByMake({ cars });
    expect(models.get('Ford')).toEqual(['Everest', 'Ranger']);
    expect(models.get('Mazda')).toEqual(['CX-5']);
    expect(models.get('Kia')).toBeUndefined();
  });
});

describe('brandMakes', () => {
  it("takes the group's websites' makes, else the makes in stock", () => {
    expect(brandMakes({ dealershipWebsites: [{ make: 'Kia' }, { make: '' }], makesInStock: ['Ford'] })).toEqual(['Kia']);
    expect(brandMakes({ dealershipWebsites: [], makesInStock: ['Ford'] })).toEqual(['Ford']);
    expect(brandMakes({ dealershipWebsites: null, makesInStock: [] })).toEqual([]);
  });
});

describe('nextInGroup', () => {
  const rangers = [1, 2, 3, 4, 5].map((id) => makeCar({ id, slug: `r${id}`, make: 'Ford', model: 'Ranger' }));
  const everest = makeCar({ id: 9, slug: 'e', make: 'Ford', model: 'Everest' });

  it('takes the cars of the model after this one, wrapping round, at most the limit', () => {
    expect(nextInGroup({ car: rangers[0], group: rangers }).map((c) => c.id)).toEqual([2, 3, 4]);
    expect(nextInGroup({ car: rangers[3], group: rangers }).map((c) => c.id)).toEqual([5, 1, 2]);
    expect(nextInGroup({ car: rangers[4], group: rangers, limit: 1 }).map((c) => c.id)).toEqual([1]);
    expect(nextInGroup({ car: everest, group: [everest] })).toEqual([]);
    expect(nextInGroup({ car: rangers[0], group: [rangers[0]] })).toEqual([]);
  });

  it('finds the car by id when the group holds another copy of it, and gives a car outside the group its first cars', () => {
    for (const car of rangers)
      for (const limit of [1, 3, 4, 6]) expect(nextInGroup({ car: { ...car }, group: rangers, limit })).toEqual(nextInGroup({ car, group: rangers, limit }));
    expect(nextInGroup({ car: everest, group: rangers }).map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('links every car of a model from another car of it', () => {
    const linked = new Set(rangers.flatMap((car) => nextInGroup({ car, group: rangers, limit: 1 }).map((c) => c.id)));
    expect([...linked].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
