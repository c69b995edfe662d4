/**
 * `forecourt import [slug...] [--all] [--format json] [--accept-drop]`: reads each dealer's own
 * inventory feed (the record's `feed:`) and writes the stock.json that generate reads. Thin:
 * the record is loaded by the renderer, importer/ does the work, this prints and sets the exit code.
 */
import path from 'node:path';
import { documentEnvironment } from './environment.ts';
import { type Command, Option } from 'commander';
import { runImport, type ImportResult } from '../importer/runImport.ts';
import { rejectedReport } from '../importer/report.ts';
import { policyFromEnv, type AddressPolicy } from '../net/addressPolicy.ts';
import { compareDiagnostics, formatDiagnostic, hasErrors } from '../renderer/diagnostic.ts';
import { listDealers } from '../renderer/generate.ts';
import { loadDealer } from '../renderer/loadDealer.ts';
import { DEFAULT_DEALERS_DIR, RECORD_FILE } from '../renderer/readSource.ts';
import { terminalSafe, terminalSafeJson } from './terminalText.ts';

/** Where the command writes (process streams in the CLI, buffers in tests). */
interface Out {
  write(text: string): unknown;
}

/** `import --format json`: one entry per dealer. */
export interface ImportJson {
  ok: boolean;
  dealers: (Omit<ImportResult, 'rejected'> & { rejected_count: number; rejected: ImportResult['rejected'] })[];
}

/** Options of one `import` run. */
export interface ImportRun {
  slugs: string[];
  all?: boolean;
  dealersDir?: string;
  acceptDrop?: boolean;
  format?: 'text' | 'json';
  now?: Date;
  env?: Record<string, string | undefined>;
  stdout: Out;
  stderr: Out;
  /** The first retry's wait for URL feeds (doubled each retry); tests shorten it. */
  retryDelayMs?: number;
}

/** One dealer: its record loaded and resolved, then its feed imported. */
async function importDealer({
  slug,
  dealersDir,
  now,
  policy,
  env,
  acceptDrop,
  retryDelayMs,
  explicit,
  stderr,
}: {
  slug: string;
  dealersDir: string;
  now: Date;
  policy: AddressPolicy;
  env: Record<string, string | undefined>;
  acceptDrop: boolean;
  retryDelayMs?: number;
  explicit: boolean;
  stderr: Out;
}): Promise<ImportResult | null> {
  const loaded = await loadDealer({ dealersDir, slug, now });
  const recordFile = path.join(dealersDir, slug, RECORD_FILE);
  const recordProblems = loaded.diagnostics.filter((d) => d.file === recordFile);
  if (!loaded.site || hasErrors(recordProblems)) {
    for (const d of [...recordProblems].sort(compareDiagnostics)) stderr.write(`${formatDiagnostic(d)}\n`);
    return { slug, status: 'failed', message: 'not imported, the dealer record has errors', source: recordFile, rows: 0, rejected: [], counts: null };
  }
  const { feed } = loaded.site;
  if (!feed) {
    if (!explicit) return null;
    return { slug, status: 'failed', message: `${recordFile} has no feed: (README: Importing stock)`, source: recordFile, rows: 0, rejected: [], counts: null };
  }
  return runImport({
    dealerDir: path.join(dealersDir, slug),
    // The region layer sets a time zone; UTC only for a template set without one.
    dealer: { slug, dealer_id: loaded.site.dealer_id, timezone: loaded.site.timezone ?? 'UTC', feed },
    now,
    policy,
    env,
    acceptDrop,
    retryDelayMs,
  });
}

/** Runs the command; resolves to the exit code (0: every feed imported or unchanged, 1: one refused or failed, 2: usage). */
export async function runImportCommand({
  slugs,
  all = false,
  dealersDir = DEFAULT_DEALERS_DIR,
  acceptDrop = false,
  format = 'text',
  now = new Date(),
  env = process.env,
  stdout,
  stderr,
  retryDelayMs,
}: ImportRun): Promise<number> {
  if (slugs.length === 0 && !all) {
    stderr.write('name the dealers to import, or pass --all for every dealer with a feed:\n');
    return 2;
  }
  let policy: AddressPolicy;
  let names: string[];
  try {
    policy = policyFromEnv(env);
    names = all ? await listDealers({ dealersDir }) : slugs;
  } catch (error) {
    stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const results: ImportResult[] = [];
  for (const slug of names) {
    const result = await importDealer({ slug, dealersDir, now, policy, env, acceptDrop, retryDelayMs, explicit: !all, stderr });
    if (!result) continue;
    results.push(result);
    if (format === 'json') continue;
    for (const line of rejectedReport({ source: result.source, rejected: result.rejected })) stderr.write(`${terminalSafe(line)}\n`);
    const line = `${slug}  ${result.status === 'refused' ? 'refused: ' : result.status === 'failed' ? 'failed: ' : ''}${terminalSafe(result.message)}`;
    (result.status === 'refused' || result.status === 'failed' ? stderr : stdout).write(`${line}\n`);
  }
  const ok = results.every((result) => result.status !== 'refused' && result.status !== 'failed');
  if (format === 'json') {
    const report: ImportJson = { ok, dealers: results.map((result) => ({ ...result, rejected_count: result.rejected.length })) };
    stdout.write(`${terminalSafeJson(report)}\n`);
  } else if (all && results.length === 0) stdout.write('no dealer has a feed: in its record\n');
  return ok ? 0 : 1;
}

/** Registers `import` on the program. */
export function registerImport(program: Command): void {
  const command = program
    .command('import')
    .description("Read each dealer's own inventory feed (the record's feed:) into its stock.json; refuses an empty, broken or shrunken feed")
    .argument('[slug...]', 'dealer slugs to import')
    .option('--all', 'every dealer whose record has a feed:')
    .option('--dealers <dir>', 'folder of dealer records', DEFAULT_DEALERS_DIR)
    .option('--accept-drop', 'write the stock even when it shrank by more than feed.max_shrink_percent since the last import')
    .addOption(
      new Option('--format <format>', 'text: a line per dealer and the rejected rows; json: one JSON report on stdout')
        .choices(['text', 'json'])
        .default('text'),
    )
    .action(async (slugs: string[], flags: { all?: boolean; dealers: string; acceptDrop?: boolean; format: 'text' | 'json' }) => {
      process.exitCode = await runImportCommand({
        slugs,
        all: flags.all,
        dealersDir: flags.dealers,
        acceptDrop: flags.acceptDrop,
        format: flags.format,
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
  // A feed URL's header values come from FORECOURT_SECRET_ variables (or allowed ones); its host obeys the address policy.
  documentEnvironment(command, ['FORECOURT_ALLOW_DESTINATIONS', 'FORECOURT_RECORD_ENV_ALLOW']);
}
