/**
 * The record's retention period (lead_delivery.retention_days): `forecourt serve` deletes the
 * leads, service bookings, valuations, reservations and events of a website that are older than
 * that many days, with their outbox rows and uploaded files, at start and then periodically.
 */
import type { Database } from '../db/database.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';
import { audit } from './auditLog.ts';
import { removeRecords, type RemovalReport } from './recordRemoval.ts';
import { periodicJob } from '../periodicJob.ts';

const DAY_MS = 86_400_000;

/** Deletes the records of `websiteSlug` created before `now` minus `days` days (one created exactly then is kept). */
export async function deleteExpiredRecords({
  db,
  websiteSlug,
  days,
  now,
}: {
  db: Database;
  websiteSlug: string;
  days: number;
  now: Date;
}): Promise<RemovalReport> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return removeRecords({
    db,
    async select(tx) {
      const ids = async (table: string) =>
        (await tx.query<{ id: number }>(`SELECT id FROM ${table} WHERE website_slug = $1 AND created_at < $2`, [websiteSlug, cutoff])).rows.map(
          (row) => row.id,
        );
      return { leads: await ids('leads'), valuations: await ids('valuations'), reservations: await ids('reservations'), events: await ids('events') };
    },
  });
}

/** A running retention sweep. */
export interface RetentionSweeper {
  /** Deletes what has expired on every site with a retention period; resolves with the total removed per site. */
  runOnce(): Promise<{ slug: string; report: RemovalReport }[]>;
  start(): void;
  stop(): Promise<void>;
}

/** Sweeps the sites' expired records now and every `intervalMs` (default hourly). */
export function createRetentionSweeper({
  db,
  sites,
  clock = () => new Date(),
  intervalMs = 3_600_000,
  onError = (error: unknown) => console.error(`retention: ${error instanceof Error ? error.name : typeof error}`),
}: {
  db: Database;
  sites: ServedSiteConfig[];
  clock?: () => Date;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): RetentionSweeper {
  const kept = sites.filter((site) => site.lead_delivery.retention_days !== null);
  const runOnce = async () => {
    const results: { slug: string; report: RemovalReport }[] = [];
    for (const site of kept) {
      const days = site.lead_delivery.retention_days!;
      const report = await deleteExpiredRecords({ db, websiteSlug: site.slug, days, now: clock() });
      if (Object.values(report).some((count) => count > 0))
        await audit({ db, actor: 'retention', action: 'delete_expired', websiteSlug: site.slug, detail: { days, ...report } });
      results.push({ slug: site.slug, report });
    }
    return results;
  };
  const job = periodicJob({ run: runOnce, intervalMs, onError });
  return {
    runOnce,
    // No site keeps records for a limited time: nothing to sweep, no timer.
    start: () => (kept.length ? job.start() : undefined),
    stop: job.stop,
  };
}
