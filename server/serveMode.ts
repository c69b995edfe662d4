/**
 * Production or demo. A served site runs in production mode unless the operator asks for demo
 * mode (`serve --demo`, FORECOURT_DEMO=1): only then do stand-ins answer shoppers (the test
 * payment page, invented vehicle lookups and valuations), and every page says so with a badge.
 * In production, money goes through the dealer's live provider with the operator's secrets.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.ts';
import { registerDemoBadge } from './demoBadge.ts';
import { type LiveProviderSettings, livePaymentSettings, PaymentSetupError, paymentSetupProblems } from './payments/paymentSettings.ts';
import { stripeWebhook } from './payments/stripeWebhook.ts';
import type { ServedSiteConfig } from './siteConfig.ts';

/** The environment variable that turns demo mode on ('1' or 'true'). */
export const DEMO_ENV = 'FORECOURT_DEMO' as const;

/** How a site is served. */
export interface ServeMode {
  /** Stand-ins answer instead of providers, and pages carry the Demo badge. */
  demo: boolean;
  /** Live provider credentials from the operator's environment (unused in demo mode). */
  live: LiveProviderSettings;
}

/** Whether `env` asks for demo mode. */
export function demoFromEnv({ env }: { env: NodeJS.ProcessEnv }): boolean {
  return /^(1|true|yes)$/i.test(env[DEMO_ENV]?.trim() ?? '');
}

/**
 * The mode of serving `sites`: demo when asked, else production with the live settings of
 * `env`. Throws a PaymentSetupError naming every dealer whose payment_provider cannot take
 * live deposits with them (the operator fixes the environment, the record, or asks for demo).
 */
export function serveModeFor({ sites, env, demo }: { sites: ServedSiteConfig[]; env: NodeJS.ProcessEnv; demo: boolean }): ServeMode {
  if (demo) return { demo: true, live: {} };
  const live = livePaymentSettings({ env });
  const problems = paymentSetupProblems({ sites, live });
  if (problems.length) {
    throw new PaymentSetupError(
      `cannot take live deposits in production mode:\n  ${problems.join('\n  ')}\nSet what is missing, or serve with --demo to try the sites with stand-ins`,
    );
  }
  return { demo: false, live };
}

/** Demo mode: the badge on every page. Production: the provider webhooks of a site whose provider has credentials. */
export async function registerPayments({
  app,
  db,
  site,
  mode,
  clock,
}: {
  app: FastifyInstance;
  db: Database;
  site: ServedSiteConfig;
  mode: ServeMode;
  clock?: () => Date;
}): Promise<void> {
  if (mode.demo) {
    registerDemoBadge(app);
    return;
  }
  if (site.payment_provider !== 'Stripe' || !mode.live.stripe) return;
  await app.register(stripeWebhook, { prefix: '/api/payments/stripe', db, site, ...mode.live.stripe, clock });
}
