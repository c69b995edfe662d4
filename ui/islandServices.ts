/**
 * What islands may ask of the browser (favourites, saved details, lead submission, analytics,
 * phone reveal, chat), as an interface provided through React context.
 *
 * Islands are isomorphic ui/ code and must not import runtime/ (docs/architecture.md import directions), so
 * the runtime implements this interface (runtime/services/*) and wraps each hydrated island in
 * {@link IslandServicesContext}. The server render gets {@link INERT_SERVICES}: empty lists and
 * no-ops. Stores are read with {@link useStore}, whose server snapshot is the inert value, so the
 * first client render equals the server HTML and hydration never mismatches.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Favourite } from '../domain/favourites.ts';
import type { FormKind } from '../domain/formRules.ts';

/** A readable, subscribable value (a signal seen through a small surface). */
export interface Store<T> {
  get(): T;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Where leads go: the dealer record's forms.api_base and mock mode (SPEC §7). */
export interface LeadApiConfig {
  /** '' = same origin. */
  api_base: string;
  /** /api becomes /mock. */
  mock_mode: boolean;
}

/** Context fields of a lead that the page knows (SPEC §3 Lead context). */
export interface LeadContext {
  dealership_slug: string;
  website_slug: string;
  car_id?: number | null;
  car_dealership_id?: number | null;
  page_id?: string | null;
  location_id?: number | null;
}

/** One submission of a form to the lead API. */
export interface LeadRequest {
  api: LeadApiConfig;
  form: FormKind;
  /** The typed form values (and step fields such as lead_status). */
  values: Record<string, unknown>;
  context: LeadContext;
  /** Files chosen in the form: sent multipart to /leads/with-files. */
  files?: { field: string; file: Blob; name: string }[];
  /** Update an existing (multi-step) lead with PUT /leads/{leadId}. */
  leadId?: string | number | null;
  /** The update token the create answer carried: an update without it is refused (404). */
  updateToken?: string | null;
  /** Sent as Idempotency-Key; the same key is reused when the same values are sent again. */
  idempotencyKey: string;
}

/**
 * What the lead API answered: on success the lead's id and update token (read by
 * domain/leadApi.ts readCreatedAnswer); on failure the server's text, or the timeout text when
 * it did not answer in time (`timedOut`).
 */
export type LeadResult =
  | { ok: true; id: string | number | null; token?: string | null }
  | { ok: false; status: number | null; error: string | null; errors: Record<string, string>; timedOut?: boolean };

/** SPEC §3 saved user details used for prefill: only these five fields. */
export interface SavedDetails {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
}

/** An analytics event for window.dataLayer (SPEC §9 ids). */
export interface AnalyticsEvent {
  event_id: number;
  event: string;
  [key: string]: unknown;
}

/** SPEC §2 chat hints. */
export interface ChatHints {
  message?: string;
  car_name?: string;
  id?: number | null;
  checkout_link?: string | null;
  is_reserved?: boolean;
  car_category?: string | null;
  dealership_id?: number | null;
}

/** Who a phone reveal counts against (SPEC §7: car_id, dealership_id, website_id) and where it is sent. */
export interface RevealTarget {
  api: LeadApiConfig;
  car_id: number | null;
  dealership_id: number | null;
  website_id: number | null;
}

/** Everything an island can do in the browser. */
export interface IslandServices {
  /** True in the browser; false on the server (inert). */
  live: boolean;
  favourites: Store<Favourite[]>;
  /** ms timestamp of the last change of the saved list (this tab or another); null = none yet. */
  favouritesChangedAt: Store<number | null>;
  /** Adds or removes; an add pushes event 39. Returns whether it was added. */
  toggleFavourite(args: { id: number }): { added: boolean };
  /** Adds every id not saved yet (a shared shortlist). */
  addFavourites(args: { ids: number[] }): void;
  savedDetails(): SavedDetails;
  saveDetails(args: { values: Record<string, unknown> }): void;
  submitLead(request: LeadRequest): Promise<LeadResult>;
  pushEvent(event: AnalyticsEvent): void;
  /** SPEC §7 phone reveal (car_id, dealership_id, website_id); the answer is only logged. */
  revealPhone(args: { api: LeadApiConfig; car_id: number | null; dealership_id: number | null; website_id: number | null }): void;
  /** The numbers (their tel: URLs) revealed on this page: every occurrence of one shows once any is clicked. */
  revealedPhones: Store<readonly string[]>;
  /**
   * Reveals a number everywhere on the page; the first reveal of it sends SPEC §7's reveal call and
   * event 25 for `target`, or for the page's car when `target` names no car (a number in the shell).
   */
  showPhone(args: { tel: string; target: RevealTarget }): void;
  /** The page's car, which reveals outside the car's own blocks (header, footer) count against. */
  registerRevealCar(args: { target: RevealTarget }): void;
  /** SPEC §7 POST {api-base}/api/events/car_phone_call. */
  phoneCallEvent(args: { api: LeadApiConfig; payload: Record<string, unknown> }): void;
  /** Opens the configured chat widget (the record's chat_widget_url) with SPEC §2's hints; false when there is none. */
  openChat(args: { hints: ChatHints; widgetUrl: string | null }): boolean;
  /** SPEC §3 local storage: the last enquired car, the success record after a test drive. */
  storeEnquiredCar(args: { car: Record<string, unknown> }): void;
  storeSuccess(args: { record: Record<string, unknown> }): void;
  /** SPEC §3 local storage: the per-site success category (the category of this site's last lead). */
  storeSuccessCategory(args: { website: string; category: string }): void;
  readSuccess(): Record<string, unknown> | null;
  /** Goes to a URL (the success page). */
  navigate(args: { url: string }): void;
}

const EMPTY: Favourite[] = [];
const constant = <T>(value: T): Store<T> => ({ get: () => value, subscribe: () => () => {} });

/** The server's services: nothing saved, nothing sent. */
export const INERT_SERVICES: IslandServices = {
  live: false,
  favourites: constant(EMPTY),
  favouritesChangedAt: constant<number | null>(null),
  toggleFavourite: () => ({ added: false }),
  addFavourites: () => {},
  savedDetails: () => ({}),
  saveDetails: () => {},
  submitLead: async () => ({ ok: false, status: null, error: null, errors: {} }),
  pushEvent: () => {},
  revealPhone: () => {},
  revealedPhones: constant<readonly string[]>([]),
  showPhone: () => {},
  registerRevealCar: () => {},
  phoneCallEvent: () => {},
  openChat: () => false,
  storeEnquiredCar: () => {},
  storeSuccess: () => {},
  storeSuccessCategory: () => {},
  readSuccess: () => null,
  navigate: () => {},
};

/** Provides the services to islands; the default is {@link INERT_SERVICES}. */
export const IslandServicesContext = createContext<IslandServices>(INERT_SERVICES);

/** The services of the current island. */
export function useIslandServices(): IslandServices {
  return useContext(IslandServicesContext);
}

/**
 * A store's value. During hydration React uses `serverValue` (what the server rendered), then
 * re-renders with the live value, so markup always matches.
 */
export function useStore<T>({ store, serverValue }: { store: Store<T>; serverValue: T }): T {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.get(),
    () => serverValue,
  );
}

/** The saved favourites (empty on the server and during hydration). */
export function useFavourites(): Favourite[] {
  const services = useIslandServices();
  return useStore({ store: services.favourites, serverValue: EMPTY });
}
