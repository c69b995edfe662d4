/**
 * `forecourt index <slug> [--host URL] [--key KEY] [--dealers DIR]`: pushes a dealer's visible
 * stock to its Meilisearch index (documents, settings, stale cars removed). The host is the
 * operator's (--host / FORECOURT_SEARCH_HOST), else the record's search_host when the operator
 * listed it in FORECOURT_SEARCH_HOSTS (search/indexHost.ts); the key is an admin key from --key or
 * MEILISEARCH_ADMIN_KEY, never the record's search_key (every page embeds that one, so it must
 * only search). Thin: search/ does the work.
 */
import { type Command, Option } from 'commander';
import { documentEnvironment } from './environment.ts';
import { loadDealer as defaultLoadDealer } from '../renderer/loadDealer.ts';
import { compareDiagnostics, formatDiagnostic, hasErrors } from '../renderer/diagnostic.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';
import { meiliDocuments } from '../search/buildIndex.ts';
import { meiliIndexUid } from '../search/meiliEngine.ts';
import { indexHost, SEARCH_HOST_ENV } from '../search/indexHost.ts';
import { DEFAULT_BATCH_SIZE, describeMeiliError, keyRights, pushStock, type IndexProgress } from '../search/meiliIndexer.ts';

/** Where the command writes (process streams in the CLI, buffers in tests). */
interface Out {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Options of one `index` run. */
export interface IndexRun {
  slug: string;
  dealersDir?: string;
  /** The operator's host (--host); else `env.FORECOURT_SEARCH_HOST`. */
  host?: string;
  /** The admin key (--key); else `env.MEILISEARCH_ADMIN_KEY`. */
  key?: string;
  env?: Record<string, string | undefined>;
  batchSize?: number;
  now?: Date;
  stdout: Out;
  stderr: Out;
  /** renderer/loadDealer.ts loadDealer; replaceable in tests. */
  loadDealer?: typeof defaultLoadDealer;
}

const BAR_WIDTH = 30;

/** The environment variable holding the Meilisearch admin key for `index`. */
export const ADMIN_KEY_ENV = 'MEILISEARCH_ADMIN_KEY';

/** How to make the key a record may hold (README says the same). */
export const SEARCH_KEY_HINT = (indexUid: string): string =>
  `Create a search-only key for this index: POST /keys {"actions":["search"],"indexes":["${indexUid}"],"expiresAt":null} with the admin key, and put its key in search_key.`;

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
  dealersDir = DEFAULT_DEALERS_DIR,
  host,
  key,
  env = process.env,
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
  const chosen = indexHost({ operatorHost: host ?? env[SEARCH_HOST_ENV], recordHost: site.search_host, env });
  if (chosen.refusal !== undefined) {
    line(`${slug}: ${chosen.refusal}`);
    return 1;
  }
  const searchHost = chosen.host;
  const apiKey = key ?? env[ADMIN_KEY_ENV] ?? undefined;
  if (!searchHost) {
    line(`${slug}: no search host; set search_host in the record or pass --host`);
    return 1;
  }
  if (!apiKey) {
    line(`${slug}: no admin key; pass --key or set ${ADMIN_KEY_ENV} (the record's search_key is public and only searches)`);
    return 1;
  }
  const indexUid = meiliIndexUid(site);
  if (site.search_key && site.search_key === apiKey)
    line(`${slug}: warning: the record's search_key is the admin key; every page embeds it. ${SEARCH_KEY_HINT(indexUid)}`);
  const documents = meiliDocuments({ site, cars: loaded.cars });
  const bar = progressBar({ out: stdout, slug });
  try {
    const report = await pushStock({ host: searchHost, apiKey, indexUid, documents, batchSize, onProgress: bar.onProgress });
    bar.end();
    stdout.write(
      `${slug}  ${report.added} cars indexed into ${indexUid} at ${searchHost}  (${report.batches} batches, ${report.deleted} removed; Meilisearch ${report.version}, maxTotalHits ${report.maxTotalHits}, maxValuesPerFacet ${report.maxValuesPerFacet})\n`,
    );
    if (site.search_key && site.search_key !== apiKey) {
      const rights = await keyRights({ host: searchHost, adminKey: apiKey, key: site.search_key });
      if (rights.unknown)
        line(`${slug}: warning: the server does not know the record's search_key; search pages will be refused. ${SEARCH_KEY_HINT(indexUid)}`);
      else if (rights.writeActions.length > 0)
        line(`${slug}: warning: the record's search_key may ${rights.writeActions.join(', ')}; every page embeds it. ${SEARCH_KEY_HINT(indexUid)}`);
      else if (!rights.indexes.includes(indexUid) || rights.indexes.includes('*'))
        line(`${slug}: warning: the record's search_key reaches indexes ${rights.indexes.join(', ')}, not only ${indexUid}. ${SEARCH_KEY_HINT(indexUid)}`);
    }
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
    .description(
      `Push a dealer's stock to its Meilisearch index (host: --host, else the record's search_host when listed in FORECOURT_SEARCH_HOSTS; the admin key comes from --key or ${'MEILISEARCH_ADMIN_KEY'})`,
    )
    .argument('<slug>', 'dealer slug')
    .addOption(
      new Option('--host <url>', 'Meilisearch host (default: the record search_host, if listed in FORECOURT_SEARCH_HOSTS)').env('FORECOURT_SEARCH_HOST'),
    )
    .addOption(new Option('--key <key>', 'Meilisearch admin key (never the record search_key)').env('MEILISEARCH_ADMIN_KEY'))
    .option('--dealers <dir>', 'folder of dealer records', DEFAULT_DEALERS_DIR)
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
  documentEnvironment(command, ['FORECOURT_SEARCH_HOST', 'FORECOURT_SEARCH_HOSTS', 'MEILISEARCH_ADMIN_KEY']);
}
