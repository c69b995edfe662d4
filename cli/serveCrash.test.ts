/**
 * `forecourt serve` (the real CLI, as a child process, on the embedded database) killed with
 * SIGKILL in the middle of a burst of 200 leads posted at once, then started again on the same
 * data directory: every lead answered 2xx is stored, and every stored lead reaches a real SMTP
 * server and a real HTTP receiver under one delivery id per destination. A delivery may arrive
 * twice (at-least-once) but only under the same delivery id, so ids are counted distinct.
 *
 * The shoppers post from 50 loopback addresses (127.0.0.2-51), as many shoppers would, so the
 * per-address rate limit does not refuse the burst.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, startSmtp, type TestReceiver, type TestSmtp } from '../fixtures/delivery/receivers.ts';
import { LOCAL_ADMIN_PREFIX } from '../server/admin/localAdminApi.ts';
import { readLocalAccess } from '../server/admin/localAccess.ts';
import type { AdminRecord } from '../server/admin/recordQuery.ts';
import { listWebsiteDeliveries } from '../server/delivery/outboxStore.ts';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, verifyWebhook } from '../server/delivery/webhookSignature.ts';
import { startServe } from './serve.ts';

const SLUG = 'test-motors';
const BURST = 200;
/** The server is killed once this many leads have been answered 2xx. */
const KILL_AFTER = 100;
const SECRET = 'whsec-crash-test';
/** `serve` takes ~16 s to listen on a loaded 2-core machine (PGlite start and migrations). */
const START_MS = 150_000;
const KINDS = ['lead', 'valuation', 'reservation', 'service_booking'];

/** A started `serve` process. */
interface Served {
  child: ChildProcess;
  url: string;
}

const children: ChildProcess[] = [];

