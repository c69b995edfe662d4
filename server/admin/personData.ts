/**
 * A person's privacy rights over what a dealer holds about them (AU APP 12-13, NZ IPP 6-7, US
 * state laws): everything stored about the email or phone they give, and its erasure. Whether a
 * record names the person is domain/personMatch.ts's rule; SQL only narrows the rows it checks.
 */
import { namesPerson, type PersonKey } from '../../domain/personMatch.ts';

export { parsePersonKey, type PersonKey } from '../../domain/personMatch.ts';
import type { Database, Queryable } from '../db/database.ts';
import { audit } from './auditLog.ts';
import { type AdminRecord, recordsById } from './recordQuery.ts';
import { type RecordIds, removeRecords, type RemovalReport } from './recordRemoval.ts';

/** Everything held about a person on one website (or dealership). */
export interface PersonExport {
  person: PersonKey;
  slug: string;
  /** Leads and service bookings, valuations and reservations, each with its deliveries. */
  records: AdminRecord[];
  /** Events (phone call clicks, miscellaneous) that carried their details. */
  events: { id: number; website_slug: string; type: string; payload: Record<string, unknown>; created_at: string }[];
  /** Files they uploaded with a lead (the rows; the files stay on the server). */
  uploads: { id: number; lead_id: number; field: string; filename: string; mimetype: string; size: number; created_at: string }[];
}

/** What an erasure removed. */
export interface ErasureReport extends RemovalReport {
  person: PersonKey;
  slug: string;
}

/** Prints everything stored about `person` under `slug` (a website or a dealership of one). */
export async function exportPerson({ db, slug, person }: { db: Queryable; slug: string; person: PersonKey }): Promise<PersonExport> {
  const ids = await personRecordIds({ db, slug, person });
  const records = [
    ...(await recordsById({ db, kind: 'lead', ids: ids.leads })),
    ...(await recordsById({ db, kind: 'valuation', ids: ids.valuations })),
    ...(await recordsById({ db, kind: 'reservation', ids: ids.reservations })),
  ];
  const events = (
    await db.query<PersonExport['events'][number] & { created_at: Date }>(
      'SELECT id, website_slug, type, payload, created_at FROM events WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::int) ORDER BY id',
      [ids.events],
    )
  ).rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  const uploads = (
    await db.query<PersonExport['uploads'][number] & { created_at: Date }>(
      'SELECT id, lead_id, field, filename, mimetype, size, created_at FROM uploads WHERE lead_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int) ORDER BY id',
      [ids.leads],
    )
  ).rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  return { person, slug, records, events, uploads };
}

/**
 * Deletes everything stored about `person` under `slug`, with its outbox rows and uploaded
 * files, and audits it (by its counts: the trail keeps nothing about the person).
 */
export async function erasePerson({
  db,
  slug,
  person,
  actor,
  address = null,
}: {
  db: Database;
  slug: string;
  person: PersonKey;
  actor: string;
  address?: string | null;
}): Promise<ErasureReport> {
  const report = await removeRecords({ db, select: (tx) => personRecordIds({ db: tx, slug, person }) });
  await audit({ db, actor, address, action: 'erase_person', websiteSlug: slug, detail: { ...report } });
  return { person, slug, ...report };
}

/** Ids of the records naming the person: their leads, valuations and events, and the reservations of their leads. */
async function personRecordIds({ db, slug, person }: { db: Queryable; slug: string; person: PersonKey }): Promise<RecordIds> {
  // A cheap SQL narrowing (same email, or phone digits ending the same); the rule decides.
  const narrow =
    'email' in person
      ? { sql: "lower(btrim(payload->>'email')) = $2", value: person.email }
      : { sql: "regexp_replace(COALESCE(payload->>'phone', ''), '[^0-9]', '', 'g') LIKE '%' || $2", value: person.phone.replace(/^0+/, '') };
  const pick = async (table: string, scope: string) => {
    const { rows } = await db.query<{ id: number; payload: Record<string, unknown> }>(`SELECT id, payload FROM ${table} WHERE (${scope}) AND ${narrow.sql}`, [
      slug,
      narrow.value,
    ]);
    return rows.filter((row) => namesPerson({ contact: row.payload, key: person })).map((row) => row.id);
  };
  const leads = await pick('leads', 'website_slug = $1 OR dealership_slug = $1');
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM reservations WHERE lead_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int) ORDER BY id',
    [leads],
  );
  return {
    leads,
    valuations: await pick('valuations', 'website_slug = $1 OR dealership_slug = $1'),
    reservations: rows.map((row) => row.id),
    events: await pick('events', 'website_slug = $1'),
  };
}
