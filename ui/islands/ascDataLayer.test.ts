import { describe, expect, it } from 'vitest';
import { installAscEvents, readAscPage } from './ascDataLayer.ts';

const CAR = { id: 9001, make: 'Toyota', model: 'Corolla', year: 2022, car_type: 'used', price: 28990 };
const attrs = (values: Record<string, string>) => ({ getAttribute: (name: string) => values[name] ?? null });

describe('readAscPage', () => {
  it('reads the kind and the car from the root element', () => {
    expect(readAscPage(attrs({ 'data-page-kind': 'car', 'data-asc-item': JSON.stringify(CAR) }))).toEqual({ kind: 'car', vehicle: CAR });
    expect(readAscPage(attrs({ 'data-page-kind': 'home' }))).toEqual({ kind: 'home', vehicle: null });
    expect(readAscPage(attrs({ 'data-page-kind': 'car', 'data-asc-item': '{broken' }))).toEqual({ kind: 'car', vehicle: null });
    expect(readAscPage(null)).toEqual({ kind: null, vehicle: null });
  });
});

describe('installAscEvents', () => {
  it('pushes the page view, translates earlier product events, then follows every push; product events stay', () => {
    const host: { dataLayer: unknown[] } = { dataLayer: [{ event: 'favourite', event_id: 39, car_id: 5 }] };
    installAscEvents({ host, page: { kind: 'car', vehicle: CAR }, gtagEvents: false });
    host.dataLayer.push({ event: 'form_submit', event_id: 15, form: 'enquiry', car_id: 9001 });
    host.dataLayer.push({ event: 'phone_call', event_id: 25, car_id: null, phone: '02 9555 0100' });
    const events = host.dataLayer.map((item) => (item as { event: string }).event);
    expect(events).toEqual([
      'favourite',
      'asc_pageview',
      'asc_item_pageview',
      'asc_cta_interaction',
      'form_submit',
      'asc_form_submission',
      'phone_call',
      'asc_click_to_call',
    ]);
    expect(host.dataLayer[5]).toMatchObject({ department: 'sales', form_type: 'consumer_contact', page_type: 'VDP', item_id: '9001', item_make: 'Toyota' });
    expect(host.dataLayer[7]).toMatchObject({ comm_phone_number: '02 9555 0100', item_id: '9001' });
    // Another car's event keeps its own id, not the page's car.
    expect(host.dataLayer[3]).toMatchObject({ item_id: '5' });
    expect(host.dataLayer[3]).not.toHaveProperty('item_make');
  });

  it('installs once, and sends gtag events for GA4 without GTM', () => {
    const sent: unknown[][] = [];
    const host = { dataLayer: [] as unknown[], gtag: (...args: unknown[]) => sent.push(args) };
    installAscEvents({ host, page: { kind: 'home', vehicle: null }, gtagEvents: true });
    installAscEvents({ host, page: { kind: 'home', vehicle: null }, gtagEvents: true });
    expect(host.dataLayer.filter((e) => (e as { event?: string }).event === 'asc_pageview')).toHaveLength(1);
    expect(sent).toEqual([['event', 'asc_pageview', { event_owner: 'forecourt', page_type: 'home' }]]);
  });
});
