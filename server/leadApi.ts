/**
 * The local lead API (SPEC §7), a Fastify plugin mounted on every served site under /api and,
 * identically, under /mock (SPEC: "In mock mode the /api prefix becomes /mock").
 *
 * Each handler computes an `Answer`; POSTs go through Idempotency-Key handling. Field rules are
 * domain/formRules.ts's (via ./formCheck.ts), never re-implemented here.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { type Answer, HttpError, invalidFields, UNEXPECTED_ERROR } from './answer.ts';
import type { Database } from './db/database.ts';
import {
  burnLeadId,
  findValuation,
  insertEvent,
  insertLeadWithUploads,
  insertPhoneReveal,
  insertValuation,
  type LeadColumns,
  type UploadColumns,
  updateLead,
  updateValuationOffer,
} from './db/leadStore.ts';
import { formErrors } from './formCheck.ts';
import { withIdempotency } from './idempotency.ts';
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
import { isKnownDealerId, isKnownDealerSlug, type ServedSiteConfig } from './siteConfig.ts';
import { adjustedOffer, initialOffer, lookupVehicle, marketPrice, regoErrors } from './vehicleLookup.ts';

/** Largest JSON body accepted (413 above). */
export const JSON_BODY_LIMIT = 64 * 1024;

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
  /** Told about every 5xx (the client only sees UNEXPECTED_ERROR). */
  onServerError?: (error: unknown) => void;
}

type Lead = Record<string, unknown>;

/** Fastify plugin: registers the lead API routes on the (prefixed) instance. */
export async function leadApi(app: FastifyInstance, { db, site, uploadDir, onServerError }: LeadApiOptions): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  // navigator.sendBeacon with a string body (phone reveals, events) sends text/plain: read it as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, text, done) => {
    try {
      done(null, JSON.parse(text as string));
    } catch (error) {
      done(
        Object.assign(new Error('The request body is not valid JSON', { cause: error }), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        undefined,
      );
    }
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const answer = errorAnswer({ error, onServerError });
    return reply.code(answer.status).send(answer.body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));

  /** Registers a JSON route whose handler computes an Answer; POSTs honour Idempotency-Key. */
  function route(method: 'POST' | 'PUT', url: string, handle: (request: FastifyRequest) => Promise<Answer>): void {
    app.route({
      method,
      url,
      bodyLimit: JSON_BODY_LIMIT,
      handler: async (request, reply) => {
        const header = request.headers['idempotency-key'];
        const key = Array.isArray(header) ? header[0] : header;
        const answer =
          method === 'POST'
            ? await withIdempotency({ db, dealer: site.slug, key, route: `${method} ${request.routeOptions.url}`, handle: () => handle(request) })
            : await handle(request);
        return reply.code(answer.status).send(answer.body);
      },
    });
  }

  /** Checks, then stores a lead; the honeypot answers like success and stores nothing. */
  async function acceptLead({ lead, files = [], destination }: { lead: Lead; files?: StoredFile[]; destination?: string }): Promise<Answer> {
    if (isFilled(lead.special)) {
      // Keep nothing of a bot's submission, files included.
      await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
      return { status: 201, body: { id: await burnLeadId({ db }) } };
    }
    checkLead({ lead });
    const id = await insertLeadWithUploads({ db, lead: leadColumns({ lead, site, destination }), uploads: files });
    return { status: 201, body: { id } };
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
    if (Object.keys(errors).length) throw invalidFields(errors);
  }

  route('POST', '/leads', async (request) => {
    const body = requireObject(request.body);
    const lead = body.lead;
    if (!isObject(lead)) throw invalidFields(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body }));
    return acceptLead({ lead });
  });

  route('PUT', '/leads/:id', async (request) => {
    const id = leadIdParam((request.params as { id: string }).id);
    const body = requireObject(request.body);
    const lead = body.lead;
    if (!isObject(lead)) throw invalidFields(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body }));
    if (isFilled(lead.special)) return { status: 200, body: { id } };
    checkLead({ lead });
    if (!(await updateLead({ db, id, lead: leadColumns({ lead, site }) }))) {
      throw new HttpError({ status: 404, message: `Lead ${id} not found` });
    }
    return { status: 200, body: { id } };
  });

  app.post('/leads/with-files', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    const answer = await withIdempotency({
      db,
      dealer: site.slug,
      key,
      route: `POST ${request.routeOptions.url}`,
      handle: async () => {
        const folder = path.join(uploadDir, site.slug);
        const { fields, files } = await readMultipart({ request, folder });
        try {
          return await acceptLead({ lead: leadFromFields({ fields }), files });
        } catch (error) {
          await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
          throw error;
        }
      },
    });
    return reply.code(answer.status).send(answer.body);
  });

  route('POST', '/carClarityCustomer', async (request) => {
    const body = requireObject(request.body);
    // SPEC §7: "with the submitted data as the body" - accept it wrapped in {lead} or bare.
    const lead = isObject(body.lead) ? body.lead : { dealership_slug: site.slug, form: 'finance', ...body };
    return acceptLead({ lead, destination: 'carClarityCustomer' });
  });

  route('POST', '/events/car_phone_call', async (request) => {
    const body = requireObject(request.body);
    checkShape({ schema: ANY_OBJECT_SCHEMA, value: body });
    if (typeof body.dealership_id === 'number' && !isKnownDealerId({ site, dealershipId: body.dealership_id })) {
      throw new HttpError({ status: 404, message: `Unknown dealership ${body.dealership_id}` });
    }
    const id = await insertEvent({ db, websiteSlug: site.slug, type: 'car_phone_call', payload: body });
    return { status: 201, body: { id } };
  });

  route('POST', '/phone-reveal', async (request) => {
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
    await insertPhoneReveal({ db, websiteSlug: site.slug, carId: body.car_id as number, dealershipId, websiteId });
    return { status: 201, body: { ok: true } };
  });

  route('POST', '/simple-autograb-lookup', async (request) => {
    const body = requireObject(request.body);
    checkShape({ schema: REGO_LOOKUP_SCHEMA, value: body });
    const errors = regoErrors({ rego: body.rego, regoState: body.regoState });
    if (Object.keys(errors).length) throw invalidFields(errors);
    return { status: 200, body: lookupVehicle({ rego: body.rego as string, regoState: body.regoState as string }) };
  });

  route('POST', '/valuations', async (request) => {
    const body = requireObject(request.body);
    const data = isObject(body.valuation) ? body.valuation : isObject(body.lead) ? body.lead : body;
    checkShape({ schema: VALUATION_CREATE_SCHEMA, value: data });
    const dealershipSlug = typeof data.dealership_slug === 'string' ? data.dealership_slug : site.slug;
    if (!isKnownDealerSlug({ site, dealershipSlug })) throw new HttpError({ status: 404, message: `Unknown dealer "${dealershipSlug}"` });
    const errors = regoErrors({ rego: data.rego, regoState: data.regoState });
    if (Object.keys(errors).length) throw invalidFields(errors);
    const vehicle = lookupVehicle({ rego: data.rego as string, regoState: data.regoState as string });
    // The owner's odometer reading, when given, replaces the estimate.
    const retail = typeof data.km === 'number' ? marketPrice({ newPrice: vehicle.new_price, year: vehicle.year, km: data.km }) : vehicle.market_price;
    const offerPrice = initialOffer({ marketPrice: retail });
    const id = await insertValuation({
      db,
      valuation: {
        dealershipSlug,
        websiteSlug: site.slug,
        rego: vehicle.rego,
        regoState: vehicle.regoState,
        offerPrice,
        payload: { ...data, vehicle, base_offer: offerPrice },
      },
    });
    return { status: 201, body: { id, offer_price: offerPrice } };
  });

  route('PUT', '/valuations', async (request) => {
    const body = requireObject(request.body);
    checkShape({ schema: VALUATION_UPDATE_SCHEMA, value: body });
    const id = body.id as number;
    const valuation = await findValuation({ db, id, websiteSlug: site.slug });
    if (!valuation) throw new HttpError({ status: 404, message: `Valuation ${id} not found` });
    const baseOffer = typeof valuation.payload.base_offer === 'number' ? valuation.payload.base_offer : valuation.offer_price;
    const offerPrice = adjustedOffer({ baseOffer, adjustmentAnswers: body.adjustmentAnswers });
    await updateValuationOffer({ db, id, adjustmentAnswers: body.adjustmentAnswers, offerPrice });
    return { status: 200, body: { id, offer_price: offerPrice } };
  });

  route('POST', '/miscellaneous', async (request) => {
    const body = requireObject(request.body);
    checkShape({ schema: MISCELLANEOUS_SCHEMA, value: body });
    const id = await insertEvent({ db, websiteSlug: site.slug, type: 'miscellaneous', payload: body });
    return { status: 201, body: { id } };
  });
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

