import { describe, expect, it } from 'vitest';
import { makeCar } from '../fixtures/sites/harbourside.ts';
import { brandMakes, nextInGroup, nextOfModel, stockModels } from './stockLinks.ts';

describe('stockModels', () => {
  it("lists a make's models in stock once each, sorted", () => {
    const cars = [
      { make: 'Ford', model: 'Ranger' },
      { make: 'Ford', model: 'Everest' },
      { make: 'Ford', model: 'Ranger' },
      { make: 'Ford', model: '' },
      { make: 'Mazda', model: 'CX-5' },
    ];
    expect(stockModels({ cars, make: 'Ford' })).toEqual(['Everest', 'Ranger']);
    expect(stockModels({ cars, make: 'Kia' })).toEqual([]);
  });
});

describe('brandMakes', () => {
  it("takes the group's websites' makes, else the makes in stock", () => {
    expect(brandMakes({ dealershipWebsites: [{ make: 'Kia' }, { make: '' }], makesInStock: ['Ford'] })).toEqual(['Kia']);
    expect(brandMakes({ dealershipWebsites: [], makesInStock: ['Ford'] })).toEqual(['Ford']);
    expect(brandMakes({ dealershipWebsites: null, makesInStock: [] })).toEqual([]);
  });
});

describe('nextOfModel', () => {
  const rangers = [1, 2, 3, 4, 5].map((id) => makeCar({ id, slug: `r${id}`, make: 'Ford', model: 'Ranger' }));
  const cars = [makeCar({ id: 9, slug: 'e', make: 'Ford', model: 'Everest' }), ...rangers];

  it('takes the cars of the model after this one, wrapping round, at most the limit', () => {
    expect(nextOfModel({ car: rangers[0], cars }).map((c) => c.id)).toEqual([2, 3, 4]);
    expect(nextOfModel({ car: rangers[3], cars }).map((c) => c.id)).toEqual([5, 1, 2]);
    expect(nextOfModel({ car: rangers[4], cars, limit: 1 }).map((c) => c.id)).toEqual([1]);
    expect(nextOfModel({ car: cars[0], cars })).toEqual([]);
  });

  it("gives the same cars from the model's group alone (SiteData.carsOfModel) as from all stock", () => {
    for (const car of rangers) for (const limit of [1, 3, 4, 6]) expect(nextInGroup({ car, group: rangers, limit })).toEqual(nextOfModel({ car, cars, limit }));
    expect(nextInGroup({ car: rangers[0], group: [rangers[0]] })).toEqual([]);
  });

  it('links every car of a model from another car of it', () => {
    const linked = new Set(rangers.flatMap((car) => nextOfModel({ car, cars, limit: 1 }).map((c) => c.id)));
    expect([...linked].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
