/**
 * Failed deliveries someone hears about. Every failed attempt is a warn line (channel, dealer,
 * lead id, error with addresses and numbers redacted). When one dealer's channel has failed
 * without a success for `afterMs` (default 15 minutes), the operator is alerted once for that
 * incident, and told again when a delivery on it succeeds. The alert goes to the operator's
 * channels from the environment (FORECOURT_ALERT_*), never to anything a record names, through
 * the outbound-address policy (net/).
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type AddressPolicy, policyFromEnv } from '../net/addressPolicy.ts';
import { outboundFetch, resolveAllowed } from '../net/outboundFetch.ts';
import type { DeliveryAttempt } from './delivery/deliveryWorker.ts';
import { redactText } from './requestLog.ts';

/** Default time a channel fails before the operator is alerted. */
export const DEFAULT_ALERT_AFTER_MS = 15 * 60_000;

/** The variables the operator configures alerts with. */
export const ALERT_ENV = {
  after: 'FORECOURT_ALERT_AFTER_SECONDS',
  webhook: 'FORECOURT_ALERT_WEBHOOK_URL',
  emailTo: 'FORECOURT_ALERT_EMAIL_TO',
  smtpUrl: 'FORECOURT_ALERT_SMTP_URL',
  emailFrom: 'FORECOURT_ALERT_EMAIL_FROM',
} as const;

/** Where and when alerts go. */
export interface AlertSettings {
  afterMs: number;
  webhookUrl: string | null;
  email: { to: string; smtpUrl: string; from: string } | null;
}

