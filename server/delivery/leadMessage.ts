/**
 * What a delivery says: the stored record it is about (a lead is read as the lead contract,
 * schema/lead.schema.json) (read when it is sent, so a multi-step
 * lead goes out with every step), with its car, the dealership and the site, in one shape that
 * the salesperson email, the ADF document and the webhook body are each made from.
 */
import type { Lead } from '../../schema/lead.generated.ts';
import type { Queryable } from '../db/database.ts';
import { findLead } from '../db/leadStore.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';
import type { DeliveryCar } from '../../domain/siteConfig.ts';
import type { StoredDelivery } from './outboxStore.ts';

/** A vehicle a record names: the car asked about, or the shopper's trade-in. */
export interface MessageVehicle {
  interest: 'buy' | 'trade-in' | 'test-drive';
  status: 'new' | 'used';
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stock: string | null;
  price: number | null;
  odometer: number | null;
  /** Absolute link to the car's page, when it has one. */
  link: string | null;
}

/** Everything a delivery tells the dealer about one record. */
export interface LeadMessage {
  delivery_id: string;
  kind: StoredDelivery['subject_kind'];
  id: number;
  /** When the shopper sent it (ISO 8601). */
  requested_at: string;
  site: { slug: string; name: string; url: string };
  /** Currency of every amount (the site's region). */
  currency: string;
  /** The dealership (store) it belongs to. */
  dealership: { slug: string; name: string };
  contact: { first_name: string; last_name: string; email: string; phone: string; postcode: string };
  category: string | null;
  subcategory: string | null;
  comments: string;
  /** The page it was sent from. */
  page: string | null;
  vehicles: MessageVehicle[];
  /** Valuations: the offer made; reservations: the deposit and its payment state. */
  offer: { price: number; currency: string } | null;
  reservation: { reference: string; amount: number; currency: string; status: string; provider: string } | null;
  /** Every other field the form sent, as text (test drive date, finance answers ...). */
  fields: Record<string, string>;
}

const CONTACT_KEYS = new Set(['name', 'first_name', 'last_name', 'email', 'phone', 'postcode', 'message', 'comments', 'url', 'category', 'subcategory']);
const HIDDEN_KEYS = new Set([
  'dealership_slug',
  'website_slug',
  'user_agent',
  'source',
  'special',
  'vehicle',
  'lead_attributes',
  'visited_pages',
  'linked_query_params',
]);

/**
 * Reads the record a delivery is about and describes it; null when the record is gone (erased
 * after the delivery was written).
 */
export async function loadLeadMessage({
  db,
  delivery,
  site,
}: {
  db: Queryable;
  delivery: StoredDelivery;
  site: ServedSiteConfig;
}): Promise<LeadMessage | null> {
  if (delivery.subject_kind === 'valuation') {
    const { rows } = await db.query<{ dealership_slug: string; offer_price: number | null; payload: Record<string, unknown>; created_at: Date }>(
      'SELECT dealership_slug, offer_price, payload, created_at FROM valuations WHERE id = $1',
      [delivery.subject_id],
    );
    if (!rows.length) return null;
    const { payload } = rows[0];
    const vehicle = isObject(payload.vehicle) ? payload.vehicle : {};
    const tradeIn: MessageVehicle = {
      interest: 'trade-in',
      status: 'used',
      year: toNumber(vehicle.year),
      make: toText(vehicle.make) || null,
      model: toText(vehicle.model) || null,
      trim: toText(vehicle.badge ?? vehicle.variant) || null,
      vin: toText(vehicle.vin) || null,
      stock: null,
      price: null,
      odometer: toNumber(payload.km ?? vehicle.km),
      link: null,
    };
    const base = describe({ delivery, site, payload, dealershipSlug: rows[0].dealership_slug, createdAt: rows[0].created_at });
    return {
      ...base,
      vehicles: [...base.vehicles, tradeIn],
      offer: rows[0].offer_price === null ? null : { price: rows[0].offer_price, currency: currencyOf(site) },
    };
  }
  if (delivery.subject_kind === 'reservation') {
    const { rows } = await db.query<{
      reference: string;
      amount: number;
      currency: string;
      status: string;
      provider: string;
      lead_id: number;
      created_at: Date;
    }>('SELECT reference, amount::float8 AS amount, currency, status, provider, lead_id, created_at FROM reservations WHERE id = $1', [delivery.subject_id]);
    const r = rows[0];
    const lead = r ? await findLead({ db, id: r.lead_id }) : null;
    if (!r || !lead) return null;
    const base = describe({ delivery, site, payload: lead.payload, dealershipSlug: lead.dealership_slug, createdAt: r.created_at });
    return { ...base, reservation: { reference: r.reference, amount: r.amount, currency: r.currency, status: r.status, provider: r.provider } };
  }
  const lead = await findLead({ db, id: delivery.subject_id });
  if (!lead) return null;
  return describe({ delivery, site, payload: lead.payload, dealershipSlug: lead.dealership_slug, createdAt: lead.created_at });
}

function describe({
  delivery,
  site,
  payload,
  dealershipSlug,
  createdAt,
}: {
  delivery: StoredDelivery;
  site: ServedSiteConfig;
  /** A stored lead (schema/lead.schema.json, as the server accepted it), or a valuation's data, which shares its contact fields. */
  payload: Partial<Lead>;
  dealershipSlug: string;
  createdAt: Date;
}): LeadMessage {
  const car = payload.car_id == null ? undefined : site.cars.find((c) => c.id === Number(payload.car_id));
  const storeSlug = car?.dealership_slug ?? dealershipSlug;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (CONTACT_KEYS.has(key) || HIDDEN_KEYS.has(key) || value === null || value === undefined || value === '') continue;
    fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return {
    delivery_id: delivery.delivery_id,
    kind: delivery.subject_kind,
    id: delivery.subject_id,
    requested_at: new Date(createdAt).toISOString(),
    site: { slug: site.slug, name: site.name, url: site.base_url },
    currency: currencyOf(site),
    dealership: { slug: storeSlug, name: storeSlug === site.slug ? site.name : storeSlug },
    contact: {
      first_name: toText(payload.name ?? payload.first_name),
      last_name: toText(payload.last_name),
      email: toText(payload.email),
      phone: toText(payload.phone),
      postcode: toText(payload.postcode),
    },
    category: toText(payload.category) || null,
    subcategory: toText(payload.subcategory) || null,
    comments: toText(payload.message ?? payload.comments),
    page: toText(payload.url) || null,
    vehicles: car ? [carVehicle({ car, site, interest: /test.?drive/i.test(toText(payload.category)) ? 'test-drive' : 'buy' })] : [],
    offer: null,
    reservation: null,
    fields,
  };
}

function carVehicle({ car, site, interest }: { car: DeliveryCar; site: ServedSiteConfig; interest: MessageVehicle['interest'] }): MessageVehicle {
  return {
    interest,
    status: car.car_type === 'new' ? 'new' : 'used',
    year: car.year,
    make: car.make,
    model: car.model,
    trim: car.badge,
    vin: car.vin,
    stock: car.stocknum,
    price: car.price,
    odometer: car.km,
    link: car.path ? `${site.base_url}${car.path}` : null,
  };
}

/** The site's currency by region (the deposits carry it too). */
export function currencyOf(site: ServedSiteConfig): string {
  return site.deposits[0]?.currency ?? ({ AU: 'AUD', NZ: 'NZD', US: 'USD' } as const)[site.region];
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

function toNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
