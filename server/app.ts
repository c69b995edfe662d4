/**
 * One served dealer site: the static files of `out/<slug>/` plus the lead API under /api and
 * /mock, on a Fastify instance the caller listens with (127.0.0.1) or injects requests into.
 */
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { UPDATE_TOKEN_HEADER } from '../domain/leadApi.ts';
import { API_SECURITY_HEADERS } from './answer.ts';
import { errorAnswer } from './apiScope.ts';
import type { Database } from './db/database.ts';
import { logServerError, type ServerErrorReporter } from './errorLog.ts';
import type { AdminAuth } from './admin/adminAuth.ts';
import { type LoginLimit, registerInbox } from './admin/inboxRoutes.ts';
import { LOCAL_ADMIN_PREFIX, localAdminApi } from './admin/localAdminApi.ts';
import { leadApi } from './leadApi.ts';
import { reserveApi } from './reserveApi.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits, registerRateLimits } from './rateLimit.ts';
import { reviewWidgetApi } from './reviewWidget.ts';
import { registerPayments, type ServeMode, valuationProviderFor } from './serveMode.ts';
import { newRequestId } from './requestLog.ts';
import type { ServedSiteConfig } from './siteConfig.ts';
import { registerStaticSite } from './staticSite.ts';

/** Default folder for uploaded lead files, relative to the working directory. */
export const DEFAULT_UPLOAD_DIR = path.join('.forecourt', 'uploads');

/** Prefixes the lead API answers under (SPEC §7: mock mode swaps /api for /mock). */
export const API_PREFIXES = ['/api', '/mock'] as const;

/**
 * Builds the server of one site. `outDir/<site.slug>` must hold the generated site. Nothing
 * listens yet: call `app.listen({host: '127.0.0.1', port})`, or `app.inject()` in tests.
 */
export async function buildApp({
  outDir,
  site,
  db,
  uploadDir = DEFAULT_UPLOAD_DIR,
  onServerError = logServerError,
  rateLimits = DEFAULT_RATE_LIMITS,
  clock,
  localToken,
  admin,
  adminLoginLimit,
  mode = { demo: false, live: {} },
  trustProxy = [],
  beforeApi,
  logger,
}: {
  outDir: string;
  site: ServedSiteConfig;
  db: Database;
  uploadDir?: string;
  /** Told about every 5xx; the default logs ids and error codes only (./errorLog.ts). */
  onServerError?: ServerErrorReporter;
  /** Per-address limits of the API (tests about other things raise them). */
  rateLimits?: RateLimits;
  /** The time lead deliveries are scheduled by (tests move it); default the system clock. */
  clock?: () => Date;
  /** The access token of `forecourt leads` (./admin/localAccess.ts); without one, /api/admin/local is not served. */
  localToken?: string;
  /** The dealer's inbox under /admin/ (`serve --admin`); without it, /admin is not served. */
  admin?: AdminAuth | null;
  /** Sign-in attempts per address (tests narrow the window). */
  adminLoginLimit?: LoginLimit;
  /** Production (default: live providers only) or demo (stand-ins, with a badge on every page); ./serveMode.ts. */
  mode?: ServeMode;
  /**
   * Proxies (addresses or CIDRs, `serve --trust-proxy`) whose X-Forwarded-For/-Proto/-Host are
   * believed: the client address (rate limits), https (Secure cookie, HSTS) and host. Default none.
   */
  trustProxy?: readonly string[];
  /** Awaited before each request of the API and the inbox is handled (serve: reload the site settings after a rebuild). */
  beforeApi?: () => Promise<void>;
  /** The request log (serve: JSON lines, ./requestLog.ts); default none. */
  logger?: FastifyBaseLogger;
}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger, genReqId: newRequestId } : { logger: false }),
    // A client may not claim another address: only the operator's proxies are believed.
    trustProxy: trustProxy.length > 0 ? [...trustProxy] : false,
    // Requests reaching a static route never carry a body; the API sets its own limit per route.
    bodyLimit: 64 * 1024,
    // Query strings of search pages (refinementList[...]) are long but bounded.
    routerOptions: { maxParamLength: 500 },
  });
  // Added before any plugin, so every scope has it: JSON answers (API, errors, 404s) get nosniff and
  // a CSP that allows nothing; pages set their own (the site's _headers, the test payment page).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (/^application\/json\b/.test(String(reply.getHeader('content-type') ?? '')) && !reply.hasHeader('content-security-policy')) {
      reply.headers(API_SECURITY_HEADERS);
    }
    return payload;
  });
  if (beforeApi) {
    app.addHook('onRequest', async (request) => {
      // The routed path, not the raw URL: `/%61pi/leads` reaches the API too and must see fresh settings.
      const routed = request.routeOptions.url ?? request.url;
      if (request.method !== 'GET' || API_PREFIXES.some((prefix) => routed.startsWith(`${prefix}/`)) || routed.startsWith('/admin')) await beforeApi();
    });
  }
  await registerRateLimits({ app, limits: rateLimits, prefixes: API_PREFIXES });
  // Pages of the origins the record allows (forms.allowed_origins, the site's url) may call the
  // API from the browser; ./requestGuards.ts refuses a state-changing request from any other.
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && site.origins.includes(origin)),
    methods: ['GET', 'POST', 'PUT'],
    allowedHeaders: ['Content-Type', 'Accept', 'Idempotency-Key', UPDATE_TOKEN_HEADER],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  const valuationProvider = valuationProviderFor({ site, mode });
  for (const prefix of API_PREFIXES) {
    await app.register(leadApi, { prefix, db, site, uploadDir: path.resolve(uploadDir), onServerError, clock, demo: mode.demo, valuationProvider });
    // Reserve with a deposit: reservations, car reservation state, the demo payment page.
    await app.register(reserveApi, { prefix, db, site, onServerError, clock, demo: mode.demo, live: mode.live });
    // SPEC §7 review widget, answered locally.
    await app.register(reviewWidgetApi, { prefix, site });
  }
  await registerPayments({ app, db, site, mode, clock });
  if (admin) await registerInbox({ app, db, site, auth: admin, loginLimit: adminLoginLimit, clock });
  if (localToken) await app.register(localAdminApi, { prefix: LOCAL_ADMIN_PREFIX, db, token: localToken });
  await registerStaticSite({ app, root: path.join(outDir, site.slug) });
  // Everything outside the API scopes (static pages, the inbox's own scope aside): one answer for
  // a 5xx, 'An unexpected error occured', logged by ids and codes; never a path or a stack.
  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer({ error, onServerError: (failure) => onServerError(failure, request) });
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });
  return app;
}
