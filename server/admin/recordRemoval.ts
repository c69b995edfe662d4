/**
 * Deleting stored records for good: a person's erasure request (./personData.ts) and the
 * record's retention period (./retention.ts) both end here, so both remove the same things: the
 * leads (and service bookings), their uploads (rows and files), their reservations, the
 * valuations, the events, and every outbox row of any of them.
 */
import { rm } from 'node:fs/promises';
import { leadDeliveryKind } from '../../domain/leadDelivery.ts';
import type { Database, Queryable } from '../db/database.ts';
import { deleteLeads, leadsByIds } from '../db/leadStore.ts';

/** Ids of what to delete. Reservations of the leads are added. */
export interface RecordIds {
  leads: number[];
  valuations: number[];
  reservations: number[];
  events: number[];
}

/** How many of each were removed. */
export interface RemovalReport {
  leads: number;
  service_bookings: number;
  valuations: number;
  reservations: number;
  events: number;
  uploads: number;
  deliveries: number;
}

const ID_LIST = '(SELECT jsonb_array_elements_text($1::jsonb)::int)';

/**
 * Deletes the records in one transaction, then their uploaded files. `select` runs inside the
 * transaction and picks the ids, so what is counted is exactly what is deleted.
 */
export async function removeRecords({ db, select }: { db: Database; select: (tx: Queryable) => Promise<RecordIds> }): Promise<RemovalReport> {
  const { report, files } = await db.transaction(async (tx) => {
    const ids = await select(tx);
    const leadRows = await leadsByIds({ db: tx, ids: ids.leads });
    const reservations = (
      await tx.query<{ id: number }>(`SELECT id FROM reservations WHERE id IN ${ID_LIST} OR lead_id IN (SELECT jsonb_array_elements_text($2::jsonb)::int)`, [
        ids.reservations,
        ids.leads,
      ])
    ).rows.map((row) => row.id);
    const subjects = [
      ...leadRows.map((row) => ({ k: leadDeliveryKind({ category: row.category }), i: row.id })),
      ...ids.valuations.map((i) => ({ k: 'valuation', i })),
      ...reservations.map((i) => ({ k: 'reservation', i })),
    ];
    const deliveries = await tx.query<{ id: number }>(
      `DELETE FROM deliveries d USING jsonb_to_recordset($1::jsonb) AS s(k text, i int) WHERE d.subject_kind = s.k AND d.subject_id = s.i RETURNING d.id`,
      [subjects],
    );
    const uploads = await tx.query<{ stored_path: string }>(`DELETE FROM uploads WHERE lead_id IN ${ID_LIST} RETURNING stored_path`, [ids.leads]);
    const deleted = async (table: string, list: number[]) => (await tx.query(`DELETE FROM ${table} WHERE id IN ${ID_LIST} RETURNING id`, [list])).rows.length;
    const removedReservations = await deleted('reservations', reservations);
    await deleteLeads({ db: tx, ids: ids.leads });
    const serviceBookings = leadRows.filter((row) => leadDeliveryKind({ category: row.category }) === 'service_booking').length;
    return {
      report: {
        leads: leadRows.length - serviceBookings,
        service_bookings: serviceBookings,
        valuations: await deleted('valuations', ids.valuations),
        reservations: removedReservations,
        events: await deleted('events', ids.events),
        uploads: uploads.rows.length,
        deliveries: deliveries.rows.length,
      },
      files: uploads.rows.map((row) => row.stored_path),
    };
  });
  // After COMMIT: a crash before it keeps the rows and their files together.
  await Promise.all(files.map((file) => rm(file, { force: true })));
  return report;
}
