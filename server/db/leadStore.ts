/**
 * The leads store: every statement on the `leads` table (and a lead's uploads) is here, one
 * small function each, with the one row type they return (`StoredLead`), all through the
 * `Database` seam. The lead API, the inbox, erasure and retention, reservations and delivery read
 * and write leads only through it. Valuations, events and phone reveals, which the lead API
 * stores beside leads, have their statements here too.
 */
import type { Lead } from '../../schema/lead.generated.ts';
import type { Queryable } from './database.ts';

/** A stored lead: one row of the `leads` table (its update token's hash is never read out). */
export interface StoredLead {
  id: number;
  dealership_slug: string;
  website_slug: string;
  category: string | null;
  subcategory: string | null;
  lead_status: string | null;
  form_completed: boolean;
  /** The lead as accepted (schema/lead.schema.json), the honeypot left out, every saved step merged. */
  payload: Lead;
  created_at: Date;
  updated_at: Date;
}

/** The columns of `StoredLead`, for every SELECT of the table. */
const LEAD_COLUMNS = 'id, dealership_slug, website_slug, category, subcategory, lead_status, form_completed, payload, created_at, updated_at';

/** A list of ids as one query parameter (a JSON array). */
const ID_LIST = '(SELECT jsonb_array_elements_text($1::jsonb)::int)';

/** The lead with this id, or null. */
export async function findLead({ db, id }: { db: Queryable; id: number }): Promise<StoredLead | null> {
  const { rows } = await db.query<StoredLead>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The leads with these ids (any website), by id. */
export async function leadsByIds({ db, ids }: { db: Queryable; ids: readonly number[] }): Promise<StoredLead[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<StoredLead>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id IN ${ID_LIST} ORDER BY id`, [ids]);
  return rows;
}

/** The lead `id` of `websiteSlug` when `tokenHash` is its update token's, else null (whoever lacks the token never learns it exists). */
export async function ownedLead({
  db,
  id,
  websiteSlug,
  tokenHash,
}: {
  db: Queryable;
  id: number;
  websiteSlug: string;
  tokenHash: string;
}): Promise<StoredLead | null> {
  const { rows } = await db.query<StoredLead>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 AND website_slug = $2 AND update_token_hash = $3`, [
    id,
    websiteSlug,
    tokenHash,
  ]);
  return rows[0] ?? null;
}

/** Which leads the inbox lists: a website's (or naming it as dealership), narrowed. */
export interface LeadSearch {
  slug: string;
  since: Date | null;
  until: Date | null;
  /** Only this dealership (store) of the website. */
  dealership: string | null;
  /** Only these dealerships (an inbox user's scope); null: all. */
  within?: readonly string[] | null;
  /** An ILIKE pattern over everything the lead sent. */
  pattern: string | null;
  limit: number | null;
}

/** The leads of a search, newest first. */
export async function searchLeads({ db, search }: { db: Queryable; search: LeadSearch }): Promise<StoredLead[]> {
  const { rows } = await db.query<StoredLead>(
    `SELECT ${LEAD_COLUMNS} FROM leads
      WHERE (website_slug = $1 OR dealership_slug = $1)
        AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
        AND ($4::text IS NULL OR dealership_slug = $4) AND ($5::text IS NULL OR payload::text ILIKE $5)
        AND ($7::jsonb IS NULL OR dealership_slug IN (SELECT jsonb_array_elements_text($7::jsonb)))
      ORDER BY created_at DESC, id DESC LIMIT $6`,
    [search.slug, search.since, search.until, search.dealership, search.pattern, search.limit, search.within ?? null],
  );
  return rows;
}

/** Deletes the leads with these ids (their uploads and reservations first: see ../admin/recordRemoval.ts); returns how many. */
export async function deleteLeads({ db, ids }: { db: Queryable; ids: readonly number[] }): Promise<number> {
  const { rows } = await db.query(`DELETE FROM leads WHERE id IN ${ID_LIST} RETURNING id`, [ids]);
  return rows.length;
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

/**
 * Updates a lead of `websiteSlug` (a multi-step form saving its next step). The new payload is
 * merged over the stored one so fields of earlier steps are kept. Returns false when no such lead
 * or `tokenHash` is not its update token's.
 */
export async function updateLead({ db, id, lead, tokenHash }: { db: Queryable; id: number; lead: LeadColumns; tokenHash: string }): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE leads SET dealership_slug = $2, category = COALESCE($3, category), subcategory = COALESCE($4, subcategory),
            lead_status = $5, form_completed = $6, payload = payload || $7::jsonb, updated_at = now()
      WHERE id = $1 AND website_slug = $8 AND update_token_hash = $9 RETURNING id`,
    [id, lead.dealershipSlug, lead.category, lead.subcategory, lead.leadStatus, lead.formCompleted, lead.payload, lead.websiteSlug, tokenHash],
  );
  return rows.length === 1;
}

/**
 * Takes the next lead id without storing a lead: the honeypot answer looks exactly like a real
 * one (an id from the same sequence) while nothing is kept.
 */
export async function burnLeadId({ db }: { db: Queryable }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('leads', 'id'))::int AS id`);
  return rows[0].id;
}

