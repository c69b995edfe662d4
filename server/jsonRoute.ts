/**
 * What the lead API's route modules (leads, events, valuations) share: a JSON route whose
 * handler computes an Answer in one transaction and honours Idempotency-Key, and the small
 * checks every handler makes of its body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Answer, invalidFields } from './answer.ts';
import { JSON_BODY_LIMIT } from './apiScope.ts';
import type { Database, Queryable } from './db/database.ts';
import { requestHash, withIdempotency } from './idempotency.ts';
import { shapeErrors } from './leadShape.ts';
import type { ServedSiteConfig } from './siteConfig.ts';

/** What a route module of the lead API is given. */
export interface LeadApiScope {
  app: FastifyInstance;
  db: Database;
  /** The website this server serves. */
  site: ServedSiteConfig;
  /** The time deliveries are scheduled by. */
  clock: () => Date;
}

/** A handler that computes its Answer, writing only through `tx`; `prepared` is what the route's `prepare` step gave. */
export type JsonHandler<P = undefined> = (request: FastifyRequest, tx: Queryable, prepared: P) => Promise<Answer>;

/**
 * Registers a JSON route whose handler computes an Answer in one transaction (writing only
 * through `tx`); POSTs honour Idempotency-Key, bound to a hash of the body. A route that must
 * wait on something outside the database (a provider over HTTP) does it in `prepare`, before
 * the transaction opens: a slow answer then never holds a connection (PGlite has only one).
 */
export function jsonRoute<P = undefined>({
  scope: { app, db, site },
  method,
  url,
  prepare,
  handle,
  bodyLimit = JSON_BODY_LIMIT,
}: {
  scope: LeadApiScope;
  method: 'POST' | 'PUT';
  url: string;
  /** Runs before the transaction, with no database access; may throw an HttpError. Its result is the handler's `prepared`. */
  prepare?: (request: FastifyRequest) => Promise<P>;
  handle: JsonHandler<P>;
  /** Largest body in bytes (JSON_BODY_LIMIT unless the route takes less). */
  bodyLimit?: number;
}): void {
  app.route({
    method,
    url,
    bodyLimit,
    handler: async (request, reply) => {
      const prepared = prepare ? await prepare(request) : (undefined as P);
      const answer = await withIdempotency({
        db,
        dealer: site.slug,
        key: method === 'POST' ? idempotencyKey(request) : undefined,
        route: `${method} ${request.routeOptions.url}`,
        hash: requestHash(JSON.stringify(request.body ?? null)),
        handle: (tx) => handle(request, tx, prepared),
      });
      return reply.code(answer.status).send(answer.body);
    },
  });
}

/** The error of a car id that is not a car of this site. */
export const UNKNOWN_CAR = 'is not a car of this site';

/** The Idempotency-Key header of a request (the first, when repeated). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** Throws 400 naming each field of `value` that does not have the type `schema` gives it. */
export function checkShape({ schema, value }: { schema: object; value: unknown }): void {
  const errors = shapeErrors({ schema, value });
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** The body as an object, or 400. */
export function requireObject(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw invalidFields({ body: 'must be a JSON object' });
  return body;
}

/** A plain object (not null, not a list). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
