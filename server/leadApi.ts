/**
 * The local lead API (SPEC §7), a Fastify plugin mounted on every served site under /api and,
 * identically, under /mock (SPEC: "In mock mode the /api prefix becomes /mock").
 *
 * Each handler computes an `Answer`; POSTs go through Idempotency-Key handling. Field rules are
 * domain/formRules.ts's (via ./formCheck.ts), never re-implemented here.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  type UploadColumns,
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
import { cleanText, fieldNameProblem, hasControlCharacter, parseJsonBody, printableName } from './requestBody.ts';
import { isKnownCarId, isKnownDealerId, isKnownDealerSlug, type ServedSiteConfig } from './siteConfig.ts';
import { newUpdateToken, requestTokenHash } from './updateToken.ts';
import type { ValuationProvider, ValuationVehicle } from './valuationProvider.ts';
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

/** File types a lead may carry: photos, scans and CVs. */
export const ACCEPTED_UPLOAD_TYPES = [
  /^image\/(jpeg|png|gif|webp|heic|heif)$/,
  /^application\/pdf$/,
  /^application\/msword$/,
  /^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document$/,
  /^text\/plain$/,
];

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
  /**
   * Demo mode (server/serveMode.ts): rego lookups and valuations are answered by the invented
   * stand-in of ./vehicleLookup.ts. Otherwise no lookup exists (404) and a valuation is filed
   * for the dealer to price, with no offer.
   */
  demo?: boolean;
  /** The HTTP valuation provider of a production site whose valuation is instant (./valuationProvider.ts). */
  valuationProvider?: ValuationProvider | null;
}

type Lead = Record<string, unknown>;

