import { describe, expect, it } from 'vitest';
import { buildSiteData } from '../../../renderer/siteData.ts';
import { makeCar, makeSite } from '../../../fixtures/sites/bayside.ts';
import { entriesInScope, scopeMatcher } from './scopeCars.ts';

const site = makeSite();
const cars = [
  makeCar({ id: 1, car_type: 'new', make: 'Toyota', model: 'Corolla', simple_body: 'Hatchback' }),
  makeCar({ id: 2, car_type: 'used', make: 'Toyota', model: 'RAV4', simple_body: 'SUV' }),
  makeCar({ id: 3, car_type: 'demo', make: 'Kia', model: 'Sportage', simple_body: 'SUV' }),
  makeCar({ id: 4, car_type: 'used', make: 'Kia', model: 'Rio', simple_body: 'Hatchback' }),
];
const build = () => buildSiteData({ site, cars, assets: { css: '/a.css', runtime: '/a.js' } });

describe('the search entries in a scope', () => {
  it.each([
    [{ car_types: ['used' as const], heading: 'Used Cars' }, [2, 4]],
    [{ make: 'Kia', heading: 'Kia' }, [3, 4]],
    [{ make: 'Toyota', model: 'RAV4', heading: 'Toyota RAV4' }, [2]],
    [{ simple_body: 'SUV', heading: 'SUV' }, [2, 3]],
    [{ make: 'Mazda', heading: 'Mazda' }, []],
  ])('%o lists the cars its matcher accepts, in the engine order', (scope, ids) => {
    const data = build();
    const found = entriesInScope({ scope, data });
    expect(found.map((entry) => entry.car.id).sort()).toEqual(ids);
    expect(found).toEqual(data.searchRanked.filter((entry) => scopeMatcher(scope)(entry.keys)));
  });

  it('finds a scope once per build: the same list for the same scope, a new one for a new build', () => {
    const data = build();
    const scope = { car_types: ['used' as const], heading: 'Used Cars' };
    const first = entriesInScope({ scope, data });
    expect(entriesInScope({ scope: { ...scope, heading: 'Other heading' }, data })).toBe(first);
    expect(entriesInScope({ scope: { car_types: ['new' as const], heading: 'New Cars' }, data })).not.toBe(first);
    const next = build();
    expect(entriesInScope({ scope, data: next })).not.toBe(first);
    expect(entriesInScope({ scope, data: next })).toEqual(first);
  });
});
