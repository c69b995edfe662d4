/**
 * Operator alerts by email (the webhook is covered by cli/serveObservability.test.ts): the
 * settings of FORECOURT_ALERT_* at their boundaries, one email per incident after the threshold
 * and one on recovery through a real SMTP server on loopback, and an alert mail server the
 * address policy refuses is refused before any connection (the decision only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../fixtures/delivery/receivers.ts';
import { addressPolicy } from '../net/addressPolicy.ts';
import { alertSettingsFromEnv, createDeliveryMonitor, DEFAULT_ALERT_AFTER_MS, sendAlert } from './deliveryAlerts.ts';
import { createServeLogger } from './requestLog.ts';

const LOOPBACK = addressPolicy({ allow: '127.0.0.1' });

describe('alertSettingsFromEnv', () => {
  it.each([
    [{}, { afterMs: DEFAULT_ALERT_AFTER_MS, webhookUrl: null, email: null }],
    [{ FORECOURT_ALERT_AFTER_SECONDS: '0.5' }, { afterMs: 500, webhookUrl: null, email: null }],
    [
      { FORECOURT_ALERT_EMAIL_TO: 'ops@example.com', FORECOURT_ALERT_SMTP_URL: 'smtp://mail.example:25' },
      {
        afterMs: DEFAULT_ALERT_AFTER_MS,
        webhookUrl: null,
        email: { to: 'ops@example.com', smtpUrl: 'smtp://mail.example:25', from: 'forecourt-alerts@localhost' },
      },
    ],
  ])('reads %j', (env, settings) => {
    expect(alertSettingsFromEnv({ env })).toEqual(settings);
  });

  it.each([
    [{ FORECOURT_ALERT_AFTER_SECONDS: '0' }, /FORECOURT_ALERT_AFTER_SECONDS must be a positive number of seconds/],
    [{ FORECOURT_ALERT_AFTER_SECONDS: 'soon' }, /FORECOURT_ALERT_AFTER_SECONDS must be a positive number of seconds/],
    [{ FORECOURT_ALERT_WEBHOOK_URL: 'ftp://hooks.example/' }, /FORECOURT_ALERT_WEBHOOK_URL must be an http\(s\) URL/],
    [{ FORECOURT_ALERT_EMAIL_TO: 'ops@example.com' }, /FORECOURT_ALERT_EMAIL_TO needs the mail server in FORECOURT_ALERT_SMTP_URL/],
  ])('refuses %j', (env, message) => {
    expect(() => alertSettingsFromEnv({ env })).toThrow(message);
  });
});

describe('alerts by email', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('mails the operator once after the threshold and once on recovery, with no lead data', async () => {
    let now = Date.parse('2026-11-28T01:00:00Z');
    const monitor = createDeliveryMonitor({
      logger: createServeLogger({ level: 'silent' }),
      settings: { afterMs: 60_000, webhookUrl: null, email: { to: 'ops@example.com', smtpUrl: smtp.url, from: 'alerts@forecourt.example' } },
      clock: () => new Date(now),
      policy: LOOPBACK,
    });
    const failed = {
      outcome: 'retrying' as const,
      channel: 'email',
      dealer: 'test-motors',
      deliveryId: 'd-1',
      error: '550 mailbox <ada@example.com> unavailable (0412 345 678)',
    };
    monitor.attempted({ ...failed, subjectId: 7 });
    now += 59_999;
    await monitor.check();
    expect(smtp.mails).toHaveLength(0);
    now += 1;
    monitor.attempted({ ...failed, subjectId: 8 });
    await monitor.check();
    await monitor.check();
    await expect.poll(() => smtp.mails.length).toBe(1);
    monitor.attempted({ ...failed, outcome: 'sent', subjectId: 7 });
    await monitor.stop();
    expect(smtp.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['ops@example.com', 'Forecourt: email deliveries of test-motors failing since 2026-11-28T01:00:00.000Z'],
      ['ops@example.com', 'Forecourt: email deliveries of test-motors recovered'],
    ]);
    expect(smtp.mails[0].text).toContain('"failed_attempts": 2');
    expect(smtp.mails[0].text).toContain('"last_error": "550 mailbox <[email]> unavailable ([number])"');
  });

  it("refuses an alert mail server the operator's address policy does not allow, before connecting", async () => {
    const alert = { event: 'delivery.failing' as const, dealer: 'x', channel: 'email', failing_since: '', failed_attempts: 1, last_error: null };
    const settings = { afterMs: 1, webhookUrl: null, email: { to: 'ops@example.com', smtpUrl: 'smtp://169.254.169.254:25', from: 'a@b.example' } };
    await expect(sendAlert({ alert, settings, policy: LOOPBACK })).rejects.toThrow(/169\.254\.169\.254/);
  });
});
