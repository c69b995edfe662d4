/**
 * `forecourt serve <slug>` / `forecourt serve --all`: serves generated sites, each with the lead
 * API, on one shared lead database: each on its own port (127.0.0.1 by default, --host), and
 * with --shared-port all of them on one port by the Host header, behind the operator's proxy
 * (--trust-proxy). Each site's settings follow every rebuild (server/siteFollower.ts).
 */
import { type FSWatcher, watch } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { createDeliveryWorker, type DeliveryWorker, MIN_LEASE_SECONDS } from '../server/delivery/deliveryWorker.ts';
import { releaseAllLeases } from '../server/delivery/outboxStore.ts';
import { DEFAULT_STATE_DIR, openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { AdminSetupError, createAdminAuth } from '../server/admin/adminAuth.ts';
import { databaseSessionStore, lateSessionStore } from '../server/admin/sessionStore.ts';
import { followAdminUsers } from '../server/admin/adminUsersFollower.ts';
import { type AdminAccounts, adminAccountsFromEnv } from './adminAccounts.ts';
import { newLocalToken, writeLocalAccess } from '../server/admin/localAccess.ts';
import { createRetentionSweeper } from '../server/admin/retention.ts';
import { documentEnvironment } from './environment.ts';
import { defaultSiteConfig, loadSiteConfig, type ServedSiteConfig, SiteConfigMissingError } from '../server/siteConfig.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';
import { assertGenerated, builtSlugs } from './builtSites.ts';
import { ServeError } from './serveError.ts';

import { ALLOW_DESTINATIONS_ENV, policyFromEnv } from '../net/addressPolicy.ts';
import { DEMO_ENV, demoFromEnv, serveModeFor } from '../server/serveMode.ts';
import { PAYMENT_SESSION_MINUTES_ENV, STRIPE_API_ENV, STRIPE_KEY_ENV, STRIPE_WEBHOOK_ENV } from '../server/payments/paymentSettings.ts';
import { createReservationSweeper, RESERVATION_SWEEP_ENV, reservationSweepMs } from '../server/reservationSweep.ts';
import { listenApp, listenShared } from './serveListeners.ts';
import { followSite, type SiteFollower } from '../server/siteFollower.ts';
import { parseListenHost, parseTrustProxy } from './trustProxyOption.ts';
import type { Logger } from 'pino';
import { createServeLogger } from '../server/requestLog.ts';
import { createServeMetrics, instrumentApp } from '../server/metrics.ts';
import { buildMetricsApp, registerOpsRoutes } from '../server/opsRoutes.ts';
import { type AlertSettings, alertSettingsFromEnv, createDeliveryMonitor } from '../server/deliveryAlerts.ts';
import { VERSION } from './version.ts';

/** First port of `serve`; with --all each further dealer takes the next one. */
export const DEFAULT_PORT = 4100;

/** Sites being served and how to stop them. */
export interface RunningServe {
  sites: { slug: string; url: string }[];
  /** The URL of the port answering every site by its Host header (--shared-port), or null. */
  sharedUrl: string | null;
  /** The URL of --metrics-port's /metrics, or null (then each site's port answers /metrics to loopback clients). */
  metricsUrl: string | null;
  db: Database;
  /** Reads every site's settings and the inbox users file again (SIGHUP). */
  reload(): Promise<void>;
  /** Sends the lead deliveries of the served sites. */
  worker: DeliveryWorker;
  /** Stops every server, then closes the database. */
  close(): Promise<void>;
  /** Whether the sites run in demo mode. */
  demo: boolean;
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
  host = '127.0.0.1',
  trustProxy = [],
  sharedPort = null,
  metricsPort = null,
  logger = createServeLogger({ level: 'silent' }),
  alerts,
}: {
  slugs: string[];
  outDir: string;
  port: number;
  /** The address every port listens on (default 127.0.0.1; 0.0.0.0 or :: for every interface). */
  host?: string;
  /** Proxies whose forwarded client address, protocol and host are believed (addresses or CIDRs). */
  trustProxy?: readonly string[];
  /** A port answering every site by its Host header (0: any free port); null for none. */
  sharedPort?: number | null;
  /** A port of its own for /metrics (0: any free port); null: each site's port, for loopback clients. */
  metricsPort?: number | null;
  /** The JSON request and delivery log (server/requestLog.ts); default silent. */
  logger?: Logger;
  /** Where failing deliveries are reported; default from `env` (FORECOURT_ALERT_*). */
  alerts?: AlertSettings;

  databaseUrl?: string | null;
  stateDir?: string;
  warn?: (message: string) => void;
  /** The time deliveries are scheduled by (tests move it); default the system clock. */
  clock?: () => Date;
  /** Where delivery secrets are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Serve the dealer's inbox under /admin/ with this account (the password from the environment). */
  admin?: AdminAccounts | null;
  /** How long the delivery worker holds a delivery it sends (default 2 minutes; deliveryLeaseMs reads the setting). */
  deliveryLeaseMs?: number;
  /** Demo mode: stand-ins answer shoppers and pages say so (default: production, ./serveMode.ts). */
  demo?: boolean;
}): Promise<RunningServe> {
  // Read before anything opens: a malformed allowance stops serve with its message.
  const policy = policyFromEnv(env);
  const sweepMs = reservationSweepMs({ env });
  // Checked before anything opens (a weak password stops serve); sessions go to the database once open.
  const sessions = lateSessionStore();
  const adminAuth = admin ? await createAdminAuth({ ...admin, store: sessions, clock }) : null;
  const followers: SiteFollower[] = [];
  for (const slug of slugs) {
    const load = async (): Promise<ServedSiteConfig> => {
      try {
        return await loadSiteConfig({ outDir, slug });
      } catch (error) {
        if (!(error instanceof SiteConfigMissingError)) throw error;
        // An older build: serve it, with every lead rule at its default.
        warn(`warning: ${error.message}; serving ${slug} with default form settings`);
        return defaultSiteConfig({ slug });
      }
    };
    followers.push(await followSite({ outDir, slug, load, warn }));
  }
  // The delivery worker, the retention sweeper and the routes hold these objects: a rebuild's
  // settings are copied into them (server/siteFollower.ts).
  const configs = followers.map((follower) => follower.site);
  // Production refuses to start before it opens anything when a dealer's money cannot be real.
  const mode = serveModeFor({ sites: configs, env, demo });
  const db = await openLeadDatabase({ databaseUrl, stateDir });
  sessions.open(databaseSessionStore({ db }));
  const usersFile = admin?.file && adminAuth ? followAdminUsers({ file: admin.file, auth: adminAuth, warn }) : null;
  const apps: FastifyInstance[] = [];
  const sites: RunningServe['sites'] = [];
  let shared: Server | null = null;
  let sharedUrl: string | null = null;
  let metricsUrl: string | null = null;
  const metrics = createServeMetrics({ db, version: VERSION, clock });
  // Apps of the operations routes: the shared port's and --metrics-port's.
  const opsApps: FastifyInstance[] = [];
  const monitor = createDeliveryMonitor({ logger, settings: alerts ?? alertSettingsFromEnv({ env }), clock, policy });
  const worker = createDeliveryWorker({
    db,
    sites: configs,
    clock,
    env,
    policy,
    leaseMs: deliveryLeaseMs,
    onAttempt: (attempt) => {
      metrics.deliveryAttempted({ channel: attempt.channel, outcome: attempt.outcome });
      monitor.attempted(attempt);
    },
  });
  const retention = createRetentionSweeper({ db, sites: configs, clock });
  const reservations = createReservationSweeper({ db, sites: configs, clock, intervalMs: sweepMs });
  // `forecourt leads` cannot open the embedded database while this process holds it: it asks
  // this server instead, with the token of <state dir>/serve.json (server/admin/localAccess.ts).
  const localToken = db.kind === 'pglite' ? newLocalToken() : undefined;
  let removeLocalAccess = async () => {};
  // A rebuild renames a new link over out/<slug>: the delivery worker and the retention sweeper
  // get its settings then, not only at the next request (which checks again anyway).
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(outDir, { persistent: false }, () => {
      for (const follower of followers) void follower.follow();
    });
    watcher.on('error', () => watcher?.close());
  } catch (error) {
    warn(`warning: ${outDir} cannot be watched (${(error as Error).message}); a rebuild's settings are read at the next request or on SIGHUP`);
  }
  const close = async () => {
    watcher?.close();
    usersFile?.close();
    await removeLocalAccess();
    const sharedServer = shared;
    if (sharedServer) {
      sharedServer.closeAllConnections();
      await new Promise<void>((resolve) => sharedServer.close(() => resolve()));
    }
    const results = await Promise.allSettled([...apps, ...opsApps].map((app) => app.close()));
    await worker.stop();
    await monitor.stop();
    await retention.stop();
    await reservations.stop();
    await db.close();
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw new Error('A server did not close cleanly', { cause: (failed as PromiseRejectedResult).reason });
  };
  try {
    for (const [index, follower] of followers.entries()) {
      const { site } = follower;
      const app = await buildApp({
        outDir,
        site,
        db,
        uploadDir: path.join(stateDir, 'uploads'),
        clock,
        localToken,
        admin: adminAuth,
        trustProxy,
        beforeApi: () => follower.follow(),
        logger,
        mode,
      });
      apps.push(app);
      instrumentApp({ app, metrics, dealer: site.slug });
      await registerOpsRoutes({ app, db, metrics: metricsPort === null ? metrics : null, clock });
      const wanted = port === 0 ? 0 : port + index;
      sites.push({ slug: site.slug, url: await listenApp({ app, host, port: wanted, what: site.slug, option: '--port' }) });
    }
    if (sharedPort !== null) {
      const routed = followers.map((follower, index) => ({ slug: follower.site.slug, hosts: () => follower.site.hosts, app: apps[index] }));
      const listening = await listenShared({
        sites: routed,
        trustProxy,
        host,
        port: sharedPort,
        logger,
        ops: (app) => registerOpsRoutes({ app, db, metrics: metricsPort === null ? metrics : null, clock }),
      });
      ({ server: shared, url: sharedUrl } = listening);
      opsApps.push(listening.ops);
    }
    if (metricsPort !== null) {
      const metricsApp = await buildMetricsApp({ db, metrics, logger, clock });
      opsApps.push(metricsApp);
      metricsUrl = `${await listenApp({ app: metricsApp, host, port: metricsPort, what: 'metrics', option: 'another --metrics-port' })}metrics`;
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
  reservations.start();
  const reload = async () => {
    await Promise.all([...followers.map((follower) => follower.reload()), usersFile?.reload()]);
  };
  return { sites, sharedUrl, metricsUrl, db, worker, reload, close, demo: mode.demo };
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

interface ServeOptions {
  all?: boolean;
  admin?: boolean;
  demo?: boolean;
  port: number;
  host: string;
  sharedPort?: number;
  metricsPort?: number;
  logLevel: string;
  trustProxy?: string[];
  out: string;
  dealers: string;
  databaseUrl?: string;
}

/** Registers `forecourt serve`. */
export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('Serve generated dealer sites with the lead API (embedded database by default), on 127.0.0.1 unless --host says otherwise')
    .argument('[slug]', 'dealer to serve (its site must be generated: out/<slug>/)')
    .option('--all', 'serve every generated dealer in the out directory, each on its own port')
    .addOption(
      new Option('--port <n>', 'port of the (first) site; --all counts upward from it (0: any free port)')
        .env('FORECOURT_PORT')
        .argParser(parsePort)
        .default(DEFAULT_PORT),
    )
    .addOption(
      new Option('--host <address>', 'address to listen on (0.0.0.0 or :: for every interface)')
        .env('FORECOURT_HOST')
        .argParser(parseListenHost)
        .default('127.0.0.1'),
    )
    .addOption(
      new Option('--shared-port <n>', "one more port answering every served dealer, chosen by the request's Host (the record's url host and host_aliases)")
        .env('FORECOURT_SHARED_PORT')
        .argParser(parsePort),
    )
    .addOption(
      new Option('--trust-proxy <addresses>', 'reverse proxies (addresses or CIDRs, comma separated) whose X-Forwarded-For/-Proto/-Host are believed')
        .env('FORECOURT_TRUST_PROXY')
        .argParser(parseTrustProxy),
    )
    .addOption(
      new Option(
        '--metrics-port <n>',
        'serve /metrics on this port (for every client that reaches it); without it, each port answers /metrics to loopback clients only',
      )
        .env('FORECOURT_METRICS_PORT')
        .argParser(parsePort),
    )
    .addOption(
      new Option('--log-level <level>', 'JSON log on stderr: info (every request), warn, error or silent')
        .env('FORECOURT_LOG_LEVEL')
        .default('info')
        .choices(['info', 'warn', 'error', 'silent']),
    )
    .option('--out <dir>', 'directory holding the generated sites', 'out')
    .option('--dealers <dir>', 'directory holding the dealer records', DEFAULT_DEALERS_DIR)
    .option('--demo', `demo mode: a test payment page and invented valuations answer shoppers, every page says Demo (also ${DEMO_ENV}=1)`)
    .option('--admin', "also serve the dealers' inboxes at /admin/ (users from FORECOURT_ADMIN_USERS_FILE and/or FORECOURT_ADMIN_PASSWORD)")
    .addOption(
      new Option('--database-url <url>', 'store leads in this PostgreSQL database (postgres://...) instead of .forecourt/db').env('FORECOURT_DATABASE_URL'),
    )
    .action(async (slug: string | undefined, options: ServeOptions) => {
      try {
        const admin = options.admin ? await adminAccountsFromEnv({ env: process.env }) : null;
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
          host: options.host,
          trustProxy: options.trustProxy ?? [],
          sharedPort: options.sharedPort ?? null,
          metricsPort: options.metricsPort ?? null,
          logger: createServeLogger({ level: options.logLevel }),
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
        // A settings file edited in place (no new build to follow): read every site's again.
        process.on('SIGHUP', () => {
          running.reload().then(
            () => console.error('forecourt serve: site settings and inbox users read again (SIGHUP)'),
            (error: unknown) => console.error(`forecourt serve: ${errorChain(error)} (on SIGHUP)`),
          );
        });
        // stdout carries exactly one `<slug>  <url>` line per site (scripts read it); the rest goes to stderr.
        for (const site of running.sites) console.log(`${site.slug}  ${site.url}`);
        if (running.metricsUrl) console.error(`Metrics: ${running.metricsUrl}`);
        if (running.sharedUrl) console.error(`Every site by its host name: ${running.sharedUrl}`);
        if (admin) for (const site of running.sites) console.error(`Inbox of ${site.slug}: ${site.url}admin/`);
        if (running.demo)
          console.error('Demo mode: a test payment page takes deposits and valuations are invented; nothing is charged. Pages show a Demo badge.');
        console.error(`Leads are stored in ${running.db.kind === 'postgres' ? 'PostgreSQL' : path.join(DEFAULT_STATE_DIR, 'db')}. Press Ctrl+C to stop.`);
      } catch (error) {
        if (error instanceof AdminSetupError) console.error(`forecourt serve: ${error.message}`);
        else console.error(`forecourt serve: ${errorChain(error)}`);
        process.exitCode = 1;
      }
    });
  documentEnvironment(command, [
    'FORECOURT_PORT',
    'FORECOURT_HOST',
    'FORECOURT_SHARED_PORT',
    'FORECOURT_TRUST_PROXY',
    'FORECOURT_METRICS_PORT',
    'FORECOURT_LOG_LEVEL',
    'FORECOURT_ALERT_AFTER_SECONDS',
    'FORECOURT_ALERT_WEBHOOK_URL',
    'FORECOURT_ALERT_EMAIL_TO',
    'FORECOURT_ALERT_SMTP_URL',
    'FORECOURT_ALERT_EMAIL_FROM',
    'FORECOURT_DATABASE_URL',
    'FORECOURT_DATA_DIR',
    'FORECOURT_RECORD_ENV_ALLOW',
    'FORECOURT_ADMIN_PASSWORD',
    'FORECOURT_ADMIN_USER',
    'FORECOURT_ADMIN_USERS_FILE',
    DELIVERY_LEASE_ENV,
    ALLOW_DESTINATIONS_ENV,
    DEMO_ENV,
    STRIPE_KEY_ENV,
    STRIPE_WEBHOOK_ENV,
    STRIPE_API_ENV,
    PAYMENT_SESSION_MINUTES_ENV,
    RESERVATION_SWEEP_ENV,
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
