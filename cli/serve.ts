/**
 * `forecourt serve <slug>` / `forecourt serve --all`: previews generated sites on 127.0.0.1,
 * each with the local lead API, on one shared lead database.
 */
import type { Dirent } from 'node:fs';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { createDeliveryWorker, type DeliveryWorker, MIN_LEASE_SECONDS } from '../server/delivery/deliveryWorker.ts';
import { releaseAllLeases } from '../server/delivery/outboxStore.ts';
import { DEFAULT_STATE_DIR, openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { AdminSetupError, createAdminAuth } from '../server/admin/adminAuth.ts';
import { newLocalToken, writeLocalAccess } from '../server/admin/localAccess.ts';
import { createRetentionSweeper } from '../server/admin/retention.ts';
import { documentEnvironment } from './environment.ts';
import { defaultSiteConfig, loadSiteConfig, type ServedSiteConfig, SiteConfigMissingError } from '../server/siteConfig.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';
import { ALLOW_DESTINATIONS_ENV, policyFromEnv } from '../net/addressPolicy.ts';
import { DEMO_ENV, demoFromEnv, serveModeFor } from '../server/serveMode.ts';
import { STRIPE_API_ENV, STRIPE_KEY_ENV, STRIPE_WEBHOOK_ENV } from '../server/payments/paymentSettings.ts';

/** First port of `serve`; with --all each further dealer takes the next one. */
export const DEFAULT_PORT = 4100;

/** Sites being served and how to stop them. */
export interface RunningServe {
  sites: { slug: string; url: string }[];
  db: Database;
  /** Sends the lead deliveries of the served sites. */
  worker: DeliveryWorker;
  /** Stops every server, then closes the database. */
  close(): Promise<void>;
  /** Whether the sites run in demo mode. */
  demo: boolean;
}

/** A problem the user can fix; printed without a stack. */
export class ServeError extends Error {
  override name = 'ServeError';
}

/** The slugs of every generated site under `outDir` (a folder with an index.html). */
export async function builtSlugs({ outDir }: { outDir: string }): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(outDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`Could not list ${outDir}`, { cause: error });
  }
  return (
    entries
      // A site is a folder or (renderer/swap.ts) a symlink to its live version; existsSync follows it.
      .filter(
        (entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith('.') && existsSync(path.join(outDir, entry.name, 'index.html')),
      )
      .map((entry) => entry.name)
      .sort()
  );
}

/** Checks that `slug` was generated; the error says what to run. */
export function assertGenerated({ slug, outDir, dealersDir }: { slug: string; outDir: string; dealersDir: string }): void {
  if (existsSync(path.join(outDir, slug, 'index.html'))) return;
  if (!existsSync(path.join(dealersDir, slug))) {
    throw new ServeError(`Unknown dealer "${slug}": there is no ${path.join(dealersDir, slug)} and no generated ${path.join(outDir, slug)}`);
  }
  throw new ServeError(`${path.join(outDir, slug)} was not generated: run forecourt generate ${slug} first`);
}

/**
 * Starts serving: one Fastify server per site on 127.0.0.1, from `port` upward (0 = any free
 * port), all sharing one lead database.
 */