/** Fastify plugin: registers the lead API routes on the (prefixed) instance. */
export async function leadApi(
  app: FastifyInstance,
  { db, site, uploadDir, onServerError, clock = () => new Date(), demo = false, valuationProvider = null }: LeadApiOptions,
): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  setUpApiScope({ app, site, onServerError });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));

  /**
   * Registers a JSON route whose handler computes an Answer in one transaction (writing only
   * through `tx`); POSTs honour Idempotency-Key, bound to a hash of the body.
   */
  function route(method: 'POST' | 'PUT', url: string, handle: (request: FastifyRequest, tx: Queryable) => Promise<Answer>): void {
    app.route({
      method,
      url,
      bodyLimit: JSON_BODY_LIMIT,
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

  route('POST', '/events/car_phone_call', async (request, tx) => {
    const body = requireObject(request.body);
    checkShape({ schema: ANY_OBJECT_SCHEMA, value: body });
    if (body.dealership_id != null && !(isEntityId(body.dealership_id) && isKnownDealerId({ site, dealershipId: body.dealership_id }))) {
      throw new HttpError({ status: 404, message: 'Unknown dealership' });
    }
    if (body.car_id != null && !isKnownCarId({ site, carId: body.car_id })) throw invalidFields({ car_id: UNKNOWN_CAR });
    const id = await insertEvent({ db: tx, websiteSlug: site.slug, type: 'car_phone_call', payload: body });
    return { status: 201, body: { id } };
  });

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
    // Production: no invented vehicle is ever answered.
    if (!demo) throw new HttpError({ status: 404, message: 'Not found' });
    const body = requireObject(request.body);
    checkShape({ schema: REGO_LOOKUP_SCHEMA, value: body });
    const errors = registrationErrors({ rego: body.rego, regoState: body.regoState, vin: body.vin, region: site.region });
    if (Object.keys(errors).length) throw invalidFields(errors);
    return { status: 200, body: lookupVehicle({ rego: body.rego as string, regoState: body.regoState as string, vin: body.vin as string | undefined }) };
  });

  route('POST', '/valuations', async (request, tx) => {
    // valuation: off: the site has no valuations at all.
    if (site.valuation === 'off') throw new HttpError({ status: 404, message: 'Not found' });
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
    const { vehicle, offerPrice, problem } = demo
      ? { ...demoValuation({ data, region: site.region }), problem: null }
      : await providerValuation({ data, provider: site.valuation === 'instant' ? valuationProvider : null });
    const { token, hash } = newUpdateToken();
    const id = await insertValuation({
      db: tx,
      valuation: {
        dealershipSlug,
        websiteSlug: site.slug,
        rego: vehicle?.rego ?? (typeof data.rego === 'string' ? data.rego : null),
        regoState: vehicle?.regoState ?? (typeof data.regoState === 'string' ? data.regoState : null),
        offerPrice,
        payload: vehicle ? { ...data, vehicle, base_offer: offerPrice } : { ...data, ...(problem ? { valuation_problem: problem } : {}) },
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
    if (site.valuation === 'off') throw new HttpError({ status: 404, message: 'Not found' });
    const body = requireObject(request.body);
    checkShape({ schema: VALUATION_UPDATE_SCHEMA, value: body });
    const id = body.id as number;
    const tokenHash = requestTokenHash(request);
    const valuation = tokenHash ? await findValuation({ db: tx, id, websiteSlug: site.slug, tokenHash }) : null;
    if (!valuation) throw new HttpError({ status: 404, message: `Valuation ${id} not found` });
    const baseOffer = typeof valuation.payload.base_offer === 'number' ? valuation.payload.base_offer : valuation.offer_price;
    // Only demo mode moves an offer by its invented condition rules; a provider's offer (or none,
    // for the dealer to price) stays as it is and the answers go to the dealer.
    const offerPrice = demo && baseOffer !== null ? adjustedOffer({ baseOffer, adjustmentAnswers: body.adjustmentAnswers }) : valuation.offer_price;
    await updateValuationOffer({ db: tx, id, adjustmentAnswers: body.adjustmentAnswers, offerPrice });
    return { status: 200, body: { id, offer_price: offerPrice } };
  });

  route('POST', '/miscellaneous', async (request, tx) => {
    const body = requireObject(request.body);
    checkShape({ schema: MISCELLANEOUS_SCHEMA, value: body });
    const id = await insertEvent({ db: tx, websiteSlug: site.slug, type: 'miscellaneous', payload: body });
    return { status: 201, body: { id } };
  });
}

/** The provider's offer for a valuation request, or none (filed for the dealer to price) with why. */
async function providerValuation({ data, provider }: { data: Record<string, unknown>; provider: ValuationProvider | null }) {
  if (!provider) return { vehicle: null, offerPrice: null, problem: null };
  const vehicle: ValuationVehicle = {};
  for (const name of ['rego', 'regoState', 'vin', 'make', 'model', 'year', 'km'] as const) {
    const value = data[name];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') vehicle[name] = typeof value === 'string' ? value.trim() : value;
  }
  const answer = await provider.offerFor(vehicle);
  return { vehicle: null, offerPrice: answer.offer_price, problem: answer.offer_price === null ? answer.problem : null };
}

/** Demo mode's invented vehicle and first offer for a valuation request (./vehicleLookup.ts). */
function demoValuation({ data, region }: { data: Record<string, unknown>; region: ServedSiteConfig['region'] }) {
  const vehicle = isDescribedVehicle({ values: data, region })
    ? describedVehicle({ make: String(data.make), model: String(data.model), year: Number(data.year), km: data.km as number })
    : lookupVehicle({ rego: data.rego as string, regoState: data.regoState as string, vin: data.vin as string | undefined });
  // The owner's odometer reading, when given, replaces the estimate.
  const retail = typeof data.km === 'number' ? marketPrice({ newPrice: vehicle.new_price, year: vehicle.year, km: data.km }) : vehicle.market_price;
  return { vehicle, offerPrice: initialOffer({ marketPrice: retail }) };
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

/** An uploaded file written to disk. */
type StoredFile = UploadColumns;

/**
 * Reads every part: fields as cleaned strings, files streamed to `folder` under random names.
 * `hash` identifies the request's content for its Idempotency-Key: the fields and each file's
 * name, type and SHA-256, not the raw bytes (a browser picks a new boundary on every send).
 * A malformed or truncated body is the client's fault (400); the files of a failed read are removed.
 */
async function readMultipart({
  request,
  folder,
}: {
  request: FastifyRequest;
  folder: string;
}): Promise<{ fields: Record<string, string>; files: StoredFile[]; hash: string }> {
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  const fileHashes: string[][] = [];
  try {
    for await (const part of request.parts()) {
      const nameProblem = fieldNameProblem(part.fieldname);
      if (nameProblem) {
        if (part.type === 'file') part.file.resume();
        throw invalidFields({ [printableName(part.fieldname)]: nameProblem });
      }
      if (part.type === 'field') {
        fields[part.fieldname] = cleanText(String(part.value));
        continue;
      }
      if (!part.filename) {
        // An empty <input type=file> still sends a part; nothing to keep.
        part.file.resume();
        continue;
      }
      if (hasControlCharacter(part.filename) || cleanText(part.filename) !== part.filename) {
        part.file.resume();
        throw invalidFields({ [part.fieldname]: 'The file name must not contain control characters' });
      }
      if (!ACCEPTED_UPLOAD_TYPES.some((type) => type.test(part.mimetype))) {
        part.file.resume();
        throw invalidFields({ [part.fieldname]: `File type ${part.mimetype} is not accepted (images, PDF, Word or text)` });
      }
      await mkdir(folder, { recursive: true });
      const storedPath = path.join(folder, `${randomUUID()}${safeExtension(part.filename)}`);
      let size = 0;
      const digest = createHash('sha256');
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          digest.update(chunk);
          callback(null, chunk);
        },
      });
      const filename = cleanText(path.basename(part.filename)).slice(0, 255);
      files.push({ field: part.fieldname, filename, storedPath, mimetype: part.mimetype, size: 0 });
      await pipeline(part.file, counter, createWriteStream(storedPath));
      files[files.length - 1].size = size;
      fileHashes.push([part.fieldname, filename, part.mimetype, digest.digest('hex')]);
    }
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
    throw multipartError(error);
  }
  const sortedFields = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return { fields, files, hash: requestHash(JSON.stringify({ fields: sortedFields, files: fileHashes })) };
}

/** A failed multipart read: ours (disk, 5xx) stays as it is; a broken body becomes 400. */
function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { statusCode, syscall } = (error ?? {}) as { statusCode?: number; syscall?: string };
  // File system errors (disk full ...) carry a syscall; limits carry their own 4xx status.
  if (syscall !== undefined || (statusCode !== undefined && statusCode >= 400)) return error;
  return new HttpError({ status: 400, message: 'The multipart/form-data body is malformed or truncated', cause: error });
}

