/**
 * `forecourt leads <slug>`: lists what the lead API stored for a dealer (leads, service
 * bookings, valuations, reservations with their payment state, each with its deliveries) as a
 * table, JSON or CSV; prints everything held about a person (--export) or erases it (--erase).
 * It works while `forecourt serve` holds the embedded database, by asking that server.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { type ErasureReport, parsePersonKey, type PersonKey } from '../server/admin/personData.ts';
import { deliverySummary, recordCsv } from '../server/admin/recordCsv.ts';
import { parseKinds } from '../server/admin/recordFilterQuery.ts';
import { type AdminRecord, RECORD_KINDS, type RecordKind } from '../server/admin/recordQuery.ts';
import { DEFAULT_STATE_DIR } from '../server/db/openLeadDatabase.ts';
import { documentEnvironment } from './environment.ts';
import { openRecordSource } from './recordSource.ts';
import { errorChain } from './serve.ts';
import { terminalSafe, terminalSafeJson, terminalSafeLines } from './terminalText.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';

/** Columns of the table view: header and how to read it from a record. */
const COLUMNS: [string, (record: AdminRecord) => unknown][] = [
  ['id', (r) => r.id],
  ['kind', (r) => r.kind],
  ['created', (r) => r.created_at.slice(0, 16).replace('T', ' ')],
  ['dealership', (r) => r.dealership_slug],
  ['category', (r) => r.category],
  [
    'status',
    (r) => (r.payment ? `${r.payment.status} ${r.payment.amount} ${r.payment.currency}` : r.offer_price !== null ? `${r.status} ${r.offer_price}` : r.status),
  ],
  ['name', (r) => r.name],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['deliveries', (r) => deliverySummary(r)],
];

