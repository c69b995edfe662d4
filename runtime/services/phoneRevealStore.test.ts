import { describe, expect, it } from 'vitest';
import { createPhoneRevealStore } from './phoneRevealStore.ts';
import type { AnalyticsEvent, RevealTarget } from '../../ui/islandServices.ts';

const api = { api_base: '', mock_mode: false };
const car: RevealTarget = { api, car_id: 9001, dealership_id: 301, website_id: 301 };
const shell: RevealTarget = { api, car_id: null, dealership_id: null, website_id: 301 };

describe('phone reveal store', () => {
  it('one reveal shows the number everywhere and is sent and counted once; another number on its own', () => {
    const sent: RevealTarget[] = [];
    const events: AnalyticsEvent[] = [];
    const store = createPhoneRevealStore({ send: (t) => sent.push(t), pushEvent: (e) => events.push(e) });
    let changes = 0;
    store.revealed.subscribe(() => changes++);
    store.registerCar({ target: car });
    store.show({ tel: 'tel:+61295550100', target: car });
    store.show({ tel: 'tel:+61295550100', target: shell });
    expect(store.revealed.get()).toEqual(['tel:+61295550100']);
    expect(sent).toEqual([car]);
    expect(events).toEqual([{ event: 'phone_click', event_id: 25, car_id: 9001 }]);
    // A number revealed first in the footer still counts against the page's car.
    store.show({ tel: 'tel:+61295550101', target: shell });
    expect(sent).toEqual([car, car]);
    expect(store.revealed.get()).toEqual(['tel:+61295550100', 'tel:+61295550101']);
    expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('without a registered car a shell reveal is sent as it is', () => {
    const sent: RevealTarget[] = [];
    const store = createPhoneRevealStore({ send: (t) => sent.push(t), pushEvent: () => {} });
    store.show({ tel: 'tel:+61295550100', target: shell });
    expect(sent).toEqual([shell]);
  });
});
