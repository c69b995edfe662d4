/**
 * The browser implementation of ui/islandServices.ts: favourites and saved details in
 * localStorage, the visit in sessionStorage, leads and reveals with fetch, events on
 * window.dataLayer. One instance per page, shared by every island (see getServices).
 */
import type { IslandServices, LeadApiConfig, LeadRequest, LeadResult } from '../../ui/islandServices.ts';
import type { submitLead as SubmitLead } from './leadClient.ts';
import { pushEvent } from './analytics.ts';
import { openChat, type ChatHost } from './chat.ts';
import { createFavouritesStore } from './favouritesStore.ts';
import { createPhoneRevealStore } from './phoneRevealStore.ts';
import { readSession, trackPage } from './sessionTracking.ts';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage, type Warn } from './storage.ts';
import { EVENT_IDS } from '../../domain/analytics.ts';

/** SPEC §3: prefill keeps only these fields. */
export const SAVED_DETAIL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

/** The browser parts the services use (a test passes fakes). */
export interface BrowserEnv {
  local: KeyValueStorage | null;
  session: KeyValueStorage | null;
  fetch: typeof fetch;
  location: { pathname: string; search: string; href: string; assign(url: string): void };
  userAgent: string;
  host: ChatHost & { dataLayer?: unknown[] };
  now: () => number;
  warn: Warn;
  logError: (error: Error) => void;
  loadScript: (url: string) => void;
  /** Registers the 'storage' listener (cross-tab sync). */
  onStorage: (listener: (event: { key: string | null; newValue: string | null }) => void) => void;
}

/** Only the five SPEC §3 fields, as non-empty strings. */
export function pickSavedDetails(values: Record<string, unknown>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const field of SAVED_DETAIL_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') picked[field] = value.trim();
  }
  return picked;
}

/** Creates the services and records this page view. */
export function createBrowserServices({ env }: { env: BrowserEnv }): IslandServices {
  const { local, session, warn } = env;
  trackPage({ storage: session, warn, pathname: env.location.pathname, search: env.location.search });
  const favourites = createFavouritesStore({ storage: local, warn, now: env.now });
  env.onStorage((event) => favourites.onStorage(event));
  // The lead client and the beacon load on first use (a submit, a reveal), not with every page.
  const beacon = (args: { api: LeadApiConfig; path: string; payload: unknown; what: string }) =>
    void import('./beacon.ts').then(
      ({ sendBeacon }) => sendBeacon({ fetch: (input, init) => env.fetch(input, init), ...args }),
      (cause: unknown) => env.logError(new Error(`${args.what}: could not load the beacon`, { cause })),
    );
  const phones = createPhoneRevealStore({
    send: ({ api, car_id, dealership_id, website_id }) => services.revealPhone({ api, car_id, dealership_id, website_id }),
    pushEvent: (event) => services.pushEvent(event),
  });
  let chatUrl: string | null = null;
  const services: IslandServices = {
    live: true,
    favourites: favourites.list,
    favouritesChangedAt: favourites.changedAt,
    toggleFavourite: ({ id }) => {
      const result = favourites.toggle({ id });
      if (result.added) services.pushEvent({ event: 'favourite', event_id: EVENT_IDS.favourite, car_id: id });
      return result;
    },
    addFavourites: ({ ids }) => favourites.addAll({ ids }),
    savedDetails: () => pickSavedDetails(readJson({ storage: local, key: STORAGE_KEYS.userDetails, fallback: {}, warn })),
    saveDetails: ({ values }) => {
      const details = pickSavedDetails(values);
      if (Object.keys(details).length) writeJson({ storage: local, key: STORAGE_KEYS.userDetails, value: details, warn });
    },
    submitLead: async (request) => {
      const { submitLead } = await loadLeadClient({ request, logError: env.logError });
      return submitLead({
        request,
        env: {
          fetch: (input, init) => env.fetch(input, init),
          session: () => readSession({ storage: session, warn }),
          url: () => env.location.href,
          userAgent: env.userAgent,
          logError: env.logError,
        },
      });
    },
    pushEvent: (event) => pushEvent({ host: env.host, event }),
    revealPhone: ({
      api,
      car_id,
      dealership_id,
      website_id,
    }: {
      api: LeadApiConfig;
      car_id: number | null;
      dealership_id: number | null;
      website_id: number | null;
    }) => beacon({ api, path: '/phone-reveal', payload: { car_id, dealership_id, website_id }, what: 'Phone reveal' }),
    revealedPhones: phones.revealed,
    showPhone: (args) => phones.show(args),
    registerRevealCar: (args) => phones.registerCar(args),
    phoneCallEvent: ({ api, payload }) => {
      // SPEC §9 phone click (25) on the data layer too: a consented tag reads it as the ASC click-to-call.
      services.pushEvent({ event: 'phone_call', event_id: EVENT_IDS.phoneClick, car_id: payload.car_id ?? null, phone: payload.phone ?? null });
      beacon({ api, path: '/events/car_phone_call', payload, what: 'Phone call event' });
    },
    openChat: ({ hints, widgetUrl }) => {
      chatUrl = widgetUrl ?? chatUrl;
      env.host.forecourtOpenChat ??= (h) => openChat({ host: env.host, widgetUrl: chatUrl, loadScript: env.loadScript, hints: h });
      return openChat({ host: env.host, widgetUrl: chatUrl, loadScript: env.loadScript, hints });
    },
    storeEnquiredCar: ({ car }) => void writeJson({ storage: local, key: STORAGE_KEYS.enquiredCar, value: car, warn }),
    storeSuccess: ({ record }) => void writeJson({ storage: local, key: STORAGE_KEYS.successRecord, value: record, warn }),
    storeSuccessCategory: ({ website, category }) => {
      const stored = readJson<Record<string, unknown>>({ storage: local, key: STORAGE_KEYS.successCategory, fallback: {}, warn });
      const byWebsite = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
      writeJson({ storage: local, key: STORAGE_KEYS.successCategory, value: { ...byWebsite, [website]: category }, warn });
    },
    readSuccess: () => readJson<Record<string, unknown> | null>({ storage: local, key: STORAGE_KEYS.successRecord, fallback: null, warn }),
    navigate: ({ url }) => env.location.assign(url),
  };
  return services;
}

