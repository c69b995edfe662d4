/**
 * The numbers revealed on a page (SPEC §4 "Phone reveal"), as a signal every reveal island of the
 * page reads: one click shows every occurrence of that number (the car's block, the enquiry
 * section, the header and footer) and is counted once (one reveal call, one event 25).
 */
import { signal } from '@preact/signals-core';
import { EVENT_IDS } from '../../domain/analytics.ts';
import type { AnalyticsEvent, RevealTarget, Store } from '../../ui/islandServices.ts';

/** The store and its operations. */
export interface PhoneRevealStore {
  revealed: Store<readonly string[]>;
  show(args: { tel: string; target: RevealTarget }): void;
  registerCar(args: { target: RevealTarget }): void;
}

/** A store that sends each first reveal with `send` and logs it with `pushEvent`. */
export function createPhoneRevealStore({
  send,
  pushEvent,
}: {
  send: (target: RevealTarget) => void;
  pushEvent: (event: AnalyticsEvent) => void;
}): PhoneRevealStore {
  const revealed = signal<readonly string[]>([]);
  let pageCar: RevealTarget | null = null;
  return {
    revealed: {
      get: () => revealed.value,
      subscribe: (listener) => revealed.subscribe(() => listener()),
    },
    show: ({ tel, target }) => {
      if (revealed.value.includes(tel)) return;
      revealed.value = [...revealed.value, tel];
      const counted = target.car_id == null && pageCar ? pageCar : target;
      send(counted);
      pushEvent({ event: 'phone_click', event_id: EVENT_IDS.phoneClick, car_id: counted.car_id });
    },
    registerCar: ({ target }) => {
      if (target.car_id != null) pageCar ??= target;
    },
  };
}
