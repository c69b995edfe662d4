import { describe, expect, it, vi } from 'vitest';
import { createBrowserServices, pickSavedDetails, type BrowserEnv } from './browserServices.ts';
import { memoryStorage } from './storage.ts';

function fakeEnv() {
  const calls: { url: string; body: unknown }[] = [];
  const assigned: string[] = [];
  let storageListener: ((event: { key: string | null; newValue: string | null }) => void) | null = null;
  const host: BrowserEnv['host'] = {};
  const env: BrowserEnv = {
    local: memoryStorage(),
    session: memoryStorage(),
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 201 });
    }) as typeof fetch,
    location: { pathname: '/cars/x', search: '?utm_source=mail', href: 'http://h/cars/x?utm_source=mail', assign: (url) => void assigned.push(url) },
    userAgent: 'UA',
    host,
    now: () => 42,
    warn: () => {},
    logError: () => {},
    loadScript: () => {},
    onStorage: (listener) => {
      storageListener = listener;
    },
  };
  return { env, calls, assigned, host, fireStorage: (key: string, newValue: string) => storageListener?.({ key, newValue }) };
}

describe('browser services', () => {
  it('records the page view when created', () => {
    const { env } = fakeEnv();
    createBrowserServices({ env });
    expect(JSON.parse(env.session!.getItem('forecourt_session')!)).toEqual({
      visited_pages: ['/cars/x?utm_source=mail'],
      linked_query_params: { utm_source: 'mail' },
    });
  });

  it('pushes event 39 on a favourite add only', () => {
    const { env, host } = fakeEnv();
    const services = createBrowserServices({ env });
    services.toggleFavourite({ id: 9001 });
    services.toggleFavourite({ id: 9001 });
    expect(host.dataLayer).toEqual([{ event: 'favourite', event_id: 39, car_id: 9001 }]);
  });

  it("follows another tab's favourites", () => {
    const { env, fireStorage } = fakeEnv();
    const services = createBrowserServices({ env });
    fireStorage('favourites', '[{"id":3}]');
    expect(services.favourites.get()).toEqual([{ id: 3 }]);
  });

  it('saves only name, last_name, email, phone and postcode for prefill', () => {
    expect(
      pickSavedDetails({ name: 'Ann', last_name: 'Lee', email: 'a@b.co', phone: '0412345678', postcode: '2300', message: 'secret', opt_in: true, special: '' }),
    ).toEqual({
      name: 'Ann',
      last_name: 'Lee',
      email: 'a@b.co',
      phone: '0412345678',
      postcode: '2300',
    });
    const { env } = fakeEnv();
    const services = createBrowserServices({ env });
    services.saveDetails({ values: { name: 'Ann', message: 'secret' } });
    expect(services.savedDetails()).toEqual({ name: 'Ann' });
  });

  it('sends the phone reveal (car_id, dealership_id, website_id) and the call event to the api base', async () => {
    const { env, calls } = fakeEnv();
    const services = createBrowserServices({ env });
    services.revealPhone({ api: { api_base: '', mock_mode: true }, car_id: 1, dealership_id: 301, website_id: 301 });
    services.phoneCallEvent({ api: { api_base: 'https://x.example', mock_mode: false }, payload: { car_id: 1 } });
    // The beacon module loads on the first reveal, so the requests follow a moment later.
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      { url: '/mock/phone-reveal', body: { car_id: 1, dealership_id: 301, website_id: 301 } },
      { url: 'https://x.example/api/events/car_phone_call', body: { car_id: 1 } },
    ]);
  });

  it('sends a lead through the lead client it loads on first submit, with the visit attached', async () => {
    const { env, calls } = fakeEnv();
    env.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{"id":77,"update_token":"t77"}', { status: 201 });
    }) as typeof fetch;
    const services = createBrowserServices({ env });
    const result = await services.submitLead({
      api: { api_base: '', mock_mode: false },
      form: 'enquiry',
      values: { name: 'Ann' },
      context: { dealership_slug: 'd', website_slug: 'w' },
      idempotencyKey: 'k',
    });
    expect(result).toEqual({ ok: true, id: 77, token: 't77' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/leads');
    expect(calls[0].body).toMatchObject({ lead: { name: 'Ann', form: 'enquiry', visited_pages: ['/cars/x?utm_source=mail'] } });
  });

  it('opens chat only when a widget is configured, queuing hints until it loads, and installs the page-level function', () => {
    const { env, host } = fakeEnv();
    const loaded: string[] = [];
    env.loadScript = (url) => void loaded.push(url);
    const services = createBrowserServices({ env });
    expect(services.openChat({ hints: { id: 1 }, widgetUrl: null })).toBe(false);
    expect(services.openChat({ hints: { id: 1, car_name: 'Corolla' }, widgetUrl: 'https://chat.example/w.js' })).toBe(true);
    expect(loaded).toEqual(['https://chat.example/w.js']);
    expect(host.forecourtChatQueue).toEqual([{ id: 1, car_name: 'Corolla' }]);
    const opened: unknown[] = [];
    host.ForecourtChatWidget = { open: (h) => void opened.push(h) };
    expect(host.forecourtOpenChat!({ message: 'hi' })).toBe(true);
    expect(opened).toEqual([{ message: 'hi' }]);
  });

  it('stores the success record and navigates', () => {
    const { env, assigned } = fakeEnv();
    const services = createBrowserServices({ env });
    services.storeSuccess({ record: { category: 'Test Drive' } });
    expect(services.readSuccess()).toEqual({ category: 'Test Drive' });
    services.navigate({ url: '/success?category=test-drive' });
    expect(assigned).toEqual(['/success?category=test-drive']);
  });

  it('keeps the success category per site (SPEC §3 local storage), one entry per website', () => {
    const { env } = fakeEnv();
    env.local!.setItem('success_category', '"not a map"');
    const services = createBrowserServices({ env });
    services.storeSuccessCategory({ website: 'shopper-motors', category: 'Test Drive' });
    services.storeSuccessCategory({ website: 'other-motors', category: 'Service Booking' });
    services.storeSuccessCategory({ website: 'shopper-motors', category: 'Used Vehicle Enquiry' });
    expect(JSON.parse(env.local!.getItem('success_category')!)).toEqual({ 'shopper-motors': 'Used Vehicle Enquiry', 'other-motors': 'Service Booking' });
  });
});
