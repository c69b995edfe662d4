/**
 * `forecourt index <slug> [--host URL] [--key KEY] [--dealers DIR]`: pushes a dealer's visible
 * stock to its Meilisearch index (documents, settings, stale cars removed). Host and key
 * default to the record's search_host and search_key. Thin: search/ does the work.
 */
import { type Command, Option } from 'commander';
import { documentEnvironment } from './environment.ts';
import { loadDealer as defaultLoadDealer } from '../renderer/loadDealer.ts';
import { compareDiagnostics, formatDiagnostic, hasErrors } from '../renderer/diagnostic.ts';
import { meiliDocuments } from '../search/buildIndex.ts';
import { meiliIndexUid } from '../search/meiliEngine.ts';
import { DEFAULT_BATCH_SIZE, describeMeiliError, pushStock, type IndexProgress } from '../search/meiliIndexer.ts';

/** Where the command writes (process streams in the CLI, buffers in tests). */
interface Out {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Options of one `index` run. */
export interface IndexRun {
  slug: string;
  dealersDir?: string;
  host?: string;
  key?: string;
  batchSize?: number;
  now?: Date;
  stdout: Out;
  stderr: Out;
  /** renderer/loadDealer.ts loadDealer; replaceable in tests. */
  loadDealer?: typeof defaultLoadDealer;
}

const BAR_WIDTH = 30;

/** A progress bar redrawn in place on a terminal; silent otherwise (CI logs get the summary). */
function progressBar({ out, slug }: { out: Out; slug: string }): { onProgress: IndexProgress; end: () => void } {
  let drawn = false;
  return {
    onProgress: ({ done, total, stage }) => {
      if (!out.isTTY) return;
      const filled = total > 0 ? Math.round((done / total) * BAR_WIDTH) : BAR_WIDTH;
      out.write(`\r${slug}  [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${stage}`);
      drawn = true;
    },
    end: () => {
      if (drawn) out.write('\n');
    },
  };
}

/** Runs the command; resolves to the exit code (0 ok, 1 failure). */
export async function runIndex({
  slug,
  dealersDir = 'dealers',
  host,
  key,
  batchSize = DEFAULT_BATCH_SIZE,
  now = new Date(),
  stdout,
  stderr,
  loadDealer = defaultLoadDealer,
}: IndexRun): Promise<number> {
  const line = (text: string) => stderr.write(`${text}\n`);
  const loaded = await loadDealer({ dealersDir, slug, now });
  for (const d of [...loaded.diagnostics].sort(compareDiagnostics)) line(formatDiagnostic(d));
  if (!loaded.site || hasErrors(loaded.diagnostics)) {
    line(`${slug}: not indexed, the dealer record has errors`);
    return 1;
  }
  const site = loaded.site;
  const searchHost = host ?? site.search_host ?? undefined;
  const apiKey = key ?? site.search_key ?? undefined;
  if (!searchHost || !apiKey) {
    line(`${slug}: no search host or key; set search_host and search_key in the record or pass --host and --key`);
    return 1;
  }
  const documents = meiliDocuments({ site, cars: loaded.cars });
  const indexUid = meiliIndexUid(site);
  const bar = progressBar({ out: stdout, slug });
  try {
    const report = await pushStock({ host: searchHost, apiKey, indexUid, documents, batchSize, onProgress: bar.onProgress });
    bar.end();
    stdout.write(`${slug}  ${report.added} cars indexed into ${indexUid} at ${searchHost}  (${report.batches} batches, ${report.deleted} removed)\n`);
    return 0;
  } catch (error) {
    bar.end();
    line(`${slug}: ${describeMeiliError({ error, host: searchHost })}`);
    return 1;
  }
}

/** Registers `index` on the program. */
export function registerIndex(program: Command): void {
  const command = program
    .command('index')
    .description("Push a dealer's stock to its Meilisearch index (host and key default to the record's search_host and search_key)")
    .argument('<slug>', 'dealer slug')
    .addOption(new Option('--host <url>', 'Meilisearch host (default: the record search_host)').env('FORECOURT_SEARCH_HOST'))
    .addOption(new Option('--key <key>', 'Meilisearch API key (default: the record search_key)').env('FORECOURT_SEARCH_KEY'))
    .option('--dealers <dir>', 'folder of dealer records', 'dealers')
    .option('--batch-size <n>', 'documents per request', String(DEFAULT_BATCH_SIZE))
    .action(async (slug: string, flags: { host?: string; key?: string; dealers: string; batchSize: string }) => {
      const batchSize = Number(flags.batchSize);
      if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
        process.stderr.write(`--batch-size ${flags.batchSize} is not a positive whole number\n`);
        process.exitCode = 2;
        return;
      }
      process.exitCode = await runIndex({
        slug,
        dealersDir: flags.dealers,
        host: flags.host,
        key: flags.key,
        batchSize,
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
  documentEnvironment(command, ['FORECOURT_SEARCH_HOST', 'FORECOURT_SEARCH_KEY']);
}
