/**
 * The dealer's inbox (`forecourt serve --admin`): /admin/ lists the site's leads, service
 * bookings, valuations and reservations with their delivery states, filters them, exports them
 * as CSV and resends a delivery; /admin/records/<kind>/<id> shows one record in full; /api/admin/records answers the same list as JSON. Nothing under
 * /admin or /api/admin answers without a session (pages redirect to the sign-in form, the rest
 * answers 401); every POST needs the session's CSRF token; sign-in is rate-limited; every
 * change is audited.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeliveryKind } from '../../domain/leadDelivery.ts';
import { HttpError } from '../answer.ts';
import type { Database } from '../db/database.ts';
import { resendDelivery } from '../delivery/outboxStore.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';
import { type AdminAuth, type AdminSession, csrfMatches, sessionCookie, sessionIdOf } from './adminAuth.ts';
import { audit, listAudit } from './auditLog.ts';
import { ADMIN_ROOT, inboxPage, loginPage, recordPage } from './inboxPages.tsx';
import { type InboxScope, inboxScope, scopeHolds } from './inboxScope.ts';
import { recordCsv } from './recordCsv.ts';
import { parseRecordQuery, recordQueryString } from './recordFilterQuery.ts';
import { listRecords, RECORD_KINDS, type RecordKind, recordsById } from './recordQuery.ts';

/** Most records one page lists. */
export const INBOX_LIMIT = 200;

/** Sign-in attempts per address per window. */
export interface LoginLimit {
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    adminSession: AdminSession | null;
    /** What of this website the session's user sees (set with adminSession). */
    inboxScope: InboxScope | null;
  }
}

const LOGIN_PATH = `${ADMIN_ROOT}login`;