export async function startServe({
  slugs,
  outDir,
  port,
  databaseUrl,
  stateDir = DEFAULT_STATE_DIR,
  warn = (message: string) => console.warn(message),
  clock,
  env = process.env,
  admin = null,
  deliveryLeaseMs,
  demo = false,
}: {
  slugs: string[];
  outDir: string;
  port: number;
  databaseUrl?: string | null;
  stateDir?: string;
  warn?: (message: string) => void;
  /** The time deliveries are scheduled by (tests move it); default the system clock. */
  clock?: () => Date;
  /** Where delivery secrets are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Serve the dealer's inbox under /admin/ with this account (the password from the environment). */
  admin?: { user: string; password: string } | null;
  /** How long the delivery worker holds a delivery it sends (default 2 minutes; deliveryLeaseMs reads the setting). */
  deliveryLeaseMs?: number;
  /** Demo mode: stand-ins answer shoppers and pages say so (default: production, ./serveMode.ts). */
  demo?: boolean;
}): Promise<RunningServe> {
  // Read before anything opens: a malformed allowance stops serve with its message.
  const policy = policyFromEnv(env);
  const adminAuth = admin ? await createAdminAuth({ ...admin, clock }) : null;
  const configs: ServedSiteConfig[] = [];
  for (const slug of slugs) {
    try {
      configs.push(await loadSiteConfig({ outDir, slug }));
    } catch (error) {
      if (!(error instanceof SiteConfigMissingError)) throw error;
      // An older build: serve it, with every lead rule at its default.
      warn(`warning: ${error.message}; serving ${slug} with default form settings`);
      configs.push(defaultSiteConfig({ slug }));
    }
  }
  // Production refuses to start before it opens anything when a dealer's money cannot be real.
  const mode = serveModeFor({ sites: configs, env, demo });
  const db = await openLeadDatabase({ databaseUrl, stateDir });
  const apps: FastifyInstance[] = [];
  const sites: RunningServe['sites'] = [];
  const worker = createDeliveryWorker({ db, sites: configs, clock, env, policy, leaseMs: deliveryLeaseMs });
  const retention = createRetentionSweeper({ db, sites: configs, clock });
  // `forecourt leads` cannot open the embedded database while this process holds it: it asks
  // this server instead, with the token of <state dir>/serve.json (server/admin/localAccess.ts).
  const localToken = db.kind === 'pglite' ? newLocalToken() : undefined;
  let removeLocalAccess = async () => {};
  const close = async () => {
    await removeLocalAccess();
    const results = await Promise.allSettled(apps.map((app) => app.close()));
    await worker.stop();
    await retention.stop();
    await db.close();
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw new Error('A server did not close cleanly', { cause: (failed as PromiseRejectedResult).reason });
  };
  try {
    for (const [index, site] of configs.entries()) {
      const app = await buildApp({ outDir, site, db, uploadDir: path.join(stateDir, 'uploads'), clock, localToken, admin: adminAuth, mode });
      apps.push(app);
      const wanted = port === 0 ? 0 : port + index;
      try {
        await app.listen({ host: '127.0.0.1', port: wanted });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          throw new ServeError(`Port ${wanted} is already in use (for ${site.slug}): stop what uses it or pass --port`, { cause: error });
        }
        throw error;
      }
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : wanted;
      sites.push({ slug: site.slug, url: `http://127.0.0.1:${actual}/` });
    }
    if (localToken) removeLocalAccess = await writeLocalAccess({ stateDir, access: { pid: process.pid, url: sites[0].url, token: localToken } });
    // The embedded database has one process at a time (its lock): a lease found now was left by
    // a killed serve, so its deliveries go out again at once (on PostgreSQL, when the lease ends).
    if (db.kind === 'pglite') await releaseAllLeases({ db, now: clock ? clock() : new Date() });
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  worker.start();
  retention.start();
  return { sites, db, worker, close, demo: mode.demo };
}

/** The environment variable of the delivery lease, in whole seconds. */
export const DELIVERY_LEASE_ENV = 'FORECOURT_DELIVERY_LEASE_SECONDS';

/** The delivery lease of FORECOURT_DELIVERY_LEASE_SECONDS in milliseconds (unset: the worker's default); a ServeError names what is wrong. */
export function deliveryLeaseMs({ env }: { env: NodeJS.ProcessEnv }): number | undefined {
  const text = env[DELIVERY_LEASE_ENV]?.trim();
  if (!text) return undefined;
  const seconds = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds < MIN_LEASE_SECONDS) {
    throw new ServeError(`${DELIVERY_LEASE_ENV} must be a whole number of seconds, at least ${MIN_LEASE_SECONDS} (twice the send timeout); it is "${text}"`);
  }
  return seconds * 1000;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return port;
}

