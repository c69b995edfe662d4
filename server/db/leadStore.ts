/**
 * Leads, uploads, valuations, events and phone reveals: the SQL the lead API runs, one small
 * function per statement, all through the `Database` seam.
 */
import type { Database } from './database.ts';

/** A stored lead as `forecourt leads` lists it. */
export interface StoredLead {
  id: number;
  dealership_slug: string;
  website_slug: string;
  category: string | null;
  subcategory: string | null;
  lead_status: string | null;
  form_completed: boolean;
  payload: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a lead, taken from its payload. */
export interface LeadColumns {
  dealershipSlug: string;
  websiteSlug: string;
  category: string | null;
  subcategory: string | null;
  leadStatus: string | null;
  formCompleted: boolean;
  payload: Record<string, unknown>;
}

/** Inserts a lead; returns its id. */
export async function insertLead({ db, lead }: { db: Database; lead: LeadColumns }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO leads (dealership_slug, website_slug, category, subcategory, lead_status, form_completed, payload)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [lead.dealershipSlug, lead.websiteSlug, lead.category, lead.subcategory, lead.leadStatus, lead.formCompleted, lead.payload],
  );
  return rows[0].id;
}

/**
 * Updates a lead of `websiteSlug` (a multi-step form saving its next step). The new payload is
 * merged over the stored one so fields of earlier steps are kept. Returns false when no such lead.
 */
export async function updateLead({ db, id, lead }: { db: Database; id: number; lead: LeadColumns }): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE leads SET dealership_slug = $2, category = COALESCE($3, category), subcategory = COALESCE($4, subcategory),
            lead_status = $5, form_completed = $6, payload = payload || $7::jsonb, updated_at = now()
      WHERE id = $1 AND website_slug = $8 RETURNING id`,
    [id, lead.dealershipSlug, lead.category, lead.subcategory, lead.leadStatus, lead.formCompleted, lead.payload, lead.websiteSlug],
  );
  return rows.length === 1;
}

/**
 * Takes the next lead id without storing a lead: the honeypot answer looks exactly like a real
 * one (an id from the same sequence) while nothing is kept.
 */
export async function burnLeadId({ db }: { db: Database }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('leads', 'id'))::int AS id`);
  return rows[0].id;
}

/** Leads of a website (or naming it as dealership), oldest first. */
export async function listLeads({ db, slug }: { db: Database; slug: string }): Promise<StoredLead[]> {
  const { rows } = await db.query<StoredLead>(
    `SELECT id, dealership_slug, website_slug, category, subcategory, lead_status, form_completed, payload, created_at, updated_at
       FROM leads WHERE website_slug = $1 OR dealership_slug = $1 ORDER BY id`,
    [slug],
  );
  return rows;
}

/** An uploaded file of a lead, as stored. */
export interface UploadColumns {
  field: string;
  filename: string;
  storedPath: string;
  mimetype: string;
  size: number;
}

/**
 * Inserts a lead and its uploads in ONE statement, so a failure leaves neither (a retried
 * request then creates exactly one lead). Returns the lead id.
 */
export async function insertLeadWithUploads({ db, lead, uploads }: { db: Database; lead: LeadColumns; uploads: UploadColumns[] }): Promise<number> {
  if (uploads.length === 0) return insertLead({ db, lead });
  const { rows } = await db.query<{ id: number; files: number }>(
    `WITH new_lead AS (
       INSERT INTO leads (dealership_slug, website_slug, category, subcategory, lead_status, form_completed, payload)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
     ), files AS (
       INSERT INTO uploads (lead_id, field, filename, stored_path, mimetype, size)
       SELECT new_lead.id, u."field", u.filename, u."storedPath", u.mimetype, u.size
         FROM new_lead, jsonb_to_recordset($8::jsonb) AS u("field" text, filename text, "storedPath" text, mimetype text, size integer)
       RETURNING 1
     )
     SELECT id, (SELECT count(*) FROM files)::int AS files FROM new_lead`,
    [lead.dealershipSlug, lead.websiteSlug, lead.category, lead.subcategory, lead.leadStatus, lead.formCompleted, lead.payload, uploads],
  );
  return rows[0].id;
}

/** Uploads stored for a lead. */
export async function listUploads({ db, leadId }: { db: Database; leadId: number }) {
  const { rows } = await db.query<{ id: number; field: string; filename: string; stored_path: string; mimetype: string; size: number }>(
    'SELECT id, field, filename, stored_path, mimetype, size FROM uploads WHERE lead_id = $1 ORDER BY id',
    [leadId],
  );
  return rows;
}

/** Stores an event (phone call, miscellaneous); returns its id. */
export async function insertEvent({
  db,
  websiteSlug,
  type,
  payload,
}: {
  db: Database;
  websiteSlug: string;
  type: string;
  payload: Record<string, unknown>;
}): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO events (website_slug, type, payload) VALUES ($1, $2, $3) RETURNING id', [
    websiteSlug,
    type,
    payload,
  ]);
  return rows[0].id;
}

/** Stores a phone reveal (SPEC §7: car_id, dealership_id, website_id). */
export async function insertPhoneReveal({
  db,
  websiteSlug,
  carId,
  dealershipId,
  websiteId,
}: {
  db: Database;
  websiteSlug: string;
  carId: number | null;
  dealershipId: number | null;
  websiteId: number | null;
}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO phone_reveals (website_slug, car_id, dealership_id, website_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [websiteSlug, carId, dealershipId, websiteId],
  );
  return rows[0].id;
}

/** A stored valuation. */
export interface StoredValuation {
  id: number;
  dealership_slug: string;
  website_slug: string;
  rego: string | null;
  rego_state: string | null;
  offer_price: number;
  adjustment_answers: unknown;
  payload: Record<string, unknown>;
}

/** Inserts a valuation; returns its id. */
export async function insertValuation({
  db,
  valuation,
}: {
  db: Database;
  valuation: {
    dealershipSlug: string;
    websiteSlug: string;
    rego: string | null;
    regoState: string | null;
    offerPrice: number;
    payload: Record<string, unknown>;
  };
}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO valuations (dealership_slug, website_slug, rego, rego_state, offer_price, payload)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [valuation.dealershipSlug, valuation.websiteSlug, valuation.rego, valuation.regoState, valuation.offerPrice, valuation.payload],
  );
  return rows[0].id;
}

/** A valuation of this website, or null. */
export async function findValuation({ db, id, websiteSlug }: { db: Database; id: number; websiteSlug: string }): Promise<StoredValuation | null> {
  const { rows } = await db.query<StoredValuation>(
    `SELECT id, dealership_slug, website_slug, rego, rego_state, offer_price, adjustment_answers, payload
       FROM valuations WHERE id = $1 AND website_slug = $2`,
    [id, websiteSlug],
  );
  return rows[0] ?? null;
}

/** Stores the adjustment answers and the new offer. */
export async function updateValuationOffer({
  db,
  id,
  adjustmentAnswers,
  offerPrice,
}: {
  db: Database;
  id: number;
  adjustmentAnswers: unknown;
  offerPrice: number;
}): Promise<void> {
  await db.query('UPDATE valuations SET adjustment_answers = $2::jsonb, offer_price = $3, updated_at = now() WHERE id = $1', [
    id,
    JSON.stringify(adjustmentAnswers),
    offerPrice,
  ]);
}

/** Counts rows of a table; used by tests and `forecourt leads`. */
export async function countRows({
  db,
  table,
}: {
  db: Database;
  table: 'leads' | 'events' | 'phone_reveals' | 'valuations' | 'uploads' | 'idempotency';
}): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}