/** Leads of a website (or naming it as dealership), oldest first. */
export async function listLeads({ db, slug }: { db: Queryable; slug: string }): Promise<StoredLead[]> {
  const { rows } = await db.query<StoredLead>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE website_slug = $1 OR dealership_slug = $1 ORDER BY id`, [slug]);
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
 * Stores a lead and its uploads; returns the lead id. This is THE place a lead is written: it
 * runs inside the caller's transaction (../idempotency.ts withIdempotency opens it and completes
 * the Idempotency-Key in it), so whatever else must be stored with a lead belongs here, and a
 * failure or a crash before COMMIT leaves none of it.
 */
export async function storeLead({
  tx,
  lead,
  uploads,
  tokenHash,
}: {
  tx: Queryable;
  lead: LeadColumns;
  uploads: UploadColumns[];
  /** SHA-256 of the lead's update token (../updateToken.ts). */
  tokenHash: string;
}): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO leads (dealership_slug, website_slug, category, subcategory, lead_status, form_completed, payload, update_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [lead.dealershipSlug, lead.websiteSlug, lead.category, lead.subcategory, lead.leadStatus, lead.formCompleted, lead.payload, tokenHash],
  );
  const id = rows[0].id;
  if (uploads.length) {
    await tx.query(
      `INSERT INTO uploads (lead_id, field, filename, stored_path, mimetype, size)
       SELECT $1, u."field", u.filename, u."storedPath", u.mimetype, u.size
         FROM jsonb_to_recordset($2::jsonb) AS u("field" text, filename text, "storedPath" text, mimetype text, size integer)`,
      [id, uploads],
    );
  }
  return id;
}

/** True when lead `id` of `websiteSlug` exists and `tokenHash` is its update token's. */
export async function ownsLead({ db, id, websiteSlug, tokenHash }: { db: Queryable; id: number; websiteSlug: string; tokenHash: string }): Promise<boolean> {
  return (await ownedLead({ db, id, websiteSlug, tokenHash })) !== null;
}

/** Uploads stored for a lead. */
export async function listUploads({ db, leadId }: { db: Queryable; leadId: number }) {
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
  db: Queryable;
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
  db: Queryable;
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
  offer_price: number | null;
  adjustment_answers: unknown;
  payload: Record<string, unknown>;
}

/** Inserts a valuation; returns its id. */
export async function insertValuation({
  db,
  valuation,
}: {
  db: Queryable;
  valuation: {
    dealershipSlug: string;
    websiteSlug: string;
    rego: string | null;
    regoState: string | null;
    offerPrice: number | null;
    payload: Record<string, unknown>;
    /** SHA-256 of the valuation's update token. */
    tokenHash: string;
  };
}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO valuations (dealership_slug, website_slug, rego, rego_state, offer_price, payload, update_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [valuation.dealershipSlug, valuation.websiteSlug, valuation.rego, valuation.regoState, valuation.offerPrice, valuation.payload, valuation.tokenHash],
  );
  return rows[0].id;
}

/** A valuation of this website whose update token hashes to `tokenHash`, or null. */
export async function findValuation({
  db,
  id,
  websiteSlug,
  tokenHash,
}: {
  db: Queryable;
  id: number;
  websiteSlug: string;
  tokenHash: string;
}): Promise<StoredValuation | null> {
  const { rows } = await db.query<StoredValuation>(
    `SELECT id, dealership_slug, website_slug, rego, rego_state, offer_price, adjustment_answers, payload
       FROM valuations WHERE id = $1 AND website_slug = $2 AND update_token_hash = $3`,
    [id, websiteSlug, tokenHash],
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
  db: Queryable;
  id: number;
  adjustmentAnswers: unknown;
  offerPrice: number | null;
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
  db: Queryable;
  table: 'leads' | 'events' | 'phone_reveals' | 'valuations' | 'uploads' | 'idempotency';
}): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}
