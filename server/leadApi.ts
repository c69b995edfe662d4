/**
 * The local lead API (SPEC §7), a Fastify plugin mounted on every served site under /api and,
 * identically, under /mock (SPEC: "In mock mode the /api prefix becomes /mock").
 *
 * Each handler computes an `Answer`; POSTs go through Idempotency-Key handling. Field rules are
 * domain/formRules.ts's (via ./formCheck.ts), never re-implemented here.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEntityId, MAX_ROW_ID } from '../domain/leadApi.ts';
import { type Answer, HttpError, invalidFields } from './answer.ts';
import { JSON_BODY_LIMIT, setUpApiScope } from './apiScope.ts';
import type { Database, Queryable } from './db/database.ts';
import {
  burnLeadId,
  findValuation,
  insertEvent,
  insertPhoneReveal,
  insertValuation,
  type LeadColumns,
  ownsLead,
  storeLead,
  updateLead,
  updateValuationOffer,
} from './db/leadStore.ts';
import { enqueueDeliveries, wakeDeliveries } from './delivery/outboxStore.ts';
import { deliveryRoute } from './delivery/deliveryRoute.ts';
import type { ServerErrorReporter } from './errorLog.ts';
import { formErrors, valuationContactErrors } from './formCheck.ts';
import { requestHash, withIdempotency } from './idempotency.ts';
import {
  ANY_OBJECT_SCHEMA,
  LEAD_BODY_SCHEMA,
  MISCELLANEOUS_SCHEMA,
  PHONE_REVEAL_SCHEMA,
  REGO_LOOKUP_SCHEMA,
  shapeErrors,
  VALUATION_CREATE_SCHEMA,
  VALUATION_UPDATE_SCHEMA,
} from './leadShape.ts';
import { leadFromFields, readMultipart, type StoredFile } from './multipartLead.ts';
import { isKnownCarId, isKnownDealerId, isKnownDealerSlug, type ServedSiteConfig } from './siteConfig.ts';
import { newUpdateToken, requestTokenHash } from './updateToken.ts';
import { adjustedOffer, describedVehicle, initialOffer, lookupVehicle, marketPrice } from './vehicleLookup.ts';
import { isDescribedVehicle, registrationErrors, valuationVehicleErrors } from '../domain/valuationVehicle.ts';

export { JSON_BODY_LIMIT } from './apiScope.ts';

/** Limits of POST /api/leads/with-files. */
export const UPLOAD_LIMITS = {
  /** Bytes per file. */
  fileSize: 10 * 1024 * 1024,
  files: 5,
  fields: 100,
  /** Bytes per non-file field (the `lead` JSON field included). */
  fieldSize: JSON_BODY_LIMIT,
  parts: 110,
} as const;

/**
 * Largest body of the unauthenticated event endpoints (POST /events/car_phone_call, POST
 * /miscellaneous): a phone-call event is a car, dealership and website id plus the number (about
 * 100 bytes), a saved valuation its answer plus column_name (about 100 bytes); 4 KiB leaves room
 * for other fields and stops anyone storing 64 KB of anything per request.
 */
export const EVENT_BODY_LIMIT = 4 * 1024;

/** Options of the lead API plugin. */
export interface LeadApiOptions {
  db: Database;
  /** The website this server serves; leads must name it or one of its dealerships. */
  site: ServedSiteConfig;
  /** Where uploaded files are written (one folder per website below it). */
  uploadDir: string;
  /** Told about every 5xx (the client only sees UNEXPECTED_ERROR); default: ./errorLog.ts. */
  onServerError?: ServerErrorReporter;
  /** The time deliveries are scheduled by (tests move it); default the system clock. */
  clock?: () => Date;
}

type Lead = Record<string, unknown>;

