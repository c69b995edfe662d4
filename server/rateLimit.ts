/**
 * Rate limits of the lead API per client address (@fastify/rate-limit): a burst of 100 posts
 * from one address is served; a sustained flood is answered 429 with Retry-After until the
 * window ends. Reads (the car page's reservation state) have their own, larger allowance.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './answer.ts';

/** Requests per address per window. */
export interface RateLimits {
  windowMs: number;
  /** POST/PUT (leads, valuations, reveals, reservations). */
  writes: number;
  /** GET. */
  reads: number;
}

/** What `serve` applies. */
export const DEFAULT_RATE_LIMITS: RateLimits = { windowMs: 60_000, writes: 120, reads: 600 };

/**
 * Limits every route registered under one of `prefixes` (the API, the event endpoints included),
 * counted per address across them. Which route a request reached is the router's answer
 * (`routeOptions.url`, the route as registered), not the raw request line: the router decodes
 * `/%61pi/leads` to `/api/leads`, so a test on the raw URL let encoded paths past the limit.
 */
export async function registerRateLimits({ app, limits, prefixes }: { app: FastifyInstance; limits: RateLimits; prefixes: readonly string[] }): Promise<void> {
  const kind = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: limits.windowMs,
    // Our own key: the socket's address (trustProxy is off, so a client cannot claim another).
    keyGenerator: (request) => `${request.ip}|${kind(request)}`,
    max: (request) => (kind(request) === 'read' ? limits.reads : limits.writes),
    allowList: (request) => request.method === 'OPTIONS' || !isUnder({ route: request.routeOptions.url, prefixes }),
    errorResponseBuilder: (_request, context) => new HttpError({ status: 429, message: `Too many requests from your address: try again in ${context.after}` }),
  });
}

/** True when the route a request was routed to lies under one of `prefixes`. */
function isUnder({ route, prefixes }: { route: string | undefined; prefixes: readonly string[] }): boolean {
  return route !== undefined && prefixes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}
