/**
 * `forecourt serve` (the real CLI, as a child process) killed with SIGKILL in the middle of a
 * burst of 200 leads posted at once, then started again on the same database: every lead answered
 * 2xx is stored, and every stored lead reaches a real SMTP server and a real HTTP receiver under
 * one delivery id per destination. A delivery may arrive twice (at-least-once) but only under the
 * same delivery id, so ids are counted distinct.
 *
 * Once on each engine. On the embedded database (one process at a time) the restarted server
 * releases every lease the dead one held, so what it had in hand goes out at once; on PostgreSQL
 * (servers may share it) those deliveries wait for their leases to end, here a short lease
 * (FORECOURT_DELIVERY_LEASE_SECONDS) so that the test stays short.
 *
 * The shoppers post from 50 loopback addresses (fixtures/delivery/servedProcess.ts), as many
 * shoppers would, so the per-address rate limit does not refuse the burst.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, startSmtp, type TestReceiver, type TestSmtp } from '../fixtures/delivery/receivers.ts';
import {
  DELIVERY_ENV,
  DELIVERY_SITE_SLUG as SLUG,
  pollUntil,
  postLead,
  type ServeProcess,
  spawnServe,
  writeDeliverySite,
} from '../fixtures/delivery/servedProcess.ts';
import { LOCAL_ADMIN_PREFIX } from '../server/admin/localAdminApi.ts';
import { readLocalAccess } from '../server/admin/localAccess.ts';
import { type AdminRecord, listRecords } from '../server/admin/recordQuery.ts';
import { openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from '../server/db/testPostgres.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { MIN_LEASE_SECONDS } from '../server/delivery/deliveryWorker.ts';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, verifyWebhook } from '../server/delivery/webhookSignature.ts';
import { DELIVERY_LEASE_ENV } from './serve.ts';

const BURST = 200;
/** The server is killed once this many leads have been answered 2xx. */
const KILL_AFTER = 100;
const SECRET = 'whsec-crash-test';

/** Reads the stored leads and their deliveries while serve runs. */
interface LeadReader {
  records(): Promise<AdminRecord[]>;
  close(): Promise<void>;
}

/** The embedded database is held by the running server: read through its local admin endpoint. */
function readThroughServer(stateDir: string): LeadReader {
  return {
    async records() {
      const access = await readLocalAccess({ stateDir });
      if (!access) throw new Error('no running serve in the state directory');
      const response = await fetch(`${access.url.replace(/\/$/, '')}${LOCAL_ADMIN_PREFIX}/records?slug=${SLUG}&kind=lead`, {
        headers: { authorization: `Bearer ${access.token}` },
      });
      if (!response.ok) throw new Error(`records: HTTP ${response.status}`);
      return ((await response.json()) as { records: AdminRecord[] }).records;
    },
    close: async () => {},
  };
}

/** PostgreSQL takes other clients: read the database itself, with the inbox's query. */
async function readDatabase(databaseUrl: string): Promise<LeadReader> {
  const db = await openLeadDatabase({ databaseUrl });
  return { records: () => listRecords({ db, filter: { slug: SLUG, kinds: ['lead'] } }), close: () => db.close() };
}

/**
 * The engines: each says how serve is pointed at a fresh database, and for how long the test
 * leaves a delivery leased as if the kill came mid-send (on PGlite an hour: the restart releases it).
 */
const ENGINES = [
  { name: 'PGlite', skip: null, strandedLease: '1 hour' },
  { name: 'PostgreSQL', skip: postgresUnavailableReason(), strandedLease: '3 seconds' },
] as const;

const is2xx = (answer: { status: number } | null) => answer !== null && answer.status >= 200 && answer.status < 300;