/** Fastify plugin: registers the lead API routes on the (prefixed) instance. */
export async function leadApi(app: FastifyInstance, { db, site, uploadDir, onServerError, clock = () => new Date() }: LeadApiOptions): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  setUpApiScope({ app, site, onServerError });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));

  /**
   * Registers a JSON route whose handler computes an Answer in one transaction (writing only
   * through `tx`); POSTs honour Idempotency-Key, bound to a hash of the body.
   */
  function route(method: 'POST' | 'PUT', url: string, handle: (request: FastifyRequest, tx: Queryable) => Promise<Answer>, bodyLimit = JSON_BODY_LIMIT): void {
    app.route({
      method,
      url,
      bodyLimit,
      handler: async (request, reply) => {
        const answer = await withIdempotency({
          db,
          dealer: site.slug,
          key: method === 'POST' ? idempotencyKey(request) : undefined,
          route: `${method} ${request.routeOptions.url}`,
          hash: requestHash(JSON.stringify(request.body ?? null)),
          handle: (tx) => handle(request, tx),
        });
        return reply.code(answer.status).send(answer.body);
      },
    });
  }

  /** Checks, then stores a lead; the honeypot answers like success and stores nothing. */
  async function acceptLead({ tx, lead, files = [], destination }: { tx: Queryable; lead: Lead; files?: StoredFile[]; destination?: string }): Promise<Answer> {
    if (isFilled(lead.special)) {
      // Keep nothing of a bot's submission, files included; the answer looks like a real one.
      await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
      return { status: 201, body: { id: await burnLeadId({ db: tx }), update_token: newUpdateToken().token } };
    }
    checkLead({ lead });
    const { token, hash } = newUpdateToken();
    const columns = leadColumns({ lead, site, destination });
    const id = await storeLead({ tx, lead: columns, uploads: files, tokenHash: hash });
    // In the lead's transaction: a stored lead always has its deliveries, and a refused one none.
    await enqueueDeliveries({ tx, site, subjectId: id, complete: columns.formCompleted, now: clock(), ...deliveryRoute({ site, lead }) });
    return { status: 201, body: { id, update_token: token } };
  }

  function checkLead({ lead }: { lead: Lead }): void {
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

  route('POST', '/leads', async (request, tx) => {
    const body = requireObject(request.body);
    const lead = body.lead;
    if (!isObject(lead)) throw invalidFields(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body }));
    return acceptLead({ tx, lead });
  });

  route('PUT', '/leads/:id', async (request, tx) => {
    const id = rowIdParam((request.params as { id: string }).id);
    const body = requireObject(request.body);
    const lead = body.lead;
    if (!isObject(lead)) throw invalidFields(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body }));
    const tokenHash = requestTokenHash(request);
    // Without its update token a lead does not exist for this request: 404, never 403.
    if (!tokenHash || !(await ownsLead({ db: tx, id, websiteSlug: site.slug, tokenHash }))) throw leadNotFound(id);
    if (isFilled(lead.special)) return { status: 200, body: { id } };
    checkLead({ lead });
    const columns = leadColumns({ lead, site });
    if (!(await updateLead({ db: tx, id, lead: columns, tokenHash }))) throw leadNotFound(id);
    if (columns.formCompleted) await wakeDeliveries({ tx, kind: deliveryRoute({ site, lead }).kind, subjectId: id, now: clock() });
    return { status: 200, body: { id } };
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

  route('POST', '/carClarityCustomer', async (request, tx) => {
    const body = requireObject(request.body);
    // SPEC §7: "with the submitted data as the body" - accept it wrapped in {lead} or bare.
    const lead = isObject(body.lead) ? body.lead : { dealership_slug: site.slug, form: 'finance', ...body };
    return acceptLead({ tx, lead, destination: 'carClarityCustomer' });
  });

  route(
    'POST',
    '/events/car_phone_call',
    async (request, tx) => {
      const body = requireObject(request.body);
      checkShape({ schema: ANY_OBJECT_SCHEMA, value: body });
      if (body.dealership_id != null && !(isEntityId(body.dealership_id) && isKnownDealerId({ site, dealershipId: body.dealership_id }))) {
        throw new HttpError({ status: 404, message: 'Unknown dealership' });
      }
      if (body.car_id != null && !isKnownCarId({ site, carId: body.car_id })) throw invalidFields({ car_id: UNKNOWN_CAR });
      const id = await insertEvent({ db: tx, websiteSlug: site.slug, type: 'car_phone_call', payload: body });
      return { status: 201, body: { id } };
    },
    EVENT_BODY_LIMIT,
  );

  route('POST', '/phone-reveal', async (request, tx) => {
    const body = requireObject(request.body);
    checkShape({ schema: PHONE_REVEAL_SCHEMA, value: body });
    const dealershipId = (body.dealership_id as number | null | undefined) ?? null;
    const websiteId = (body.website_id as number | null | undefined) ?? null;
    if (dealershipId !== null && !isKnownDealerId({ site, dealershipId })) {
      throw new HttpError({ status: 404, message: `Unknown dealership ${dealershipId}` });
    }
    if (websiteId !== null && site.website_id !== null && websiteId !== site.website_id) {
      throw new HttpError({ status: 404, message: `Unknown website ${websiteId}` });
    }
    if (!isKnownCarId({ site, carId: body.car_id })) throw invalidFields({ car_id: UNKNOWN_CAR });
    await insertPhoneReveal({ db: tx, websiteSlug: site.slug, carId: body.car_id as number, dealershipId, websiteId });
    return { status: 201, body: { ok: true } };
  });

  route('POST', '/simple-autograb-lookup', async (request) => {
    const body = requireObject(request.body);
    checkShape({ schema: REGO_LOOKUP_SCHEMA, value: body });
    const errors = registrationErrors({ rego: body.rego, regoState: body.regoState, vin: body.vin, region: site.region });
    if (Object.keys(errors).length) throw invalidFields(errors);
    return { status: 200, body: lookupVehicle({ rego: body.rego as string, regoState: body.regoState as string, vin: body.vin as string | undefined }) };
  });

  route('POST', '/valuations', async (request, tx) => {
    const body = requireObject(request.body);
    const data = isObject(body.valuation) ? body.valuation : isObject(body.lead) ? body.lead : body;
    checkShape({ schema: VALUATION_CREATE_SCHEMA, value: data });
    const dealershipSlug = typeof data.dealership_slug === 'string' ? data.dealership_slug : site.slug;
    if (!isKnownDealerSlug({ site, dealershipSlug })) throw new HttpError({ status: 404, message: `Unknown dealer "${dealershipSlug}"` });
    const errors = {
      // SPEC §5 'Rego is optional': the registration, or the make, model, year and odometer (the form's rule).
      ...valuationVehicleErrors({ values: data, region: site.region }),
      ...valuationContactErrors({ data, site }),
    };
    if (data.car_id != null && !isKnownCarId({ site, carId: Number(data.car_id) })) errors.car_id = UNKNOWN_CAR;
    if (Object.keys(errors).length) throw invalidFields(errors);
    const vehicle = isDescribedVehicle({ values: data, region: site.region })
      ? describedVehicle({ make: String(data.make), model: String(data.model), year: Number(data.year), km: data.km as number })
      : lookupVehicle({ rego: data.rego as string, regoState: data.regoState as string, vin: data.vin as string | undefined });
    // The owner's odometer reading, when given, replaces the estimate.
    const retail = typeof data.km === 'number' ? marketPrice({ newPrice: vehicle.new_price, year: vehicle.year, km: data.km }) : vehicle.market_price;
    const offerPrice = initialOffer({ marketPrice: retail });
    const { token, hash } = newUpdateToken();
    const id = await insertValuation({
      db: tx,
      valuation: {
        dealershipSlug,
        websiteSlug: site.slug,
        rego: vehicle.rego,
        regoState: vehicle.regoState,
        offerPrice,
        payload: { ...data, vehicle, base_offer: offerPrice },
        tokenHash: hash,
      },
    });
    await enqueueDeliveries({
      tx,
      site,
      subjectId: id,
      now: clock(),
      ...deliveryRoute({ site, lead: { ...data, dealership_slug: dealershipSlug } }),
      kind: 'valuation',
    });
    return { status: 201, body: { id, offer_price: offerPrice, update_token: token } };
  });

  route('PUT', '/valuations', async (request, tx) => {
    const body = requireObject(request.body);
    checkShape({ schema: VALUATION_UPDATE_SCHEMA, value: body });
    const id = body.id as number;
    const tokenHash = requestTokenHash(request);
    const valuation = tokenHash ? await findValuation({ db: tx, id, websiteSlug: site.slug, tokenHash }) : null;
    if (!valuation) throw new HttpError({ status: 404, message: `Valuation ${id} not found` });
    const baseOffer = typeof valuation.payload.base_offer === 'number' ? valuation.payload.base_offer : valuation.offer_price;
    const offerPrice = adjustedOffer({ baseOffer, adjustmentAnswers: body.adjustmentAnswers });
    await updateValuationOffer({ db: tx, id, adjustmentAnswers: body.adjustmentAnswers, offerPrice });
    return { status: 200, body: { id, offer_price: offerPrice } };
  });

  route(
    'POST',
    '/miscellaneous',
    async (request, tx) => {
      const body = requireObject(request.body);
      checkShape({ schema: MISCELLANEOUS_SCHEMA, value: body });
      const id = await insertEvent({ db: tx, websiteSlug: site.slug, type: 'miscellaneous', payload: body });
      return { status: 201, body: { id } };
    },
    EVENT_BODY_LIMIT,
  );
}

/** The error of a car id that is not a car of this site. */
export const UNKNOWN_CAR = 'is not a car of this site';

/** The Idempotency-Key header of a request (the first, when repeated). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
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

function checkShape({ schema, value }: { schema: object; value: unknown }): void {
  const errors = shapeErrors({ schema, value });
  if (Object.keys(errors).length) throw invalidFields(errors);
}

function requireObject(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw invalidFields({ body: 'must be a JSON object' });
  return body;
}

/** A row id from the path (PUT /leads/{id}): 400 unless a positive id of our tables. */
export function rowIdParam(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > MAX_ROW_ID) throw invalidFields({ id: 'must be a lead id' });
  return Number(raw);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}
