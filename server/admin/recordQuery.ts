/**
 * What the dealer sees of the stored records: leads, service bookings, valuations and
 * reservations (with their payment state), newest first, each with the state of its deliveries.
 * `forecourt leads` and the /admin inbox both read through here, so they show the same thing.
 */
import { type DeliveryKind, leadDeliveryKind } from '../../domain/leadDelivery.ts';
import type { Queryable } from '../db/database.ts';
import { leadsByIds, searchLeads, type StoredLead } from '../db/leadStore.ts';

/** What a record is: a lead, a service booking, a valuation or a reservation. */
export type RecordKind = DeliveryKind;

/** Every kind of record, in the order a listing names them. */
export const RECORD_KINDS: readonly DeliveryKind[] = ['lead', 'service_booking', 'valuation', 'reservation'];

/** One delivery of a record, as listed. */
export interface RecordDelivery {
  delivery_id: string;
  /** The destination's name in the record (`sales`, `crm` ...). */
  destination: string;
  type: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/** A stored record as listed (JSON-safe: dates are ISO 8601 strings). */
export interface AdminRecord {
  kind: DeliveryKind;
  id: number;
  website_slug: string;
  dealership_slug: string;
  created_at: string;
  category: string | null;
  subcategory: string | null;
  /** Leads: their status (Complete / Incomplete unless the form set one); valuations: Offered or Adjusted; reservations: the payment state. */
  status: string;
  name: string;
  email: string;
  phone: string;
  car_id: number | null;
  /** Valuations: the offer. */
  offer_price: number | null;
  /** Reservations: the deposit and where its payment stands. */
  payment: { reference: string; amount: number; currency: string; provider: string; status: string } | null;
  /** Everything the form sent. */
  payload: Record<string, unknown>;
  deliveries: RecordDelivery[];
}

/** Which records to list. */
export interface RecordFilter {
  /** A website, or a dealership of a group website. */
  slug: string;
  /** Only these kinds (default all). */
  kinds?: readonly DeliveryKind[] | null;
  /** Created at or after. */
  since?: Date | null;
  /** Created before. */
  until?: Date | null;
  /** Only this dealership (store) of the website. */
  dealership?: string | null;
  /** Only records of these dealerships (an inbox user's scope, ./inboxScope.ts); null: every one. */
  within?: readonly string[] | null;
  /** Text anywhere in what was sent (case-insensitive). */
  search?: string | null;
  /** At most this many, newest first (default all). */
  limit?: number | null;
}

/** Lists records newest first. */
export async function listRecords({ db, filter }: { db: Queryable; filter: RecordFilter }): Promise<AdminRecord[]> {
  const kinds = new Set(filter.kinds?.length ? filter.kinds : RECORD_KINDS);
  const pattern = filter.search?.trim() ? `%${filter.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const within = filter.within ?? null;
  const params = [filter.slug, filter.since ?? null, filter.until ?? null, filter.dealership || null, pattern, filter.limit ?? null, within];
  const scoped = (dealership: string) => `($7::jsonb IS NULL OR ${dealership} IN (SELECT jsonb_array_elements_text($7::jsonb)))`;
  const where = (alias: string, dealership: string) =>
    `($2::timestamptz IS NULL OR ${alias}.created_at >= $2) AND ($3::timestamptz IS NULL OR ${alias}.created_at < $3)
     AND ($4::text IS NULL OR ${dealership} = $4) AND ($5::text IS NULL OR ${alias}.payload::text ILIKE $5) AND ${scoped(dealership)}`;
  const records: Omit<AdminRecord, 'deliveries'>[] = [];
  if (kinds.has('lead') || kinds.has('service_booking')) {
    const rows = await searchLeads({
      db,
      search: {
        slug: filter.slug,
        since: filter.since ?? null,
        until: filter.until ?? null,
        dealership: filter.dealership || null,
        pattern,
        limit: filter.limit ?? null,
        within,
      },
    });
    for (const row of rows) {
      const kind = leadDeliveryKind({ category: row.category });
      if (kinds.has(kind)) records.push(leadRecord({ row, kind }));
    }
  }
  if (kinds.has('valuation')) {
    const { rows } = await db.query<ValuationRow>(
      `SELECT v.id, v.dealership_slug, v.website_slug, v.offer_price, v.adjustment_answers, v.payload, v.created_at
         FROM valuations v WHERE (v.website_slug = $1 OR v.dealership_slug = $1) AND ${where('v', 'v.dealership_slug')}
        ORDER BY v.created_at DESC, v.id DESC LIMIT $6`,
      params,
    );
    records.push(...rows.map(valuationRecord));
  }
  if (kinds.has('reservation')) {
    const { rows } = await db.query<ReservationRow>(
      `SELECT r.id, r.reference, r.website_slug, r.car_id::float8 AS car_id, r.amount::float8 AS amount, r.currency, r.provider, r.status,
              r.created_at, l.dealership_slug, COALESCE(l.payload, '{}'::jsonb) AS payload, l.category, l.subcategory
         FROM reservations r LEFT JOIN leads l ON l.id = r.lead_id
        WHERE (r.website_slug = $1 OR l.dealership_slug = $1)
          AND ($2::timestamptz IS NULL OR r.created_at >= $2) AND ($3::timestamptz IS NULL OR r.created_at < $3)
          AND ($4::text IS NULL OR l.dealership_slug = $4) AND ($5::text IS NULL OR l.payload::text ILIKE $5 OR r.reference ILIKE $5)
          AND ${scoped('l.dealership_slug')}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $6`,
      params,
    );
    records.push(...rows.map(reservationRecord));
  }
  records.sort((a, b) => b.created_at.localeCompare(a.created_at) || RECORD_KINDS.indexOf(a.kind) - RECORD_KINDS.indexOf(b.kind) || b.id - a.id);
  const listed = filter.limit ? records.slice(0, filter.limit) : records;
  return withDeliveries({ db, records: listed });
}

/** The records of `kind` with these ids (any website), with their deliveries. */
export async function recordsById({ db, kind, ids }: { db: Queryable; kind: 'lead' | 'valuation' | 'reservation'; ids: number[] }): Promise<AdminRecord[]> {
  if (!ids.length) return [];
  const list = '(SELECT jsonb_array_elements_text($1::jsonb)::int)';
  let records: Omit<AdminRecord, 'deliveries'>[];
  if (kind === 'lead') {
    const rows = await leadsByIds({ db, ids });
    records = rows.map((row) => leadRecord({ row, kind: leadDeliveryKind({ category: row.category }) }));
  } else if (kind === 'valuation') {
    const { rows } = await db.query<ValuationRow>(
      `SELECT id, dealership_slug, website_slug, offer_price, adjustment_answers, payload, created_at FROM valuations WHERE id IN ${list} ORDER BY id`,
      [ids],
    );
    records = rows.map(valuationRecord);
  } else {
    const { rows } = await db.query<ReservationRow>(
      `SELECT r.id, r.reference, r.website_slug, r.car_id::float8 AS car_id, r.amount::float8 AS amount, r.currency, r.provider, r.status,
              r.created_at, l.dealership_slug, COALESCE(l.payload, '{}'::jsonb) AS payload, l.category, l.subcategory
         FROM reservations r LEFT JOIN leads l ON l.id = r.lead_id WHERE r.id IN ${list} ORDER BY r.id`,
      [ids],
    );
    records = rows.map(reservationRecord);
  }
  return withDeliveries({ db, records });
}

interface ValuationRow {
  id: number;
  dealership_slug: string;
  website_slug: string;
  offer_price: number;
  adjustment_answers: unknown;
  payload: Record<string, unknown>;
  created_at: Date;
}

interface ReservationRow {
  id: number;
  reference: string;
  website_slug: string;
  car_id: number;
  amount: number;
  currency: string;
  provider: string;
  status: string;
  created_at: Date;
  dealership_slug: string | null;
  payload: Record<string, unknown>;
  category: string | null;
  subcategory: string | null;
}

function leadRecord({ row, kind }: { row: StoredLead; kind: DeliveryKind }): Omit<AdminRecord, 'deliveries'> {
  return {
    ...contact(row.payload),
    kind,
    id: row.id,
    website_slug: row.website_slug,
    dealership_slug: row.dealership_slug,
    created_at: new Date(row.created_at).toISOString(),
    category: row.category,
    subcategory: row.subcategory,
    status: row.lead_status ?? (row.form_completed ? 'Complete' : 'Incomplete'),
    offer_price: null,
    payment: null,
    payload: row.payload,
  };
}

function valuationRecord(row: ValuationRow): Omit<AdminRecord, 'deliveries'> {
  return {
    ...contact(row.payload),
    kind: 'valuation',
    id: row.id,
    website_slug: row.website_slug,
    dealership_slug: row.dealership_slug,
    created_at: new Date(row.created_at).toISOString(),
    category: text(row.payload.category) || null,
    subcategory: text(row.payload.subcategory) || null,
    status: row.adjustment_answers == null ? 'Offered' : 'Adjusted',
    offer_price: row.offer_price,
    payment: null,
    payload: row.payload,
  };
}

function reservationRecord(row: ReservationRow): Omit<AdminRecord, 'deliveries'> {
  return {
    ...contact(row.payload),
    kind: 'reservation',
    id: row.id,
    website_slug: row.website_slug,
    dealership_slug: row.dealership_slug ?? row.website_slug,
    created_at: new Date(row.created_at).toISOString(),
    category: row.category,
    subcategory: row.subcategory,
    status: row.status,
    car_id: row.car_id,
    offer_price: null,
    payment: { reference: row.reference, amount: row.amount, currency: row.currency, provider: row.provider, status: row.status },
    payload: row.payload,
  };
}

/** Contact fields every kind shares, read from what the form sent. */
function contact(payload: Record<string, unknown>): Pick<AdminRecord, 'name' | 'email' | 'phone' | 'car_id'> {
  const carId = Number(payload.car_id);
  return {
    name: [text(payload.name ?? payload.first_name), text(payload.last_name)].filter(Boolean).join(' '),
    email: text(payload.email),
    phone: text(payload.phone),
    car_id: payload.car_id != null && Number.isSafeInteger(carId) ? carId : null,
  };
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** Attaches each record's deliveries (one query for all). */
async function withDeliveries({ db, records }: { db: Queryable; records: Omit<AdminRecord, 'deliveries'>[] }): Promise<AdminRecord[]> {
  if (!records.length) return [];
  const { rows } = await db.query<RecordDelivery & { subject_kind: string; subject_id: number; sent_at: Date | null }>(
    `SELECT d.delivery_id, d.subject_kind, d.subject_id, d.destination->>'name' AS destination, d.destination->>'type' AS type,
            d.status, d.attempts, d.last_error, d.sent_at
       FROM deliveries d JOIN jsonb_to_recordset($1::jsonb) AS s(k text, i int) ON d.subject_kind = s.k AND d.subject_id = s.i
      ORDER BY d.id`,
    [records.map((record) => ({ k: record.kind, i: record.id }))],
  );
  const bySubject = new Map<string, RecordDelivery[]>();
  for (const { subject_kind, subject_id, sent_at, ...delivery } of rows) {
    const key = `${subject_kind}:${subject_id}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), { ...delivery, sent_at: sent_at ? new Date(sent_at).toISOString() : null }]);
  }
  return records.map((record) => ({ ...record, deliveries: bySubject.get(`${record.kind}:${record.id}`) ?? [] }));
}