/** Registers `forecourt serve`. */
export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('Serve generated dealer sites on 127.0.0.1 with the local lead API (embedded database by default)')
    .argument('[slug]', 'dealer to serve (its site must be generated: out/<slug>/)')
    .option('--all', 'serve every generated dealer in the out directory, each on its own port')
    .addOption(
      new Option('--port <n>', 'port of the (first) site; --all counts upward from it (0: any free port)')
        .env('FORECOURT_PORT')
        .argParser(parsePort)
        .default(DEFAULT_PORT),
    )
    .option('--out <dir>', 'directory holding the generated sites', 'out')
    .option('--dealers <dir>', 'directory holding the dealer records', DEFAULT_DEALERS_DIR)
    .option('--demo', `demo mode: a test payment page and invented valuations answer shoppers, every page says Demo (also ${DEMO_ENV}=1)`)
    .option('--admin', "also serve the dealer's inbox at /admin/ (password from FORECOURT_ADMIN_PASSWORD)")
    .addOption(
      new Option('--database-url <url>', 'store leads in this PostgreSQL database (postgres://...) instead of .forecourt/db').env('FORECOURT_DATABASE_URL'),
    )
    .action(
      async (
        slug: string | undefined,
        options: { all?: boolean; admin?: boolean; demo?: boolean; port: number; out: string; dealers: string; databaseUrl?: string },
      ) => {
        try {
          let admin: { user: string; password: string } | null = null;
          if (options.admin) {
            const password = process.env.FORECOURT_ADMIN_PASSWORD;
            if (!password) throw new ServeError('--admin needs the inbox password in FORECOURT_ADMIN_PASSWORD');
            admin = { user: process.env.FORECOURT_ADMIN_USER || 'admin', password };
          }
          const leaseMs = deliveryLeaseMs({ env: process.env });
          if (slug && options.all) throw new ServeError('Give either a dealer slug or --all, not both');
          let slugs: string[];
          if (options.all) {
            slugs = await builtSlugs({ outDir: options.out });
            if (slugs.length === 0) throw new ServeError(`No generated sites in ${options.out}/: run forecourt generate first`);
          } else if (slug) {
            assertGenerated({ slug, outDir: options.out, dealersDir: options.dealers });
            slugs = [slug];
          } else {
            throw new ServeError('Name the dealer to serve (forecourt serve <slug>) or pass --all');
          }
          const demo = options.demo === true || demoFromEnv({ env: process.env });
          const running = await startServe({
            slugs,
            outDir: options.out,
            port: options.port,
            databaseUrl: options.databaseUrl,
            admin,
            deliveryLeaseMs: leaseMs,
            demo,
          });
          // Handlers first: whoever reads the URL lines may signal at once.
          let stopping = false;
          const stop = (signal: NodeJS.Signals) => {
            if (stopping) return;
            stopping = true;
            running.close().then(
              () => process.exit(0),
              (error: unknown) => {
                console.error(`forecourt serve: ${errorChain(error)} (on ${signal})`);
                process.exit(1);
              },
            );
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
          // stdout carries exactly one `<slug>  <url>` line per site (scripts read it); the rest goes to stderr.
          for (const site of running.sites) console.log(`${site.slug}  ${site.url}`);
          if (admin) for (const site of running.sites) console.error(`Inbox of ${site.slug}: ${site.url}admin/ (user ${admin.user})`);
          if (running.demo)
            console.error('Demo mode: a test payment page takes deposits and valuations are invented; nothing is charged. Pages show a Demo badge.');
          console.error(`Leads are stored in ${running.db.kind === 'postgres' ? 'PostgreSQL' : path.join(DEFAULT_STATE_DIR, 'db')}. Press Ctrl+C to stop.`);
        } catch (error) {
          if (error instanceof AdminSetupError) console.error(`forecourt serve: ${error.message} (FORECOURT_ADMIN_PASSWORD)`);
          else console.error(`forecourt serve: ${errorChain(error)}`);
          process.exitCode = 1;
        }
      },
    );
  documentEnvironment(command, [
    'FORECOURT_PORT',
    'FORECOURT_DATABASE_URL',
    'FORECOURT_DATA_DIR',
    'FORECOURT_ADMIN_PASSWORD',
    'FORECOURT_ADMIN_USER',
    DELIVERY_LEASE_ENV,
    ALLOW_DESTINATIONS_ENV,
    DEMO_ENV,
    STRIPE_KEY_ENV,
    STRIPE_WEBHOOK_ENV,
    STRIPE_API_ENV,
  ]);
}

/** An error and its causes on one line: what failed, then why. */
export function errorChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && parts.length < 5) {
    parts.push(current.message);
    current = current.cause;
  }
  if (current !== undefined && !(current instanceof Error)) parts.push(String(current));
  return parts.join(': ');
}