/** Registers the inbox on a site's server (after the rate-limit plugin, so sign-in is limited). */
export async function registerInbox({
  app,
  db,
  site,
  auth,
  loginLimit = { max: 5, windowMs: 60_000 },
  clock = () => new Date(),
}: {
  app: FastifyInstance;
  db: Database;
  site: ServedSiteConfig;
  auth: AdminAuth;
  loginLimit?: LoginLimit;
  clock?: () => Date;
}): Promise<void> {
  await app.register(async (scope) => {
    scope.decorateRequest('adminSession', null);
    scope.decorateRequest('inboxScope', null);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(text as string)));
    });
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      );
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      const path = request.url.split('?')[0];
      if (path === LOGIN_PATH) return;
      const session = await auth.session(sessionIdOf(request.headers.cookie));
      // A user of other dealers is signed out here: this inbox is not theirs. A user of some
      // dealerships of a group website sees their records only.
      request.inboxScope = session ? inboxScope({ dealers: session.dealers, site }) : null;
      request.adminSession = request.inboxScope ? session : null;
      if (!request.adminSession) {
        if (request.method === 'GET' && path.startsWith('/admin')) return reply.redirect(LOGIN_PATH, 303);
        return reply.code(401).send({ error: 'Sign in to the inbox first' });
      }
      // A change must come from the inbox's own pages: a browser's Origin, when sent, names this
      // host (its scheme and port may differ behind an https proxy, which serve does not trust to
      // say so; the CSRF token below is what proves the page).
      const origin = request.headers.origin;
      if (request.method !== 'GET' && request.method !== 'HEAD' && origin !== undefined && originHostname(origin) !== request.hostname) {
        return reply.code(403).send({ error: 'Changes to the inbox are accepted from its own pages only' });
      }
    });
    // ...and carry the session's CSRF token, which is in the body, so this runs once the body is parsed.
    scope.addHook('preHandler', async (request, reply) => {
      const session = request.adminSession;
      if (!session || request.method === 'GET' || request.method === 'HEAD') return;
      if (!csrfMatches({ session, presented: ((request.body ?? {}) as Record<string, unknown>)._csrf })) {
        return reply.code(403).send({ error: 'This change did not come from the inbox page (missing or wrong CSRF token): reload the page and try again' });
      }
    });

    scope.get(LOGIN_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(loginPage({ siteName: site.name })));
    scope.post(
      LOGIN_PATH,
      {
        config: {
          rateLimit: {
            max: loginLimit.max,
            timeWindow: loginLimit.windowMs,
            allowList: () => false,
            keyGenerator: (request: FastifyRequest) => `admin-login|${request.ip}`,
            errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
              Object.assign(new Error(`Too many sign-in attempts: try again in ${context.after}`), { statusCode: 429 }),
          },
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const user = typeof body.user === 'string' ? body.user : '';
        // Another dealer's user gets the same answer as a wrong password, and no session.
        const id = await auth.signIn({ user, password: typeof body.password === 'string' ? body.password : '', site });
        if (!id) {
          await audit({ db, actor: user.slice(0, 100) || '(none)', address: request.ip, action: 'sign_in_failed', websiteSlug: site.slug });
          return reply
            .code(401)
            .type('text/html; charset=utf-8')
            .send(loginPage({ siteName: site.name, error: 'Wrong user name or password.' }));
        }
        await audit({ db, actor: user, address: request.ip, action: 'sign_in', websiteSlug: site.slug });
        reply.header('set-cookie', sessionCookie({ id, secure: request.protocol === 'https' }));
        return reply.redirect(ADMIN_ROOT, 303);
      },
    );
    scope.post(`${ADMIN_ROOT}logout`, async (request, reply) => {
      await audit({ db, actor: request.adminSession!.user, address: request.ip, action: 'sign_out', websiteSlug: site.slug });
      await auth.signOut(sessionIdOf(request.headers.cookie));
      reply.header('set-cookie', sessionCookie({ id: null, secure: request.protocol === 'https' }));
      return reply.redirect(LOGIN_PATH, 303);
    });

    scope.get(ADMIN_ROOT, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const filter = { ...inboxFilter({ request, site }), limit: INBOX_LIMIT };
      const records = await listRecords({ db, filter });
      const notice = typeof query.resent === 'string' ? `Delivery ${query.resent} is queued to be sent again.` : null;
      return reply.type('text/html; charset=utf-8').send(
        inboxPage({
          siteName: site.name,
          user: request.adminSession!.user,
          csrf: request.adminSession!.csrf,
          filter,
          query: recordQueryString({ ...filter, limit: null }),
          dealerships: request.inboxScope!.dealerships ?? [...new Set([site.slug, ...site.dealerships.map((d) => d.slug)])],
          records,
          limit: INBOX_LIMIT,
          notice,
          // A user of some dealerships of a group sees their own actions, not the other dealerships' users'.
          audit: await listAudit({ db, websiteSlug: site.slug, actor: request.inboxScope!.dealerships ? request.adminSession!.user : null, limit: 20 }),
          timeZone: site.timezone,
        }),
      );
    });
    scope.get(`${ADMIN_ROOT}records/:kind/:id`, async (request, reply) => {
      const params = request.params as { kind: string; id: string };
      const kind = RECORD_KINDS.find((k) => k === params.kind) as RecordKind | undefined;
      const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : null;
      // A service booking is stored as a lead.
      const [record] = kind && id !== null ? await recordsById({ db, kind: kind === 'service_booking' ? 'lead' : kind, ids: [id] }) : [];
      if (
        !record ||
        record.kind !== kind ||
        (record.website_slug !== site.slug && record.dealership_slug !== site.slug) ||
        !scopeHolds({ scope: request.inboxScope!, dealershipSlug: record.dealership_slug })
      )
        return reply.code(404).send({ error: 'No such record on this site' });
      return reply
        .type('text/html; charset=utf-8')
        .send(recordPage({ siteName: site.name, user: request.adminSession!.user, csrf: request.adminSession!.csrf, record, timeZone: site.timezone }));
    });
    scope.get(`${ADMIN_ROOT}records.csv`, async (request, reply) => {
      const filter = inboxFilter({ request, site });
      const records = await listRecords({ db, filter });
      await audit({
        db,
        actor: request.adminSession!.user,
        address: request.ip,
        action: 'export_csv',
        websiteSlug: site.slug,
        detail: { records: records.length },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${site.slug}-records.csv"`)
        .send(`\ufeff${recordCsv({ records })}`);
    });
    scope.post(`${ADMIN_ROOT}deliveries/:deliveryId/resend`, async (request, reply) => {
      const { deliveryId } = request.params as { deliveryId: string };
      const { rows } = await db.query<{ destination: string; subject_kind: DeliveryKind; subject_id: number }>(
        "SELECT destination->>'name' AS destination, subject_kind, subject_id FROM deliveries WHERE delivery_id = $1 AND website_slug = $2",
        [deliveryId, site.slug],
      );
      if (!rows.length || !(await subjectInScope({ db, scope: request.inboxScope!, delivery: rows[0] })))
        return reply.code(404).send({ error: 'No such delivery on this site' });
      const queued = await resendDelivery({ db, deliveryId, now: clock(), retryHours: site.lead_delivery.retry_hours });
      if (!queued) return reply.code(409).send({ error: 'That delivery is already waiting to be sent' });
      await audit({
        db,
        actor: request.adminSession!.user,
        address: request.ip,
        action: 'resend_delivery',
        websiteSlug: site.slug,
        detail: { delivery_id: deliveryId, destination: rows[0].destination },
      });
      return reply.redirect(`${ADMIN_ROOT}?resent=${encodeURIComponent(deliveryId)}`, 303);
    });
    scope.get('/api/admin/records', async (request) => {
      return { records: await listRecords({ db, filter: { ...inboxFilter({ request, site }), limit: INBOX_LIMIT } }) };
    });
    // Anything else under /admin or /api/admin: after the session check, not found.
    const notFound = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ error: 'Not found' });
    scope.all('/admin', async (_request, reply) => reply.redirect(ADMIN_ROOT, 303));
    scope.all('/admin/*', notFound);
    scope.all('/api/admin/*', notFound);
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const code = error instanceof HttpError ? error.status : error.statusCode;
      const status = code && code >= 400 && code < 500 ? code : 500;
      const message = status === 500 ? 'An unexpected error occured' : error.message;
      if (request.url.split('?')[0] === LOGIN_PATH)
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(loginPage({ siteName: site.name, error: message }));
      return reply.code(status).send({ error: message });
    });
  });
}

/**
 * The inbox's filter from the request's query (a date-only `until`, the form's "To" day, counts
 * that whole day), within the dealerships the session's user sees.
 */
function inboxFilter({ request, site }: { request: FastifyRequest; site: ServedSiteConfig }) {
  const query = request.query as Record<string, unknown>;
  const filter = { ...parseRecordQuery({ query, slug: site.slug }), within: request.inboxScope?.dealerships ?? null };
  if (filter.until && typeof query.until === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(query.until.trim()))
    filter.until = new Date(filter.until.getTime() + 86_400_000);
  return filter;
}

/** True when the record a delivery is about is within `scope` (a user of one dealership resends its records' deliveries only). */
async function subjectInScope({
  db,
  scope,
  delivery,
}: {
  db: Database;
  scope: InboxScope;
  delivery: { subject_kind: DeliveryKind; subject_id: number };
}): Promise<boolean> {
  if (scope.dealerships === null) return true;
  const kind = delivery.subject_kind === 'service_booking' ? 'lead' : delivery.subject_kind;
  const [subject] = await recordsById({ db, kind, ids: [delivery.subject_id] });
  return scopeHolds({ scope, dealershipSlug: subject?.dealership_slug ?? null });
}

function originHostname(origin: string): string | null {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
}
