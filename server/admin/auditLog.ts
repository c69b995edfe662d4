/**
 * The admin audit trail (migration 004_admin_audit.sql): who changed what, when and where,
 * through the inbox or the command line.
 */
import type { Queryable } from '../db/database.ts';

/** One audited change. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  address: string | null;
  action: string;
  website_slug: string;
  detail: Record<string, unknown>;
}

/** Records a change; `detail` must not carry a shopper's contact details. */
export async function audit({
  db,
  actor,
  address = null,
  action,
  websiteSlug,
  detail = {},
}: {
  db: Queryable;
  actor: string;
  address?: string | null;
  action: string;
  websiteSlug: string;
  detail?: Record<string, unknown>;
}): Promise<void> {
  await db.query('INSERT INTO admin_audit (actor, address, action, website_slug, detail) VALUES ($1, $2, $3, $4, $5)', [
    actor,
    address,
    action,
    websiteSlug,
    detail,
  ]);
}

/** The newest entries of a website (only those of `actor`, when given), newest first. */
export async function listAudit({
  db,
  websiteSlug,
  actor = null,
  limit = 50,
}: {
  db: Queryable;
  websiteSlug: string;
  actor?: string | null;
  limit?: number;
}): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditEntry & { at: Date }>(
    `SELECT id::int AS id, at, actor, address, action, website_slug, detail FROM admin_audit
      WHERE website_slug = $1 AND ($3::text IS NULL OR actor = $3) ORDER BY id DESC LIMIT $2`,
    [websiteSlug, limit, actor],
  );
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}