function serve({ outDir, stateDir, env }: { outDir: string; stateDir: string; env: Record<string, string> }): Promise<Served> {
  const child = spawn(process.execPath, ['bin/forecourt.mjs', 'serve', SLUG, '--out', outDir, '--port', '0'], {
    env: { ...process.env, ...env, FORECOURT_DATA_DIR: stateDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in ${START_MS / 1000} s:\n${output}`)), START_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = new RegExp(`^${SLUG}\\s+(http://127\\.0\\.0\\.1:\\d+)/?\\s*$`, 'm').exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code ?? signal}) before serving:\n${output}`));
    });
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** POSTs lead `i` from its shopper's loopback address; null when the server died before answering. */
function postLead(url: string, i: number): Promise<{ status: number; id?: number } | null> {
  const body = JSON.stringify({
    lead: {
      form: 'contact',
      name: 'Crash',
      last_name: 'Shopper',
      email: `crash.${i}@example.com`,
      phone: '0412 345 678',
      postcode: '4000',
      message: `Burst lead ${i}`,
      dealership_slug: SLUG,
    },
  });
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = request(
      {
        host: hostname,
        port,
        path: '/api/leads',
        method: 'POST',
        localAddress: `127.0.0.${2 + (i % 50)}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          let id: number | undefined;
          try {
            id = (JSON.parse(text) as { id?: number }).id;
          } catch {
            // Not JSON: no id.
          }
          resolve({ status: response.statusCode ?? 0, id });
        });
        response.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

/** The stored leads and their deliveries, read through the running server (it holds the database). */
async function storedLeads(stateDir: string): Promise<AdminRecord[]> {
  const access = await readLocalAccess({ stateDir });
  if (!access) throw new Error('no running serve in the state directory');
  const response = await fetch(`${access.url.replace(/\/$/, '')}${LOCAL_ADMIN_PREFIX}/records?slug=${SLUG}&kind=lead`, {
    headers: { authorization: `Bearer ${access.token}` },
  });
  if (!response.ok) throw new Error(`records: HTTP ${response.status}`);
  return ((await response.json()) as { records: AdminRecord[] }).records;
}

/** Resolves once `done()` holds, checking every 250 ms; fails after `ms`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('forecourt serve killed mid-burst', () => {
  let dir: string;
  let smtp: TestSmtp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'forecourt-crash-'));
    [smtp, receiver] = await Promise.all([startSmtp(), startReceiver()]);
    // The small fixture site, with an email and a webhook destination.
    const site = path.join(dir, 'out', SLUG);
    await cp(path.resolve('fixtures/server/sites', SLUG), site, { recursive: true });
    const config = JSON.parse(await readFile(path.join(site, 'site-config.json'), 'utf8'));
    config.lead_delivery = {
      smtp: { url_env: 'FORECOURT_CRASH_SMTP_URL', port: 587, secure: false },
      from: 'leads@test-motors.example',
      retry_hours: 48,
      destinations: [
        { name: 'sales', type: 'email', to: 'sales@test-motors.example', kinds: KINDS },
        { name: 'hook', type: 'webhook', url_env: 'FORECOURT_CRASH_HOOK_URL', secret_env: 'FORECOURT_CRASH_HOOK_SECRET', kinds: KINDS },
      ],
    };
    await writeFile(path.join(site, 'site-config.json'), JSON.stringify(config));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(children.map((child) => stop(child, 'SIGKILL')));
    await Promise.all([smtp?.stop(), receiver?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stores every acknowledged lead and delivers each stored lead once per delivery id after a restart', async () => {
    const outDir = path.join(dir, 'out');
    const stateDir = path.join(dir, 'state');
    const env = { FORECOURT_CRASH_SMTP_URL: smtp.url, FORECOURT_CRASH_HOOK_URL: receiver.url, FORECOURT_CRASH_HOOK_SECRET: SECRET };

    const first = await serve({ outDir, stateDir, env });
    // A first lead delivered before the burst: the worker is sending (its senders loaded) when the kill comes.
    const warmUp = await postLead(first.url, BURST);
    expect(warmUp?.status).toBe(201);
    await until(
      'the first lead delivered',
      60_000,
      async () => smtp.mails.length + receiver.requests.length,
      (n) => n === 2,
    );
    let acknowledged = 0;
    let killed: Promise<void> | null = null;
    const burst = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const answer = await postLead(first.url, i);
        if (answer && answer.status >= 200 && answer.status < 300 && ++acknowledged >= KILL_AFTER && !killed) killed = stop(first.child, 'SIGKILL');
        return answer;
      }),
    );
    await killed;
    const sentBeforeKill = smtp.mails.length;
    const answers = [warmUp, ...burst];
    const acked = answers.flatMap((answer) => (answer && answer.status >= 200 && answer.status < 300 ? [answer.id!] : []));
    expect(answers.filter((answer) => answer && answer.status >= 300)).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.length, 'the kill came in the middle of the burst').toBeLessThan(BURST + 1);

    await serve({ outDir, stateDir, env });
    // Every stored lead's deliveries settle: sent (none may fail: the receivers are up).
    const records = await until(
      'every delivery sent',
      120_000,
      () => storedLeads(stateDir),
      (rows) => rows.length >= acked.length && rows.every((row) => row.deliveries.length === 2 && row.deliveries.every((d) => d.status === 'sent')),
    );

    // Every lead answered 2xx is stored, once.
    const stored = records.map((row) => row.id);
    expect(new Set(stored).size).toBe(stored.length);
    expect(acked.filter((id) => !stored.includes(id))).toEqual([]);

    // What arrived is exactly one delivery id per stored lead and destination.
    const expected = (name: string) => new Set(records.map((row) => row.deliveries.find((d) => d.destination === name)!.delivery_id));
    const sales = expected('sales');
    const hooks = expected('hook');
    expect(sales.size).toBe(records.length);
    expect(hooks.size).toBe(records.length);
    const mailIds = new Set(smtp.mails.map((mail) => mail.deliveryId));
    const hookIds = new Set(receiver.requests.map((r) => String(r.headers[DELIVERY_ID_HEADER.toLowerCase()])));
    expect([...mailIds].sort()).toEqual([...sales].sort());
    expect([...hookIds].sort()).toEqual([...hooks].sort());
    // Each webhook names the lead its delivery id belongs to, and is signed.
    const leadOfHook = new Map(records.map((row) => [row.deliveries.find((d) => d.destination === 'hook')!.delivery_id, row.id]));
    for (const hook of receiver.requests) {
      expect(JSON.parse(hook.body).id).toBe(leadOfHook.get(String(hook.headers[DELIVERY_ID_HEADER.toLowerCase()])));
      expect(verifyWebhook({ secret: SECRET, header: hook.headers[SIGNATURE_HEADER.toLowerCase()] as string, body: hook.body })).toBe(true);
    }
    console.info(
      `crash test: ${acked.length} of ${BURST} acknowledged before SIGKILL (${sentBeforeKill} emails by then), ${records.length} stored; ` +
        `${smtp.mails.length} emails (${mailIds.size} ids), ${receiver.requests.length} webhooks (${hookIds.size} ids)`,
    );
  }, 400_000);

  it('a delivery a killed serve had leased goes out again at once on restart, under the same delivery id', async () => {
    const outDir = path.join(dir, 'out');
    const stateDir = path.join(dir, 'state-lease');
    const env = { FORECOURT_CRASH_SMTP_URL: smtp.url, FORECOURT_CRASH_HOOK_URL: receiver.url, FORECOURT_CRASH_HOOK_SECRET: SECRET };
    const first = await startServe({ slugs: [SLUG], outDir, port: 0, stateDir, env, warn: () => {} });
    const answer = await postLead(first.sites[0].url.replace(/\/$/, ''), 1000);
    expect(answer?.status).toBe(201);
    const sent = await until(
      'the first sends',
      60_000,
      () => listWebsiteDeliveries({ db: first.db, websiteSlug: SLUG }),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
    );
    // As if the server had leased the email again and died before settling it: the lease lasts an hour.
    await first.db.query(
      `UPDATE deliveries SET status = 'pending', lease_owner = 'killed-serve', lease_until = now() + interval '1 hour' WHERE delivery_id = $1`,
      [sent[0].delivery_id],
    );
    await first.close();
    const before = smtp.mails.filter((mail) => mail.deliveryId === sent[0].delivery_id).length;
    const second = await startServe({ slugs: [SLUG], outDir, port: 0, stateDir, env, warn: () => {} });
    try {
      await until(
        'the leased email resent',
        60_000,
        async () => smtp.mails.filter((mail) => mail.deliveryId === sent[0].delivery_id).length,
        (n) => n > before,
      );
      const [again] = (await listWebsiteDeliveries({ db: second.db, websiteSlug: SLUG })).filter((row) => row.delivery_id === sent[0].delivery_id);
      expect(again.status).toBe('sent');
    } finally {
      await second.close();
    }
  }, 200_000);
});
