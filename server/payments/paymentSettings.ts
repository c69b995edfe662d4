/**
 * The operator's payment settings: which secret keys exist (read from the environment, never
 * from a record), and which dealers cannot take live deposits with them. `serve` refuses to
 * start in production mode while any dealer it serves has a problem here.
 */
import type { StripeApiAddress } from './stripeProvider.ts';

/** Stripe secret API key (sk_live_... or sk_test_...). */
export const STRIPE_KEY_ENV = 'FORECOURT_SECRET_STRIPE_KEY';
/** Signing secret of the Stripe webhook endpoint (whsec_...). */
export const STRIPE_WEBHOOK_ENV = 'FORECOURT_SECRET_STRIPE_WEBHOOK';
/** Optional: where the Stripe SDK sends its requests (a local stand-in of the API such as stripe-mock); default Stripe itself. */
export const STRIPE_API_ENV = 'FORECOURT_STRIPE_API_URL';

/** Optional: minutes a hosted payment page takes the deposit before the car is released (Stripe: 30 to 1440; default 30). */
export const PAYMENT_SESSION_MINUTES_ENV = 'FORECOURT_PAYMENT_SESSION_MINUTES';

/** Live provider credentials, from the operator's environment. */
export interface LiveProviderSettings {
  stripe?: { secretKey: string; webhookSecret: string; api?: StripeApiAddress; sessionMinutes?: number };
}

/** A payment setting that cannot be used; `serve` names it. */
export class PaymentSetupError extends Error {
  override name = 'PaymentSetupError';
}

/** The live provider settings present in `env` (a provider is absent unless all its secrets are set). */
export function livePaymentSettings({ env }: { env: NodeJS.ProcessEnv }): LiveProviderSettings {
  const secretKey = env[STRIPE_KEY_ENV]?.trim();
  const webhookSecret = env[STRIPE_WEBHOOK_ENV]?.trim();
  if (!secretKey || !webhookSecret) return {};
  const sessionMinutes = paymentSessionMinutes({ env });
  return { stripe: { secretKey, webhookSecret, api: stripeApiAddress({ env }), ...(sessionMinutes ? { sessionMinutes } : {}) } };
}

/** The operator's payment session length in minutes, or undefined for the default; Stripe takes 30 minutes to 24 hours. */
function paymentSessionMinutes({ env }: { env: NodeJS.ProcessEnv }): number | undefined {
  const text = env[PAYMENT_SESSION_MINUTES_ENV]?.trim();
  if (!text) return undefined;
  const minutes = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(minutes >= 30 && minutes <= 1440))
    throw new PaymentSetupError(`${PAYMENT_SESSION_MINUTES_ENV} must be a whole number of minutes from 30 to 1440; it is "${text}"`);
  return minutes;
}

function stripeApiAddress({ env }: { env: NodeJS.ProcessEnv }): StripeApiAddress | undefined {
  const text = env[STRIPE_API_ENV]?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch (cause) {
    throw new PaymentSetupError(`${STRIPE_API_ENV} must be an http(s) URL such as http://127.0.0.1:12111; it is "${text}"`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PaymentSetupError(`${STRIPE_API_ENV} must be an http(s) URL; it is "${text}"`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * Why `provider` (a dealer's payment_provider) cannot take live deposits with `live`, or null
 * when it can (or when no provider is set: the site takes no deposits).
 */
export function paymentSetupProblem({ provider, live }: { provider: string | null; live: LiveProviderSettings }): string | null {
  switch (provider) {
    case null:
      return null;
    case 'Stripe': {
      if (live.stripe) return null;
      return `payment_provider Stripe needs ${STRIPE_KEY_ENV} and ${STRIPE_WEBHOOK_ENV} in the environment`;
    }
    case 'Till':
    case 'St George':
      // Their hosted pages exist, but no signed notification of theirs can be verified here:
      // a deposit whose outcome cannot be verified is not taken (README "Taking deposits").
      return `payment_provider ${provider} cannot take live deposits yet (no verified payment notification); set payment_provider: null or serve with --demo`;
    default:
      return `payment_provider "${provider}" is not a provider forecourt knows`;
  }
}

/** One line per served dealer that cannot take live deposits: `<slug>: <problem>`. */
export function paymentSetupProblems({ sites, live }: { sites: { slug: string; payment_provider: string | null }[]; live: LiveProviderSettings }): string[] {
  return sites.flatMap((site) => {
    const problem = paymentSetupProblem({ provider: site.payment_provider, live });
    return problem ? [`${site.slug}: ${problem}`] : [];
  });
}
