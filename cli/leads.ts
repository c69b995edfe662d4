/**
 * `forecourt leads <slug>`: lists the leads the local lead API stored for a dealer, as a table
 * or as JSON.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { listLeads, type StoredLead } from '../server/db/leadStore.ts';
import { DEFAULT_STATE_DIR, openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { errorChain } from './serve.ts';
import { terminalSafe, terminalSafeJson } from './terminalText.ts';
import { documentEnvironment } from './environment.ts';

/** Columns of the table view: header and how to read it from a lead. */
const COLUMNS: [string, (lead: StoredLead) => unknown][] = [
  ['id', (lead) => lead.id],
  ['created', (lead) => lead.created_at.toISOString().slice(0, 16).replace('T', ' ')],
  ['dealership', (lead) => lead.dealership_slug],
  ['category', (lead) => lead.category],
  ['status', (lead) => lead.lead_status ?? (lead.form_completed ? 'Complete' : 'Incomplete')],
  ['name', (lead) => [lead.payload.name, lead.payload.last_name].filter((part) => typeof part === 'string' && part).join(' ')],
  ['email', (lead) => lead.payload.email],
  ['phone', (lead) => lead.payload.phone],
];

/** Renders leads as an aligned text table (cells cut at 40 characters). */
export function leadsTable({ leads }: { leads: StoredLead[] }): string {
  const rows = leads.map((lead) => COLUMNS.map(([, read]) => cell(read(lead))));
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

/** True when `slug` has a record under `dealersDir` or a generated site under `outDir`. */
export function isKnownDealer({ slug, dealersDir, outDir }: { slug: string; dealersDir: string; outDir: string }): boolean {
  return existsSync(path.join(dealersDir, slug, 'dealer.yaml')) || existsSync(path.join(outDir, slug));
}

/**
 * Prints the leads of `slug`; returns the number printed. Leads of a dealer that has since been
 * removed are still listed; a slug with no record, no site and no lead is a mistake (a typo),
 * so it throws UnknownDealerError instead of answering 'No leads'.
 */
export async function printLeads({
  slug,
  json,
  databaseUrl,
  stateDir = DEFAULT_STATE_DIR,
  dealersDir = 'dealers',
  outDir = 'out',
  write = (text: string) => process.stdout.write(text),
}: {
  slug: string;
  dealersDir?: string;
  outDir?: string;
  json?: boolean;
  databaseUrl?: string | null;
  stateDir?: string;
  write?: (text: string) => void;
}): Promise<number> {
  const db = await openLeadDatabase({ databaseUrl, stateDir });
  let leads: StoredLead[];
  try {
    leads = await listLeads({ db, slug });
  } finally {
    await db.close();
  }
  if (leads.length === 0 && !isKnownDealer({ slug, dealersDir, outDir })) {
    throw new UnknownDealerError(
      `Unknown dealer "${slug}": there is no ${path.join(dealersDir, slug, 'dealer.yaml')}, no ${path.join(outDir, slug)} and no stored lead`,
    );
  }
  if (json) write(`${terminalSafeJson(leads)}\n`);
  else if (leads.length === 0) write(`No leads stored for ${terminalSafe(slug)}.\n`);
  else write(`${leadsTable({ leads })}\n`);
  return leads.length;
}

/** Registers `forecourt leads`. */
export function registerLeads(program: Command): void {
  const command = program
    .command('leads')
    .description('List the leads stored by the local lead API for a dealer')
    .argument('<slug>', 'dealer (website) slug')
    .option('--json', 'print the leads as JSON')
    .option('--dealers <dir>', 'folder of dealer records (to tell an unknown slug from a dealer without leads)', 'dealers')
    .option('--out <dir>', 'folder of generated sites', 'out')
    .addOption(new Option('--database-url <url>', 'read from this PostgreSQL database (postgres://...) instead of .forecourt/db').env('FORECOURT_DATABASE_URL'))
    .action(async (slug: string, options: { json?: boolean; databaseUrl?: string; dealers: string; out: string }) => {
      try {
        await printLeads({ slug, json: options.json, databaseUrl: options.databaseUrl, dealersDir: options.dealers, outDir: options.out });
      } catch (error) {
        console.error(`forecourt leads: ${errorChain(error)}`);
        process.exitCode = 1;
      }
    });
  documentEnvironment(command, ['FORECOURT_DATABASE_URL', 'FORECOURT_DATA_DIR']);
}