describe.each(ENGINES.map((engine) => [engine.name, engine] as const))('forecourt serve on %s killed mid-burst', (name, { skip, strandedLease }) => {
  let dir: string;
  let outDir: string;
  let env: Record<string, string>;
  let smtp: TestSmtp;
  let receiver: TestReceiver;
  let postgres: TestPostgres | null = null;
  const processes: ServeProcess[] = [];

  beforeAll(async () => {
    if (skip) return;
    dir = await mkdtemp(path.join(tmpdir(), 'forecourt-crash-'));
    outDir = path.join(dir, 'out');
    [smtp, receiver] = await Promise.all([startSmtp(), startReceiver(), writeDeliverySite({ outDir, webhook: true })]);
    env = { [DELIVERY_ENV.smtpUrl]: smtp.url, [DELIVERY_ENV.hookUrl]: receiver.url, [DELIVERY_ENV.hookSecret]: SECRET };
    if (name === 'PostgreSQL') {
      postgres = await startTestPostgres();
      // The shortest lease serve takes: what the dead server held is due again soonest.
      env = { ...env, FORECOURT_DATABASE_URL: postgres.url, [DELIVERY_LEASE_ENV]: String(MIN_LEASE_SECONDS) };
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(processes.map((served) => served.stop('SIGKILL')));
    await Promise.all([smtp?.stop(), receiver?.close()]);
    await postgres?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    'stores every acknowledged lead and delivers each stored lead once per delivery id after a restart',
    async () => {
      const stateDir = path.join(dir, 'state');
      const databaseUrl = postgres?.url;
      // A copy of the run's migrated database: serve skips creating one (5-18 s on a loaded machine).
      if (!databaseUrl) await seedPgliteDataDir({ dataDir: path.join(stateDir, 'db') });
      const first = await spawnServe({ outDir, stateDir, env });
      processes.push(first);
      // A first lead delivered before the burst: the worker is sending (its senders loaded) when the kill comes.
      const warmUp = await postLead({ url: first.url, tag: 'crash', i: BURST });
      expect(warmUp?.status).toBe(201);
      await pollUntil({ what: 'the first lead delivered', ms: 60_000, probe: async () => smtp.mails.length + receiver.requests.length, done: (n) => n === 2 });

      let acknowledged = 0;
      let killed: Promise<void> | null = null;
      const burst = await Promise.all(
        Array.from({ length: BURST }, async (_, i) => {
          const answer = await postLead({ url: first.url, tag: 'crash', i });
          if (is2xx(answer) && ++acknowledged >= KILL_AFTER && !killed) killed = first.stop('SIGKILL');
          return answer;
        }),
      );
      await killed;
      const sentBeforeKill = smtp.mails.length;
      const answers = [warmUp, ...burst];
      // Each lead was either answered 2xx or left unanswered by the kill; none was refused.
      expect(answers.filter((answer) => answer && !is2xx(answer))).toEqual([]);
      const acked = answers.flatMap((answer) => (is2xx(answer) ? [answer!.id!] : []));
      expect(acked.length).toBeGreaterThan(KILL_AFTER);
      expect(acked.length, 'the kill came in the middle of the burst').toBeLessThan(BURST + 1);

      // While the server is down: how many deliveries it had leased, and one more as if the kill had
      // come after the warm-up lead's email was sent but before the send was recorded.
      const resentId = smtp.mails[0].deliveryId;
      const db = await openLeadDatabase({ databaseUrl, stateDir });
      let leasedAtKill: number;
      try {
        leasedAtKill = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending' AND lease_owner IS NOT NULL")).rows[0]
          .n;
        await db.query("UPDATE deliveries SET status = 'pending', lease_owner = 'killed-serve', lease_until = now() + $2::interval WHERE delivery_id = $1", [
          resentId,
          strandedLease,
        ]);
      } finally {
        await db.close();
      }

      const restartedAt = Date.now();
      processes.push(await spawnServe({ outDir, stateDir, env }));
      // Every stored lead's deliveries settle as sent (none may fail: the receivers are up).
      const reader = databaseUrl ? await readDatabase(databaseUrl) : readThroughServer(stateDir);
      let records: AdminRecord[];
      try {
        records = await pollUntil({
          what: 'every delivery sent',
          ms: 120_000,
          probe: () => reader.records(),
          done: (rows) => rows.length >= acked.length && rows.every((row) => row.deliveries.length === 2 && row.deliveries.every((d) => d.status === 'sent')),
        });
      } finally {
        await reader.close();
      }
      const settledMs = Date.now() - restartedAt;

      // Every lead answered 2xx is stored, once.
      const stored = records.map((row) => row.id);
      expect(new Set(stored).size).toBe(stored.length);
      expect(acked.filter((id) => !stored.includes(id))).toEqual([]);

      // What arrived is exactly one delivery id per stored lead and destination.
      const idsOf = (name: string) => records.map((row) => row.deliveries.find((d) => d.destination === name)!.delivery_id);
      const sales = new Set(idsOf('sales'));
      const hooks = new Set(idsOf('hook'));
      expect(sales.size).toBe(records.length);
      expect(hooks.size).toBe(records.length);
      const mailIds = new Set(smtp.mails.map((mail) => mail.deliveryId));
      const hookIds = new Set(receiver.requests.map((r) => String(r.headers[DELIVERY_ID_HEADER.toLowerCase()])));
      expect([...mailIds].sort()).toEqual([...sales].sort());
      expect([...hookIds].sort()).toEqual([...hooks].sort());
      // The email in hand at the kill went out again after the restart (once its lease ended), under its delivery id.
      expect(smtp.mails.filter((mail) => mail.deliveryId === resentId).length).toBeGreaterThanOrEqual(2);
      // Each webhook names the lead its delivery id belongs to, and is signed.
      const leadOfHook = new Map(records.map((row) => [row.deliveries.find((d) => d.destination === 'hook')!.delivery_id, row.id]));
      for (const hook of receiver.requests) {
        expect(JSON.parse(hook.body).id).toBe(leadOfHook.get(String(hook.headers[DELIVERY_ID_HEADER.toLowerCase()])));
        expect(verifyWebhook({ secret: SECRET, header: hook.headers[SIGNATURE_HEADER.toLowerCase()] as string, body: hook.body })).toBe(true);
      }
      console.info(
        `crash test on ${name}: ${acked.length} of ${BURST + 1} acknowledged before SIGKILL (${sentBeforeKill} emails sent, ${leasedAtKill} deliveries leased by then), ` +
          `${records.length} stored; ` +
          `${smtp.mails.length} emails (${mailIds.size} ids), ${receiver.requests.length} webhooks (${hookIds.size} ids); ` +
          `all sent ${(settledMs / 1000).toFixed(1)} s after the restart began`,
      );
    },
    400_000,
  );
});
