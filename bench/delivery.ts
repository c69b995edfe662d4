/**
 * Lead delivery benchmark: `forecourt serve` as its own process (embedded database) over the
 * small fixture site with an email destination, and a real SMTP server in this process.
 * - latency: 50 leads one after another, each timed from its POST to its email's arrival at the
 *   SMTP server (median and p95); budget: median <= 2 s;
 * - burst: 100 leads posted at once (from 50 loopback addresses, as many shoppers), timed from
 *   the first POST until every email has arrived; budget: all within 30 s.
 *
 *   npm run bench -- --only delivery      or      node --import tsx bench/delivery.ts
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSmtp, type ReceivedMail } from '../fixtures/delivery/receivers.ts';
import { DELIVERY_ENV, postLead, shopperEmail, spawnServe, writeDeliverySite } from '../fixtures/delivery/servedProcess.ts';
import { median, runSectionAlone, type BenchContext, type BenchResult, type BenchSection } from './section.ts';

/** Budget: median milliseconds from a lead's POST to its email at the SMTP server. */
export const LATENCY_BUDGET_MS = 2_000;
/** Budget: milliseconds until every lead of the burst is delivered. */
export const BURST_BUDGET_MS = 30_000;
const SEQUENTIAL = 50;
const BURST = 100;

/** The value at fraction `q` of the sorted values (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** Runs both measurements; figures and budgets as a bench result. */
export async function benchDelivery({ workDir, log }: BenchContext): Promise<BenchResult> {
  const outDir = join(workDir, 'delivery-out');
  const smtp = await startSmtp();
  await writeDeliverySite({ outDir, webhook: false });
  // Each awaited email: resolved when the mail whose Reply-To is that shopper arrives.
  const waiting = new Map<string, (mail: ReceivedMail) => void>();
  smtp.onMail = (mail) => waiting.get(mail.replyTo)?.(mail);
  const arrival = (email: string, timeoutMs: number) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no email for ${email} in ${timeoutMs / 1000} s`)), timeoutMs);
      waiting.set(email, (mail) => {
        clearTimeout(timer);
        waiting.delete(email);
        resolve(mail);
      });
    });

  log('starting forecourt serve ...');
  const served = await spawnServe({ outDir, stateDir: join(workDir, 'delivery-state'), env: { [DELIVERY_ENV.smtpUrl]: smtp.url } });
  try {
    // One lead first, so the worker's senders are loaded as on a server that has been running.
    const warm = arrival(shopperEmail({ tag: 'warm', i: 0 }), 60_000);
    await postLead({ url: served.url, tag: 'warm', i: 0 });
    await warm;

    log(`${SEQUENTIAL} leads one after another ...`);
    const latencies: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const mail = arrival(shopperEmail({ tag: 'seq', i }), 30_000);
      const start = performance.now();
      const answer = await postLead({ url: served.url, tag: 'seq', i });
      if (answer?.status !== 201) throw new Error(`lead ${i} was answered ${answer?.status ?? 'nothing'}`);
      latencies.push((await mail).at - start);
    }

    log(`${BURST} leads at once ...`);
    const mails = Array.from({ length: BURST }, (_, i) => arrival(shopperEmail({ tag: 'burst', i }), BURST_BUDGET_MS * 4));
    const start = performance.now();
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => postLead({ url: served.url, tag: 'burst', i })));
    const answered = performance.now() - start;
    const refused = answers.filter((answer) => answer?.status !== 201).length;
    if (refused) throw new Error(`${refused} of the ${BURST} leads were not stored`);
    const delivered = Math.max(...(await Promise.all(mails)).map((mail) => mail.at)) - start;

    const middle = median(latencies);
    return {
      title: `lead delivery (serve process, embedded database, email to a local SMTP server)`,
      rows: [
        { label: `POST to email, median of ${SEQUENTIAL}`, value: ms(middle), raw: middle },
        { label: `POST to email, p95 of ${SEQUENTIAL}`, value: ms(quantile(latencies, 0.95)), raw: quantile(latencies, 0.95) },
        { label: `POST to email, max of ${SEQUENTIAL}`, value: ms(Math.max(...latencies)), raw: Math.max(...latencies) },
        { label: `${BURST} leads at once: all answered 201`, value: ms(answered), raw: answered },
        { label: `${BURST} leads at once: all emails arrived`, value: ms(delivered), raw: delivered },
      ],
      budgets: [
        { label: 'lead reaches the SMTP server (median)', ok: middle <= LATENCY_BUDGET_MS, detail: `${ms(middle)} <= ${ms(LATENCY_BUDGET_MS)}` },
        { label: `${BURST} concurrent leads delivered`, ok: delivered <= BURST_BUDGET_MS, detail: `${ms(delivered)} <= ${ms(BURST_BUDGET_MS)}` },
      ],
    };
  } finally {
    await served.stop('SIGTERM');
    await smtp.stop();
  }
}

/** The bench section (bench/run.ts). */
export const deliverySection: BenchSection = { name: 'delivery', run: benchDelivery };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSectionAlone({ section: deliverySection });
