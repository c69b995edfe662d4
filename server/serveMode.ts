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
import { type AddressPolicy, policyFromEnv } from '../net/addressPolicy.ts';
import { createHttpValuationProvider, type ValuationProvider, valuationSetupProblem } from './valuationProvider.ts';

/** The environment variable that turns demo mode on ('1' or 'true'). */
export const DEMO_ENV = 'FORECOURT_DEMO' as const;

/** How a site is served. */
export interface ServeMode {
  /** Stand-ins answer instead of providers, and pages carry the Demo badge. */
  demo: boolean;
  /** Live provider credentials from the operator's environment (unused in demo mode). */
  live: LiveProviderSettings;
  /** The operator's environment (valuation provider credentials); absent: none. */
  env?: NodeJS.ProcessEnv;
  /** The operator's outbound-address policy for record-named destinations; default from `env`. */
  policy?: AddressPolicy;
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
  const problems = [
    ...paymentSetupProblems({ sites, live }),
    ...sites.flatMap((site) => {
      const problem = site.valuation === 'instant' ? valuationSetupProblem({ settings: site.valuation_provider ?? undefined, env }) : null;
      return problem ? [`${site.slug}: ${problem}`] : [];
    }),
  ];
  if (problems.length) {
    throw new PaymentSetupError(
      `cannot answer shoppers for real in production mode:\n  ${problems.join('\n  ')}\nSet what is missing, or serve with --demo to try the sites with stand-ins`,
    );
  }
  return { demo: false, live, env, policy: policyFromEnv(env) };
}

/** The valuation provider of a production site whose valuation is instant and whose provider is set up; else null. */
export function valuationProviderFor({ site, mode }: { site: ServedSiteConfig; mode: ServeMode }): ValuationProvider | null {
  if (mode.demo || site.valuation !== 'instant' || !site.valuation_provider || !mode.env) return null;
  if (valuationSetupProblem({ settings: site.valuation_provider, env: mode.env })) return null;
  return createHttpValuationProvider({ settings: site.valuation_provider, env: mode.env, policy: mode.policy ?? policyFromEnv(mode.env) });
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
