import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, startSmtp, type TestReceiver, type TestSmtp } from '../fixtures/delivery/receivers.ts';
import { servedOutDir, type ServedOutDir } from '../fixtures/server/servedOutDir.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { createServeLogger } from '../server/requestLog.ts';
import { type RunningServe, startServe } from './serve.ts';
import { enquiryLead } from '../fixtures/server/enquiryLead.ts';

const SLUG = 'test-motors';
const PERSONAL = ['Ada', 'Lovelace', 'ada@example.com', '0412345678', 'sales@test-motors.example'];

const lead = enquiryLead({ slug: SLUG, carId: 42 });

/** Waits until `check` holds (polls; the worker and the monitor run on timers). */
async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('serve observability: health, readiness, metrics, JSON logs without personal data, delivery alerts', () => {
  let served: ServedOutDir;
  let stateDir: string;
  let running: RunningServe;
  let smtp: TestSmtp;
  let operator: TestReceiver;
  const lines: string[] = [];
  // The retry after a failure is due minutes later: the test moves serve's clock instead of waiting.
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const logs = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    smtp = await startSmtp();
    operator = await startReceiver();
    // The relay is down from the start: every attempt fails with ECONNREFUSED.
    await smtp.stop();
    served = await servedOutDir({
      sites: [
        {
          slug: SLUG,
          edit: (c) =>
            Object.assign(c, {
              lead_delivery: {
                smtp: { url_env: 'FORECOURT_SECRET_TEST_SMTP_URL', port: 587, secure: false },
                from: 'leads@test-motors.example',
                destinations: [{ name: 'sales', type: 'email', to: 'sales@test-motors.example', kinds: ['lead'] }],
                retry_hours: 24,
              },
            }),
        },
      ],
    });
    stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-serve-obs-'));
    await seedPgliteDataDir({ dataDir: path.join(stateDir, 'db') });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    running = await startServe({
      slugs: [SLUG],
      outDir: served.outDir,
      port: 0,
      stateDir,
      warn: () => {},
      clock,
      env: { FORECOURT_SECRET_TEST_SMTP_URL: smtp.url, FORECOURT_ALLOW_DESTINATIONS: '127.0.0.1/32,::1/128' },
      logger: createServeLogger({ destination }),
      alerts: { afterMs: 1500, webhookUrl: operator.url, email: null },
    });
  }, 180_000);
  afterAll(async () => {
    await running?.close().catch(() => {});
    await smtp?.stop().catch(() => {});
    await operator?.close();
    await rm(stateDir, { recursive: true, force: true });
    await rm(served.outDir, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz', async () => {
    const base = running.sites[0].url;
    expect((await fetch(`${base}healthz`)).status).toBe(200);
    const ready = await fetch(`${base}readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('counts a stored lead in /metrics (Prometheus text), and logs the request without personal data', async () => {
    const base = running.sites[0].url;
    const posted = await fetch(`${base}api/leads?email=ada%40example.com`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lead),
    });
    expect(posted.status).toBe(201);
    const metrics = await fetch(`${base}metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    // Every sample line is `name{labels} value`; comments are HELP and TYPE lines.
    for (const line of text.split('\n').filter(Boolean))
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? -?[\d.e+-]+|\w+(\{[^}]*\})? (NaN|[+-]Inf))$/);
    expect(text).toContain(`forecourt_leads_received_total{dealer="${SLUG}",form="enquiry"} 1`);
    expect(text).toContain(`forecourt_api_responses_total{dealer="${SLUG}",class="2xx"} 1`);
    expect(text).toMatch(/forecourt_build_info\{version="[^"]+",node="v[\d.]+"\} 1/);
    const completed = logs().find((entry) => entry.msg === 'request completed' && (entry.res as { statusCode: number }).statusCode === 201);
    expect(completed).toMatchObject({ level: 30, reqId: expect.any(String), responseTime: expect.any(Number) });
    const incoming = logs().find((entry) => entry.reqId === completed!.reqId && entry.msg === 'incoming request');
    expect(incoming?.req).toEqual({ method: 'POST', url: '/api/leads', host: expect.any(String) });
  });

  it('logs each failed attempt at warn, alerts the operator once after the threshold, and once more on recovery', async () => {
    await until(() => logs().some((entry) => entry.level === 40 && entry.channel === 'email'), 'a warn line');
    const warned = logs().find((entry) => entry.level === 40 && entry.channel === 'email')!;
    expect(warned).toMatchObject({ dealer: SLUG, lead_id: expect.any(Number), outcome: 'retrying', error: expect.stringContaining('ECONNREFUSED') });
    await until(() => operator.requests.length >= 1, 'the alert', 30_000);
    expect(JSON.parse(operator.requests[0].body)).toMatchObject({
      event: 'delivery.failing',
      dealer: SLUG,
      channel: 'email',
      failed_attempts: expect.any(Number),
    });
    await smtp.start();
    offsetMs += 24 * 3600_000 - 60_000;
    await until(() => smtp.mails.length >= 1 && operator.requests.length >= 2, 'the delivery and the recovery message', 60_000);
    expect(operator.requests.map((request) => (JSON.parse(request.body) as { event: string }).event)).toEqual(['delivery.failing', 'delivery.recovered']);
  }, 90_000);

  it('writes no personal data in any log line', () => {
    const text = lines.join('\n');
    for (const value of PERSONAL) expect(text).not.toContain(value);
  });

  it('turns /readyz 503 when the database is gone', async () => {
    const base = running.sites[0].url;
    await running.db.close();
    const ready = await fetch(`${base}readyz`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'unavailable', failing: ['database', 'migrations', 'outbox'] }]);
    expect((await fetch(`${base}healthz`)).status).toBe(200);
  });
});
