import { describe, expect, it } from 'vitest';
import { carBreadcrumbs } from './breadcrumbs.ts';

describe('carBreadcrumbs', () => {
  it('goes Home, make search, make and model search, then the car', () => {
    expect(carBreadcrumbs({ car: { make: 'Land Rover', model: 'Range Rover Sport', slug: 'x-1', year: 2024, badge: 'SE' } })).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Land Rover', path: '/search/land-rover' },
      { name: 'Range Rover Sport', path: '/search/land-rover/range-rover-sport' },
      { name: '2024 Land Rover Range Rover Sport SE', path: '/cars/x-1' },
    ]);
  });

  it('leaves out the steps a car has no value for', () => {
    expect(carBreadcrumbs({ car: { make: 'Ford', model: '', slug: 'f', year: 2020, badge: null } }).map((c) => c.path)).toEqual([
      '/',
      '/search/ford',
      '/cars/f',
    ]);
    expect(carBreadcrumbs({ car: { make: '', model: '', slug: 'z', year: 2020, badge: null } }).map((c) => c.path)).toEqual(['/', '/cars/z']);
  });
});