/** Renders records as an aligned text table (cells cut at 40 characters). */
export function recordsTable({ records }: { records: AdminRecord[] }): string {
  const rows = records.map((record) => COLUMNS.map(([, read]) => cell(read(record))));
  const header = COLUMNS.map(([name]) => name);
  const widths = header.map((name, i) => Math.max(name.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((text, i) => text.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function cell(value: unknown): string {
  // Whitespace runs become one space first; any other control character is shown escaped.
  const text = value === null || value === undefined ? '' : terminalSafe(String(value).replace(/\s+/g, ' '));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A dealer the CLI has never heard of: no record and no generated site. */
export class UnknownDealerError extends Error {
  override name = 'UnknownDealerError';
}

/** A bad option value; printed without a stack. */
export class LeadsUsageError extends Error {
  override name = 'LeadsUsageError';
}

/** True when `slug` has a record under `dealersDir` or a generated site under `outDir`. */
export function isKnownDealer({ slug, dealersDir, outDir }: { slug: string; dealersDir: string; outDir: string }): boolean {
  return existsSync(path.join(dealersDir, slug, 'dealer.yaml')) || existsSync(path.join(outDir, slug));
}

/**
 * `--since`: a date (2030-01-31), an ISO 8601 time, or a span back from `now` (`7d`, `12h`).
 * Throws a usage error for anything else.
 */
export function parseSince({ text, now = new Date() }: { text: string; now?: Date }): Date {
  const span = /^(\d+)([dh])$/.exec(text.trim());
  if (span) return new Date(now.getTime() - Number(span[1]) * (span[2] === 'd' ? 86_400_000 : 3_600_000));
  const date = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text.trim()) ? new Date(text.trim()) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new LeadsUsageError(`--since must be a date (2030-01-31), an ISO 8601 time or a span like 7d or 12h (got "${text}")`);
  return date;
}

/** What `printLeads` does besides listing. */
export type LeadsAction = { list: true } | { export: string } | { erase: string };

/**
 * Lists the records of `slug` (or exports / erases a person's); returns the number of records
 * printed or removed. Records of a dealer that has since been removed are still listed; a slug
 * with no record, no site and nothing stored is a mistake (a typo), so it throws
 * UnknownDealerError instead of answering 'Nothing stored'.
 */
export async function printLeads({
  slug,
  json,
  csv,
  kinds,
  since,
  action = { list: true },
  databaseUrl,
  stateDir = DEFAULT_STATE_DIR,
  dealersDir = DEFAULT_DEALERS_DIR,
  outDir = 'out',
  write = (text: string) => process.stdout.write(text),
}: {
  slug: string;
  dealersDir?: string;
  outDir?: string;
  json?: boolean;
  csv?: boolean;
  kinds?: RecordKind[] | null;
  since?: Date | null;
  action?: LeadsAction;
  databaseUrl?: string | null;
  stateDir?: string;
  write?: (text: string) => void;
}): Promise<number> {
  const person = 'list' in action ? null : personKey('export' in action ? action.export : action.erase);
  const source = await openRecordSource({ databaseUrl, stateDir });
  try {
    if ('export' in action) {
      const data = await source.exportPerson({ slug, person: person!, text: action.export });
      write(`${terminalSafeJson(data)}\n`);
      return data.records.length + data.events.length;
    }
    if ('erase' in action) {
      const report = await source.erasePerson({ slug, person: person!, text: action.erase });
      write(json ? `${terminalSafeJson(report)}\n` : `${erasureLine({ report, text: action.erase })}\n`);
      return report.leads + report.service_bookings + report.valuations + report.reservations + report.events;
    }
    const records = await source.list({ slug, kinds, since });
    const filtered = Boolean(kinds?.length || since);
    // Nothing stored at all (not just nothing matching the filter) for a slug with no record nor site: a typo.
    if (records.length === 0 && !isKnownDealer({ slug, dealersDir, outDir }) && (!filtered || (await source.list({ slug, limit: 1 })).length === 0)) {
      throw new UnknownDealerError(
        `Unknown dealer "${slug}": there is no ${path.join(dealersDir, slug, 'dealer.yaml')}, no ${path.join(outDir, slug)} and no stored lead`,
      );
    }
    if (json) write(`${terminalSafeJson(records)}\n`);
    else if (csv) write(recordCsv({ records, clean: terminalSafeLines }));
    else if (records.length === 0) write(filtered ? `Nothing stored for ${terminalSafe(slug)} matches.\n` : `No leads stored for ${terminalSafe(slug)}.\n`);
    else write(`${recordsTable({ records })}\n`);
    return records.length;
  } finally {
    await source.close();
  }
}

function personKey(text: string): PersonKey {
  const key = parsePersonKey(text);
  if ('error' in key) throw new LeadsUsageError(key.error);
  return key;
}

/** One line saying what an erasure removed. */
export function erasureLine({ report, text }: { report: ErasureReport; text: string }): string {
  const counts: [number, string, string][] = [
    [report.leads, 'lead', 'leads'],
    [report.service_bookings, 'service booking', 'service bookings'],
    [report.valuations, 'valuation', 'valuations'],
    [report.reservations, 'reservation', 'reservations'],
    [report.events, 'event', 'events'],
    [report.uploads, 'uploaded file', 'uploaded files'],
    [report.deliveries, 'delivery', 'deliveries'],
  ];
  const removed = counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const who = terminalSafe(text.trim());
  return removed.length
    ? `Erased ${who} from ${terminalSafe(report.slug)}: ${removed.join(', ')}.`
    : `Nothing stored about ${who} for ${terminalSafe(report.slug)}: nothing erased.`;
}

/** Registers `forecourt leads`. */
export function registerLeads(program: Command): void {
  const command = program
    .command('leads')
    .description(
      'List what the lead API stored for a dealer: leads, service bookings, valuations and reservations, with their deliveries (works while forecourt serve runs)',
    )
    .argument('<slug>', 'dealer (website or dealership) slug')
    .addOption(
      new Option('--kind <kinds>', `only these kinds, comma-separated: ${RECORD_KINDS.join(', ')}`).argParser((text) => {
        try {
          return parseKinds(text);
        } catch (error) {
          throw new InvalidArgumentError((error as Error).message);
        }
      }),
    )
    .option('--since <when>', 'only records created since a date (2030-01-31), an ISO 8601 time or a span back from now (7d, 12h)')
    .addOption(new Option('--json', 'print the records as JSON').conflicts('csv'))
    .option('--csv', 'print the records as CSV (formulas neutralised, for a spreadsheet)')
    .addOption(new Option('--export <email-or-phone>', 'print everything stored about a person, as JSON (a privacy access request)').conflicts('erase'))
    .option(
      '--erase <email-or-phone>',
      'delete everything stored about a person (leads, bookings, valuations, reservations, events, uploads, deliveries) and say what was removed',
    )
    .option('--dealers <dir>', 'folder of dealer records (to tell an unknown slug from a dealer without leads)', DEFAULT_DEALERS_DIR)
    .option('--out <dir>', 'folder of generated sites', 'out')
    .addOption(new Option('--database-url <url>', 'read from this PostgreSQL database (postgres://...) instead of .forecourt/db').env('FORECOURT_DATABASE_URL'))
    .action(
      async (
        slug: string,
        options: {
          json?: boolean;
          csv?: boolean;
          kind?: RecordKind[];
          since?: string;
          export?: string;
          erase?: string;
          databaseUrl?: string;
          dealers: string;
          out: string;
        },
      ) => {
        try {
          const action: LeadsAction =
            options.export !== undefined ? { export: options.export } : options.erase !== undefined ? { erase: options.erase } : { list: true };
          await printLeads({
            slug,
            json: options.json,
            csv: options.csv,
            kinds: options.kind ?? null,
            since: options.since === undefined ? null : parseSince({ text: options.since }),
            action,
            databaseUrl: options.databaseUrl,
            dealersDir: options.dealers,
            outDir: options.out,
          });
        } catch (error) {
          console.error(`forecourt leads: ${errorChain(error)}`);
          process.exitCode = 1;
        }
      },
    );
  documentEnvironment(command, ['FORECOURT_DATABASE_URL', 'FORECOURT_DATA_DIR']);
}
