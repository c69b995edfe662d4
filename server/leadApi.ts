/**
 * The local lead API (SPEC §7), a Fastify plugin mounted on every served site under /api and,
 * identically, under /mock (SPEC §7: "In mock mode the /api prefix becomes /mock").
 *
 * Its routes live in three modules: leads (./leadRoutes.ts), events and reveals
 * (./eventRoutes.ts) and valuations (./valuationRoutes.ts). Each handler computes an `Answer`;
 * POSTs go through Idempotency-Key handling (./jsonRoute.ts). Field rules are
 * domain/formRules.ts's (via ./formCheck.ts), never re-implemented here.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { setUpApiScope } from './apiScope.ts';
import type { Database } from './db/database.ts';
import type { ServerErrorReporter } from './errorLog.ts';
import { registerEventRoutes } from './eventRoutes.ts';
import type { LeadApiScope } from './jsonRoute.ts';
import { registerLeadRoutes } from './leadRoutes.ts';
import { UPLOAD_LIMITS } from './multipartLead.ts';
import type { ServedSiteConfig } from './siteConfig.ts';
import { registerValuationRoutes } from './valuationRoutes.ts';
import type { ValuationProvider } from './valuationProvider.ts';

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

/** Fastify plugin: registers the lead API routes on the (prefixed) instance. */
export async function leadApi(
  app: FastifyInstance,
  { db, site, uploadDir, onServerError, clock = () => new Date(), demo = false, valuationProvider = null }: LeadApiOptions,
): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  setUpApiScope({ app, site, onServerError });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));
  const scope: LeadApiScope = { app, db, site, clock };
  registerLeadRoutes({ scope, uploadDir });
  registerEventRoutes({ scope });
  registerValuationRoutes({ scope, demo, valuationProvider });
}
