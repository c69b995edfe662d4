import { describe, expect, it } from 'vitest';
import { carFormButtons } from './carPageProps.ts';
import { islandPropsJson, sharedScripts } from '../../sharedProps.ts';
import { SITE, makeCar } from '../../../fixtures/sites/harbourside.ts';

describe('a car page’s form buttons', () => {
  it('refer to the car’s form slice, written once per page however many forms carry it', () => {
    const car = makeCar({ id: 4242, slug: 'mazda-cx-5-4242', make: 'Mazda', model: 'CX-5 </script> & "Co"' });
    const buttons = carFormButtons({ site: SITE, car, fullName: 'A car', reserve: false });
    const props = [buttons.enquiry, buttons.testDrive, buttons.chat, buttons.preApproval, buttons.requestPhotos].map((island) => islandPropsJson(island));
    for (const json of props) {
      expect(json).toMatch(/"car":\{"\$shared":"s[0-9a-z]+"\}/);
      expect(json).not.toContain('"make":"Mazda"');
    }
    const scripts = sharedScripts(props.join(''));
    expect(scripts.match(/data-island-shared=/g)).toHaveLength(2);
    expect(scripts.match(/"id":4242/g)).toHaveLength(1);
    // The hostile model stays escaped inside the one script that carries it.
    expect(scripts).toContain('CX-5 \\u003c/script\\u003e \\u0026 \\"Co\\"');
    // The slice is frozen: no island can change what the page's other forms hold.
    expect(Object.isFrozen(buttons.formCar)).toBe(true);
  });
});