/**
 * The lead client module. A chunk that fails to load (offline, a deploy replaced it) becomes the
 * form's ordinary failure — 'An error occurred when submitting this form', every field kept —
 * rather than an exception inside the form.
 */
async function loadLeadClient({ request, logError }: { request: LeadRequest; logError: (error: Error) => void }): Promise<{ submitLead: typeof SubmitLead }> {
  try {
    return await import('./leadClient.ts');
  } catch (cause) {
    logError(new Error(`Sending the ${request.form} form: could not load the lead client`, { cause }));
    const failed: LeadResult = { ok: false, status: null, error: null, errors: {} };
    return { submitLead: async () => failed };
  }
}

function storageOf(name: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return globalThis[name] ?? null;
  } catch (cause) {
    // Access itself throws when storage is blocked; the site works without saving.
    console.warn(new Error(`${name} is not available`, { cause }));
    return null;
  }
}

let current: IslandServices | null = null;

/** The page's one services instance (created on first use). */
export function getServices(): IslandServices {
  if (current) return current;
  const w = globalThis as unknown as Window & ChatHost & { dataLayer?: unknown[] };
  current = createBrowserServices({
    env: {
      local: storageOf('localStorage'),
      session: storageOf('sessionStorage'),
      fetch: (input, init) => w.fetch(input, init),
      location: w.location,
      userAgent: w.navigator.userAgent,
      host: w,
      now: () => Date.now(),
      warn: (error) => console.warn(error, error.cause),
      logError: (error) => console.error(error, error.cause),
      loadScript: (url) => {
        const script = w.document.createElement('script');
        script.src = url;
        script.async = true;
        w.document.head.append(script);
      },
      onStorage: (listener) => w.addEventListener('storage', (event) => listener({ key: event.key, newValue: event.newValue })),
    },
  });
  return current;
}