/** The settings of the operator's environment; throws naming a variable that is wrong. */
export function alertSettingsFromEnv({ env }: { env: NodeJS.ProcessEnv }): AlertSettings {
  const afterText = env[ALERT_ENV.after]?.trim();
  const afterSeconds = afterText ? Number(afterText) : DEFAULT_ALERT_AFTER_MS / 1000;
  if (!Number.isFinite(afterSeconds) || afterSeconds <= 0) throw new Error(`${ALERT_ENV.after} must be a positive number of seconds; it is "${afterText}"`);
  const webhookUrl = env[ALERT_ENV.webhook]?.trim() || null;
  if (webhookUrl && !/^https?:\/\//i.test(webhookUrl)) throw new Error(`${ALERT_ENV.webhook} must be an http(s) URL`);
  const to = env[ALERT_ENV.emailTo]?.trim();
  const smtpUrl = env[ALERT_ENV.smtpUrl]?.trim();
  if (to && !smtpUrl) throw new Error(`${ALERT_ENV.emailTo} needs the mail server in ${ALERT_ENV.smtpUrl} (smtp://host:port)`);
  return {
    afterMs: afterSeconds * 1000,
    webhookUrl,
    email: to && smtpUrl ? { to, smtpUrl, from: env[ALERT_ENV.emailFrom]?.trim() || 'forecourt-alerts@localhost' } : null,
  };
}

/** What an alert says (no lead data: dealer, channel, times, counts and the redacted last error). */
export interface DeliveryAlert {
  event: 'delivery.failing' | 'delivery.recovered';
  dealer: string;
  channel: string;
  failing_since: string;
  failed_attempts: number;
  last_error: string | null;
}

/** Watches delivery attempts; `stop` ends the timer. */
export interface DeliveryMonitor {
  attempted(attempt: DeliveryAttempt): void;
  /** Alerts for incidents past the threshold now (also run by a timer). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

interface Incident {
  since: Date;
  failures: number;
  lastError: string | null;
  alerted: boolean;
}

/** Creates the monitor. `send` delivers an alert to the operator (default: sendAlert with `settings`). */
export function createDeliveryMonitor({
  logger,
  settings,
  clock = () => new Date(),
  send,
  policy = policyFromEnv(),
}: {
  logger: Logger;
  settings: AlertSettings;
  clock?: () => Date;
  send?: (alert: DeliveryAlert) => Promise<void>;
  policy?: AddressPolicy;
}): DeliveryMonitor {
  const deliver = send ?? ((alert: DeliveryAlert) => sendAlert({ alert, settings, policy }));
  const incidents = new Map<string, Incident & { dealer: string; channel: string }>();
  const pending = new Set<Promise<void>>();
  const dispatch = (alert: DeliveryAlert) => {
    const sending = deliver(alert).then(
      () => logger.warn({ alert: alert.event, dealer: alert.dealer, channel: alert.channel }, 'operator alerted'),
      (error: unknown) => logger.error({ err: error, alert: alert.event, dealer: alert.dealer, channel: alert.channel }, 'operator alert could not be sent'),
    );
    pending.add(sending);
    void sending.finally(() => pending.delete(sending));
    return sending;
  };
  const alertOf = (incident: Incident & { dealer: string; channel: string }, event: DeliveryAlert['event']): DeliveryAlert => ({
    event,
    dealer: incident.dealer,
    channel: incident.channel,
    failing_since: incident.since.toISOString(),
    failed_attempts: incident.failures,
    last_error: incident.lastError,
  });
  const check = async () => {
    const now = clock().getTime();
    const due = [...incidents.values()].filter((incident) => !incident.alerted && now - incident.since.getTime() >= settings.afterMs);
    for (const incident of due) incident.alerted = true;
    await Promise.all(due.map((incident) => dispatch(alertOf(incident, 'delivery.failing'))));
  };
  const timer = setInterval(() => void check(), Math.max(250, Math.min(30_000, settings.afterMs / 4)));
  timer.unref();
  return {
    attempted(attempt) {
      const key = `${attempt.dealer}\u0000${attempt.channel}`;
      if (attempt.outcome === 'sent') {
        const incident = incidents.get(key);
        incidents.delete(key);
        if (incident?.alerted) void dispatch(alertOf(incident, 'delivery.recovered'));
        return;
      }
      const error = attempt.error ? redactText(attempt.error) : null;
      logger.warn(
        { channel: attempt.channel, dealer: attempt.dealer, lead_id: attempt.subjectId, delivery_id: attempt.deliveryId, outcome: attempt.outcome, error },
        attempt.outcome === 'failed' ? 'lead delivery failed for good' : 'lead delivery failed; it will be retried',
      );
      const incident = incidents.get(key) ?? { dealer: attempt.dealer, channel: attempt.channel, since: clock(), failures: 0, lastError: null, alerted: false };
      incident.failures += 1;
      incident.lastError = error;
      incidents.set(key, incident);
      void check();
    },
    check,
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
    },
  };
}

/** Sends one alert to every channel of `settings` (webhook JSON, plain-text email). */
export async function sendAlert({ alert, settings, policy }: { alert: DeliveryAlert; settings: AlertSettings; policy: AddressPolicy }): Promise<void> {
  const sends: Promise<void>[] = [];
  if (settings.webhookUrl) {
    sends.push(
      outboundFetch(settings.webhookUrl, {
        policy,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alert),
        signal: AbortSignal.timeout(15_000),
      }).then((response) => {
        if (!response.ok) throw new Error(`the alert webhook answered ${response.status}`);
      }),
    );
  }
  if (settings.email) {
    const { to, smtpUrl, from } = settings.email;
    sends.push(
      (async () => {
        const url = new URL(smtpUrl);
        const address = await resolveAllowed({ host: url.hostname, policy });
        const transport = nodemailer.createTransport({
          host: address,
          port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
          secure: url.protocol === 'smtps:',
          tls: { servername: url.hostname },
          auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
          connectionTimeout: 15_000,
        });
        try {
          await transport.sendMail({ from, to, subject: alertSubject(alert), text: `${alertSubject(alert)}\n\n${JSON.stringify(alert, null, 2)}\n` });
        } finally {
          transport.close();
        }
      })(),
    );
  }
  const results = await Promise.allSettled(sends);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

function alertSubject(alert: DeliveryAlert): string {
  return alert.event === 'delivery.failing'
    ? `Forecourt: ${alert.channel} deliveries of ${alert.dealer} failing since ${alert.failing_since}`
    : `Forecourt: ${alert.channel} deliveries of ${alert.dealer} recovered`;
}
