/**
 * The Automotive Standards Council (ASC) GA4 names of the product's analytics events: every
 * product event (SPEC §9 ids, domain/analytics.ts) is pushed to window.dataLayer as it is and
 * again under its ASC name and parameters, so a dealer's GA4 and a manufacturer's co-op
 * reporting read the events every ASC vendor sends. One table, read by the browser services
 * (runtime/services/analytics.ts) and checked against the README's table.
 */

/** Sender of every ASC event (the ASC `event_owner` parameter: the website provider). */
export const ASC_EVENT_OWNER = 'forecourt';

/** One row of the mapping: a product event, its ASC name and the fixed parameters it adds. */
export interface AscMapping {
  /** The product event's `event` (the dataLayer event name the islands push). */
  product: string;
  /** Its SPEC §9 event ids, for the README. */
  ids: readonly number[];
  asc: string;
  /** Parameters every event of the row carries (more come from the product event). */
  params: Readonly<Record<string, string>>;
  /** How the rest of the parameters are made, for the README. */
  note: string;
}

/** Product event -> ASC event. */
export const ASC_EVENT_MAP: readonly AscMapping[] = [
  {
    product: 'page_view',
    ids: [],
    asc: 'asc_pageview',
    params: {},
    note: '`page_type` from the route kind (home, SRP, VDP, ...); a car page also sends `asc_item_pageview` with its vehicle',
  },
  {
    product: 'form_submit',
    ids: [22, 14, 15, 17, 48, 51],
    asc: 'asc_form_submission',
    params: { comm_type: 'form' },
    note: '`department` (sales, service, parts, finance, trade, careers) and `form_type` from the form; vehicle of the form',
  },
  {
    product: 'phone_call',
    ids: [25],
    asc: 'asc_click_to_call',
    params: { comm_type: 'call' },
    note: '`comm_phone_number`, `department` sales; vehicle of the page',
  },
  {
    product: 'phone_click',
    ids: [25],
    asc: 'asc_cta_interaction',
    params: { element_type: 'phone_reveal', event_action: 'reveal', event_action_result: 'open' },
    note: 'the phone reveal; vehicle of the page',
  },
  {
    product: 'favourite',
    ids: [39],
    asc: 'asc_cta_interaction',
    params: { element_type: 'favorite', event_action: 'favorite', event_action_result: 'add' },
    // The compare strip compares the saved cars (SPEC §9 compare strip): adding to it is this event.
    note: 'the car saved (favourites and the compare strip) as `item_id`',
  },
];

/** ASC `page_type` of each route kind; other kinds send 'other'. */
const PAGE_TYPES: Readonly<Record<string, string>> = {
  home: 'home',
  search: 'SRP',
  car: 'VDP',
  reserve: 'checkout',
  'trade-in': 'trade',
  valuations: 'trade',
  finance: 'finance',
  compare: 'compare',
  favourites: 'favorites',
  contact: 'contact',
  'contact-location': 'contact',
  location: 'dealer',
  dealerships: 'dealer',
  service: 'service',
  'service-booking': 'service',
  models: 'model',
  model: 'model',
  'model-slug': 'model',
  brand: 'brand',
  electric: 'SRP',
  success: 'thank_you',
  'not-found': 'error',
};

/** The ASC page_type of a route kind. */
export function ascPageType({ kind }: { kind: string }): string {
  return PAGE_TYPES[kind] ?? 'other';
}

/** ASC `department` of each product form; other forms are sales. */
const DEPARTMENTS: Readonly<Record<string, string>> = {
  service: 'service',
  parts: 'parts',
  finance: 'finance',
  'trade-in': 'trade',
  career: 'careers',
};

/** ASC `form_type` of each product form; other forms are 'consumer_contact'. */
const FORM_TYPES: Readonly<Record<string, string>> = {
  'test-drive': 'test_drive',
  finance: 'finance_credit_app',
  'trade-in': 'trade_in',
  service: 'service_appointment',
  reserve: 'vehicle_reservation',
  'instant-price': 'price_request',
  'request-photos': 'vehicle_info_request',
  subscribe: 'newsletter',
  career: 'career',
};

/** A vehicle's ASC parameters (item_*), as the car page, a form or a card carries them. */
export interface AscVehicle {
  id: number;
  make?: string | null;
  model?: string | null;
  year?: number | string | null;
  car_type?: string | null;
  price?: number | null;
}

/** The item_* parameters of a vehicle (ASC `item_condition`: new, used, demo as the feed says). */
export function ascItemParams(car: AscVehicle): Record<string, string | number> {
  const params: Record<string, string | number> = { item_id: String(car.id) };
  if (car.make) params.item_make = car.make;
  if (car.model) params.item_model = car.model;
  if (car.year != null && car.year !== '') params.item_year = Number(car.year);
  if (car.car_type) params.item_condition = car.car_type;
  // SPEC §9: a price is real only when above 10.
  if (car.price != null && car.price > 10) params.item_price = car.price;
  return params;
}

/** A product event as the islands push it. */
export interface ProductEvent {
  event: string;
  [key: string]: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The ASC event of a product event, or null for one the table does not map. Parameters: the
 * row's fixed ones, `event_owner`, the page type when known, and those the product event carries
 * (form, phone number, vehicle).
 */
export function ascEventFor({ event, pageType }: { event: ProductEvent; pageType?: string | null }): Record<string, unknown> | null {
  const row = ASC_EVENT_MAP.find((mapping) => mapping.product === event.event);
  if (!row) return null;
  const asc: Record<string, unknown> = { event: row.asc, event_owner: ASC_EVENT_OWNER, ...row.params };
  if (pageType) asc.page_type = pageType;
  const form = text(event.form);
  if (row.asc === 'asc_form_submission') {
    asc.department = (form && DEPARTMENTS[form]) ?? 'sales';
    asc.form_type = (form && FORM_TYPES[form]) ?? 'consumer_contact';
    if (form) asc.form_name = form;
  } else if (row.product === 'phone_call') asc.department = 'sales';
  const phone = text(event.phone);
  if (phone) asc.comm_phone_number = phone;
  const vehicle = event.vehicle as AscVehicle | undefined;
  if (vehicle && typeof vehicle === 'object' && typeof vehicle.id === 'number') Object.assign(asc, ascItemParams(vehicle));
  else if (typeof event.car_id === 'number') asc.item_id = String(event.car_id);
  return asc;
}

/** The ASC events of a page view: asc_pageview, and asc_item_pageview on a vehicle's page. */
export function ascPageEvents({ kind, vehicle }: { kind: string; vehicle?: AscVehicle | null }): Record<string, unknown>[] {
  const page_type = ascPageType({ kind });
  const events: Record<string, unknown>[] = [{ event: 'asc_pageview', event_owner: ASC_EVENT_OWNER, page_type }];
  if (vehicle) events.push({ event: 'asc_item_pageview', event_owner: ASC_EVENT_OWNER, page_type, ...ascItemParams(vehicle) });
  return events;
}

/** The README's table of the mapping (Markdown), so the documentation is generated from the table it documents. */
export function ascEventTable(): string {
  const rows = ASC_EVENT_MAP.map(({ product, ids, asc, params, note }) => {
    const fixed = Object.entries(params).map(([key, val]) => `\`${key}: ${val}\``);
    return `| \`${product}\` | ${ids.length ? ids.join(', ') : '-'} | \`${asc}\` | ${['`event_owner`', ...fixed].join(', ')}; ${note} |`;
  });
  return ['| product event | SPEC §9 ids | ASC event | parameters |', '|---|---|---|---|', ...rows].join('\n');
}
