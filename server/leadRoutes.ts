/**
 * The lead API's lead routes (SPEC §7 "Leads and valuations"): create a lead (JSON, multipart
 * with files, or the carClarityCustomer destination) and update one with its update token. A
 * lead is checked (its shape, then domain/formRules.ts's rules through ./formCheck.ts) and
 * stored with its delivery jobs in one transaction; the honeypot answers like success and
 * stores nothing.
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { HttpError, type Answer, invalidFields } from './answer.ts';
import type { Queryable } from './db/database.ts';
import { burnLeadId, type LeadColumns, ownsLead, storeLead, updateLead } from './db/leadStore.ts';
import { deliveryRoute } from './delivery/deliveryRoute.ts';
import { enqueueDeliveries, wakeDeliveries } from './delivery/outboxStore.ts';
import { formErrors } from './formCheck.ts';
import { withIdempotency } from './idempotency.ts';
import { idempotencyKey, isObject, jsonRoute, type LeadApiScope, requireObject, UNKNOWN_CAR } from './jsonRoute.ts';
import { LEAD_BODY_SCHEMA, shapeErrors } from './leadShape.ts';
import { leadFromFields, readMultipart, type StoredFile } from './multipartLead.ts';
import { isKnownCarId, isKnownDealerSlug, type ServedSiteConfig } from './siteConfig.ts';
import { newUpdateToken, requestTokenHash } from './updateToken.ts';
import { MAX_ROW_ID } from '../domain/leadApi.ts';

type Lead = Record<string, unknown>;

/** Registers POST /leads, PUT /leads/:id, POST /leads/with-files and POST /carClarityCustomer. */
export function registerLeadRoutes({ scope, uploadDir }: { scope: LeadApiScope; uploadDir: string }): void {
  const { app, db, site, clock } = scope;

  /** Checks, then stores a lead; the honeypot answers like success and stores nothing. */
  async function acceptLead({ tx, lead, files = [], destination }: { tx: Queryable; lead: Lead; files?: StoredFile[]; destination?: string }): Promise<Answer> {
    if (isFilled(lead.special)) {
      // Keep nothing of a bot's submission, files included; the answer looks like a real one.
      await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
      return { status: 201, body: { id: await burnLeadId({ db: tx }), update_token: newUpdateToken().token } };
    }
    checkLead({ lead, site });
    const { token, hash } = newUpdateToken();
    const columns = leadColumns({ lead, site, destination });
    const id = await storeLead({ tx, lead: columns, uploads: files, tokenHash: hash });
    // In the lead's transaction: a stored lead always has its deliveries, and a refused one none.
    await enqueueDeliveries({ tx, site, subjectId: id, complete: columns.formCompleted, now: clock(), ...deliveryRoute({ site, lead }) });
    return { status: 201, body: { id, update_token: token } };
  }

  jsonRoute({
    scope,
    method: 'POST',
    url: '/leads',
    handle: async (request, tx) => {
      const body = requireObject(request.body);
      const lead = body.lead;
      if (!isObject(lead)) throw invalidFields(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body }));
      return acceptLead({ tx, lead });
    },
  });

  jsonRoute({
    scope,
    method: 'PUT',
    url: '/leads/:id',
    handle: async (request, tx) => {
      const id = rowIdParam((request.params as { id: string }).id);
      const body = requireObject(request.body);
      const lead = body.lead;
      if (!isObject(lead)) throw invalidFields(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body }));
      const tokenHash = requestTokenHash(request);
      // Without its update token a lead does not exist for this request: 404, never 403.
      if (!tokenHash || !(await ownsLead({ db: tx, id, websiteSlug: site.slug, tokenHash }))) throw leadNotFound(id);
      if (isFilled(lead.special)) return { status: 200, body: { id } };
      checkLead({ lead, site });
      const columns = leadColumns({ lead, site });
      if (!(await updateLead({ db: tx, id, lead: columns, tokenHash }))) throw leadNotFound(id);
      if (columns.formCompleted) await wakeDeliveries({ tx, kind: deliveryRoute({ site, lead }).kind, subjectId: id, now: clock() });
      return { status: 200, body: { id } };
    },
  });

  app.post('/leads/with-files', { config: { body: 'multipart' } }, async (request, reply) => {
    const folder = path.join(uploadDir, site.slug);
    const { fields, files, hash } = await readMultipart({ request, folder });
    let stored = false;
    try {
      const answer = await withIdempotency({
        db,
        dealer: site.slug,
        key: idempotencyKey(request),
        route: `POST ${request.routeOptions.url}`,
        hash,
        handle: async (tx) => {
          const lead = leadFromFields({ fields });
          const result = await acceptLead({ tx, lead, files });
          stored = !isFilled(lead.special);
          return result;
        },
      });
      return reply.code(answer.status).send(answer.body);
    } finally {
      // A refused lead, a honeypot or a replayed key keeps none of this request's files.
      if (!stored) await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
    }
  });

  jsonRoute({
    scope,
    method: 'POST',
    url: '/carClarityCustomer',
    handle: async (request, tx) => {
      const body = requireObject(request.body);
      // SPEC §7: "with the submitted data as the body" - accept it wrapped in {lead} or bare.
      const lead = isObject(body.lead) ? body.lead : { dealership_slug: site.slug, form: 'finance', ...body };
      return acceptLead({ tx, lead, destination: 'carClarityCustomer' });
    },
  });
}

/** Throws 400/404 unless `lead` has its shape, names a dealer, location and car of the site, and keeps the form's rules. */
function checkLead({ lead, site }: { lead: Lead; site: ServedSiteConfig }): void {
  const shape = shapeErrors({ schema: LEAD_BODY_SCHEMA, value: { lead } });
  if (Object.keys(shape).length) throw invalidFields(shape);
  const dealershipSlug = lead.dealership_slug as string;
  if (!isKnownDealerSlug({ site, dealershipSlug })) {
    throw new HttpError({ status: 404, message: `Unknown dealer "${dealershipSlug}"` });
  }
  const errors = formErrors({ lead, site });
  if (site.locations.length && lead.location_id != null && !site.locations.some((l) => l.id === Number(lead.location_id))) {
    errors.location_id ??= 'Unknown location';
  }
  if (lead.car_id != null && !isKnownCarId({ site, carId: Number(lead.car_id) })) errors.car_id ??= UNKNOWN_CAR;
  if (Object.keys(errors).length) throw invalidFields(errors);
}

function leadNotFound(id: number): HttpError {
  return new HttpError({ status: 404, message: `Lead ${id} not found` });
}

/** The stored columns of a lead (website_slug is the serving site, whatever the client says). */
function leadColumns({ lead, site, destination }: { lead: Lead; site: ServedSiteConfig; destination?: string }): LeadColumns {
  const { special: _honeypot, ...payload } = lead;
  return {
    dealershipSlug: lead.dealership_slug as string,
    websiteSlug: site.slug,
    category: typeof lead.category === 'string' ? lead.category : null,
    subcategory: typeof lead.subcategory === 'string' ? lead.subcategory : null,
    leadStatus: typeof lead.lead_status === 'string' ? lead.lead_status : null,
    formCompleted: lead.form_completed !== false,
    payload: destination ? { ...payload, destination } : payload,
  };
}

/** A row id from the path (PUT /leads/{id}): 400 unless a positive id of our tables. */
function rowIdParam(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > MAX_ROW_ID) throw invalidFields({ id: 'must be a lead id' });
  return Number(raw);
}

/** A honeypot value a person never fills. */
function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}