function safeExtension(filename: string): string {
  const ext = path.extname(filename).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

/** Lead fields whose multipart text stands for a boolean. */
const BOOLEAN_FIELDS = new Set(['opt_in', 'form_completed', 'terms_conditions', 'terms_agreed', 'isLastStep']);

/**
 * The lead of a multipart body: a `lead` field holding JSON (SPEC §7 body shape), else the
 * plain fields (`name` or `lead[name]`), with "true"/"false" read as booleans.
 */
export function leadFromFields({ fields }: { fields: Record<string, string> }): Lead {
  if (typeof fields.lead === 'string') {
    let parsed: unknown;
    try {
      parsed = parseJsonBody(fields.lead);
    } catch (error) {
      const reason = error instanceof HttpError && error.errors ? error.message : 'The lead field is not valid JSON';
      throw new HttpError({
        status: 400,
        message: reason,
        errors: error instanceof HttpError && error.errors ? error.errors : { lead: 'must be JSON' },
        cause: error,
      });
    }
    const lead = isObject(parsed) && isObject(parsed.lead) ? parsed.lead : parsed;
    if (!isObject(lead)) throw invalidFields({ lead: 'must be a JSON object' });
    return lead;
  }
  const lead: Lead = {};
  for (const [raw, value] of Object.entries(fields)) {
    const name = raw.replace(/^lead\[(.+)\]$/, '$1');
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
    if (BOOLEAN_FIELDS.has(name) && (value === 'true' || value === 'false')) lead[name] = value === 'true';
    else if (name === 'step_number' && /^\d{1,6}$/.test(value)) lead[name] = Number(value);
    else lead[name] = value;
  }
  return lead;
}
