/**
 * The environment variables the commands read, declared once: each command's `--help` ends with
 * the ones it reads (options bound to a variable also show `env: NAME` beside them).
 */
import type { Command } from 'commander';

/** Every variable a command may read, and what it sets. */
export const ENVIRONMENT = {
  FORECOURT_PORT: 'port of the (first) served site, as --port (default 4100)',
  FORECOURT_HOST: 'address serve listens on, as --host (default 127.0.0.1)',
  FORECOURT_SHARED_PORT: 'port on which serve answers every served dealer by the Host header, as --shared-port (default none)',
  FORECOURT_TRUST_PROXY: 'reverse proxies (addresses or CIDRs) whose X-Forwarded-* headers serve believes, as --trust-proxy (default none)',
  FORECOURT_METRICS_PORT: 'port of /metrics, as --metrics-port (default: each site port, loopback clients only)',
  FORECOURT_LOG_LEVEL: 'level of the JSON log serve writes on stderr, as --log-level (default info)',
  FORECOURT_ALERT_AFTER_SECONDS: "seconds a dealer's delivery channel fails before the operator is alerted (default 900)",
  FORECOURT_ALERT_WEBHOOK_URL: 'operator webhook (http/https) that gets delivery.failing and delivery.recovered alerts as JSON',
  FORECOURT_ALERT_EMAIL_TO: 'operator address that gets the same alerts by email (needs FORECOURT_ALERT_SMTP_URL)',
  FORECOURT_ALERT_SMTP_URL: 'mail server of the alert emails (smtp://user:pass@host:587 or smtps://...)',
  FORECOURT_ALERT_EMAIL_FROM: 'sender of the alert emails (default forecourt-alerts@localhost)',
  FORECOURT_DATA_DIR: 'folder of the embedded lead database and uploads (default .forecourt)',
  FORECOURT_RECORD_ENV_ALLOW:
    'variable names (comma or space separated) a record may name in its *_env fields besides those starting with FORECOURT_SECRET_ (docs/trust-model.md)',
  FORECOURT_DATABASE_URL: 'PostgreSQL URL for leads, as --database-url (keeps the password out of the shell history)',
  FORECOURT_ADMIN_PASSWORD: 'password of an inbox account that sees every dealer (serve --admin); kept only as an scrypt hash in memory',
  FORECOURT_ADMIN_USER: 'user name of the inbox (serve --admin), default admin',
  FORECOURT_ADMIN_USERS_FILE:
    'YAML file of inbox users (serve --admin), each with their dealers and an scrypt hash, written by forecourt admin add-user (mode 0600)',
  FORECOURT_DELIVERY_LEASE_SECONDS:
    'seconds serve holds a lead delivery while sending it; after a crash another serve on the same PostgreSQL sends it again once this ends (default 120, at least 30: twice the send timeout)',
  FORECOURT_ALLOW_DESTINATIONS:
    'addresses or CIDRs (comma separated) that record-named destinations may reach besides the public internet, e.g. 127.0.0.1/32 for a local SMTP relay; loopback, private and link-local addresses are refused otherwise',
  FORECOURT_SEARCH_HOST: 'Meilisearch host, as --host (default: the record search_host, if listed in FORECOURT_SEARCH_HOSTS)',
  FORECOURT_SEARCH_HOSTS:
    "Meilisearch hosts (comma or space separated) a record's search_host may name for index; the admin key goes to no other host than these and --host",
  FORECOURT_DEMO: 'serve in demo mode, as --demo (1): a test payment page and invented valuations, a Demo badge on every page',
  FORECOURT_SECRET_STRIPE_KEY: 'Stripe secret key (sk_live_... or sk_test_...) of the dealers whose payment_provider is Stripe',
  FORECOURT_SECRET_STRIPE_WEBHOOK: 'signing secret (whsec_...) of the Stripe webhook endpoint /api/payments/stripe/webhook',
  FORECOURT_PAYMENT_SESSION_MINUTES:
    'minutes a hosted payment page (Stripe Checkout) takes a deposit before the unpaid reservation is released (30 to 1440, default 30)',
  FORECOURT_RESERVATION_SWEEP_SECONDS: 'seconds between the sweeps that release unpaid reservations whose payment page expired (default 60)',
  FORECOURT_STRIPE_API_URL: 'where the Stripe SDK sends requests instead of api.stripe.com (a local stand-in such as stripe-mock)',
  MEILISEARCH_ADMIN_KEY: 'Meilisearch admin key for index, as --key (never the record search_key, which every page embeds)',
  FORECOURT_MAX_RECORD_BYTES: 'largest dealer.yaml read, in bytes, as --max-record-bytes (default 1048576)',
  FORECOURT_MAX_FEED_BYTES: 'largest stock.json read, in bytes, as --max-feed-bytes (default 67108864)',
  FORECOURT_MAX_CARS: 'most cars of one stock feed, as --max-cars (default 20000)',
  FORECOURT_MAX_YAML_ALIASES:
    'most YAML aliases of one anchor in a record (an alias of a value holding aliases counts once per copy), as --max-yaml-aliases (default 100)',
} as const;

/** The variables of the input limits (renderer/inputLimits.ts), read by every command that loads records. */
export const INPUT_LIMIT_VARIABLES = ['FORECOURT_MAX_RECORD_BYTES', 'FORECOURT_MAX_FEED_BYTES', 'FORECOURT_MAX_CARS', 'FORECOURT_MAX_YAML_ALIASES'] as const;

/** A variable of ENVIRONMENT. */
export type EnvironmentVariable = keyof typeof ENVIRONMENT;

/** The help text block naming `names` (or saying that none is read). */
export function environmentHelp(names: readonly EnvironmentVariable[]): string {
  if (names.length === 0) return '\nEnvironment variables: none.';
  const width = Math.max(...names.map((name) => name.length));
  return ['', 'Environment variables:', ...names.map((name) => `  ${name.padEnd(width)}  ${ENVIRONMENT[name]}`)].join('\n');
}

/** Appends the environment block to a command's --help. */
export function documentEnvironment(command: Command, names: readonly EnvironmentVariable[]): Command {
  return command.addHelpText('after', environmentHelp(names));
}