/** Maps any error to its answer: the client's fault keeps its message, ours becomes UNEXPECTED_ERROR. */
export function errorAnswer({ error, onServerError }: { error: unknown; onServerError?: (error: unknown) => void }): Answer {
  if (error instanceof HttpError) return error.toAnswer();
  const { statusCode, code } = (error ?? {}) as { statusCode?: number; code?: string };
  if (statusCode === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { error: 'The request is too large' } };
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && statusCode === 400)) {
    return { status: 400, body: { error: 'The request body is not valid JSON' } };
  }
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, body: { error: 'The request body is empty' } };
  if (statusCode === 415 || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return { status: 415, body: { error: 'Unsupported content type: send JSON, or multipart/form-data to /leads/with-files' } };
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) return { status: statusCode, body: { error: (error as Error).message } };
  onServerError?.(error);
  return { status: 500, body: { error: UNEXPECTED_ERROR } };
}

function checkShape({ schema, value }: { schema: object; value: unknown }): void {
  const errors = shapeErrors({ schema, value });
  if (Object.keys(errors).length) throw invalidFields(errors);
}

function requireObject(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw invalidFields({ body: 'must be a JSON object' });
  return body;
}

function leadIdParam(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw invalidFields({ id: 'must be a lead id' });
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

/** Reads every part: fields as strings, files streamed to `folder` under random names. */
async function readMultipart({
  request,
  folder,
}: {
  request: FastifyRequest;
  folder: string;
}): Promise<{ fields: Record<string, string>; files: StoredFile[] }> {
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!part.filename) {
        // An empty <input type=file> still sends a part; nothing to keep.
        part.file.resume();
        continue;
      }
      if (!ACCEPTED_UPLOAD_TYPES.some((type) => type.test(part.mimetype))) {
        part.file.resume();
        throw invalidFields({ [part.fieldname]: `File type ${part.mimetype} is not accepted (images, PDF, Word or text)` });
      }
      await mkdir(folder, { recursive: true });
      const storedPath = path.join(folder, `${randomUUID()}${safeExtension(part.filename)}`);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      files.push({ field: part.fieldname, filename: path.basename(part.filename).slice(0, 255), storedPath, mimetype: part.mimetype, size: 0 });
      await pipeline(part.file, counter, createWriteStream(storedPath));
      files[files.length - 1].size = size;
    }
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
    throw error;
  }
  return { fields, files };
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
      parsed = JSON.parse(fields.lead);
    } catch (error) {
      throw new HttpError({ status: 400, message: 'The lead field is not valid JSON', errors: { lead: 'must be JSON' }, cause: error });
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
