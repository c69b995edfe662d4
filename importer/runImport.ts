/**
 * One dealer's import: read the feed (file or URL), parse it, map its rows, refuse it when a
 * guardrail trips, reconcile it with the last stock and the history, and write stock.json and
 * the history (each to a temporary file renamed over the old one). A refused, unchanged or
 * failed import writes nothing.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dateInZone } from '../domain/feedValues.ts';
import { isSafeUrl } from '../domain/safeUrl.ts';
import type { AddressPolicy } from '../net/addressPolicy.ts';
import { schemaValidators } from '../schema/index.ts';
import type { Feed } from '../schema/resolved.generated.ts';
import { feedCars } from './feedCars.ts';
import { FeedParseError } from './feedRows.ts';
import { FeedSourceError, readFeedSource, sourceLabel } from './feedSource.ts';
import { fieldRules } from './fieldSpec.ts';
import { HISTORY_FILE, historyText } from '../domain/importHistory.ts';
import { readHistory, sha256 } from './importHistory.ts';
import type { RejectedRow } from './mapRows.ts';
import { FEED_PRESETS } from './presets.ts';
import { reconcile, type ImportCounts, type StockRow } from './reconcile.ts';

/** The stock file import writes (the one generate reads). */
export const STOCK_FILE = 'stock.json';

/** How an import ended. */
export type ImportStatus = 'imported' | 'unchanged' | 'not-modified' | 'refused' | 'failed';

/** What one dealer's import did. */
export interface ImportResult {
  slug: string;
  status: ImportStatus;
  /** One sentence for the terminal: what happened, or why nothing was written. */
  message: string;
  /** The source's name in reports (file as written, URL without its query). */
  source: string;
  rows: number;
  rejected: RejectedRow[];
  counts: ImportCounts | null;
}

/** The dealer facts an import needs from the resolved record. */
export interface ImportDealer {
  slug: string;
  dealer_id: number;
  timezone: string;
  feed: NonNullable<Feed>;
}

const carValidator = schemaValidators({ formats: { 'safe-url': isSafeUrl } });

/** stock.json text: one car a line, so a diff shows which cars changed. */
export function stockText(rows: readonly StockRow[]): string {
  let text = '[';
  for (let i = 0; i < rows.length; i++) text += `${i ? ',' : ''}\n${JSON.stringify(rows[i])}`;
  return `${text}${rows.length ? '\n' : ''}]\n`;
}

async function writeAtomic({ file, text }: { file: string; text: string }): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

async function readPreviousStock(file: string): Promise<{ text: string; rows: StockRow[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: '', rows: [] };
    throw error;
  }
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) throw new Error(`${file} is not a JSON array of cars`);
  return { text, rows: rows.filter((row): row is StockRow => Boolean(row) && typeof row === 'object' && typeof row.id === 'number') };
}

/** Imports one dealer's feed. Never throws for a bad feed: the result says what happened. */
export async function runImport({
  dealerDir,
  dealer,
  now,
  policy,
  env,
  acceptDrop = false,
  retryDelayMs,
}: {
  dealerDir: string;
  dealer: ImportDealer;
  now: Date;
  policy: AddressPolicy;
  env: Record<string, string | undefined>;
  acceptDrop?: boolean;
  retryDelayMs?: number;
}): Promise<ImportResult> {
  const { feed, slug } = dealer;
  const source = sourceLabel(feed.source);
  const result = (status: ImportStatus, message: string, extra: Partial<ImportResult> = {}): ImportResult => ({
    slug,
    status,
    message,
    source,
    rows: 0,
    rejected: [],
    counts: null,
    ...extra,
  });
  const stockFile = path.join(dealerDir, STOCK_FILE);
  const historyFile = path.join(dealerDir, HISTORY_FILE);
  try {
    const preset = feed.preset ? FEED_PRESETS[feed.preset] : undefined;
    const format = feed.format ?? preset?.format ?? 'csv';
    const records = feed.records ?? preset?.records ?? null;
    const configHash = sha256(JSON.stringify({ feed, timezone: dealer.timezone, dealer_id: dealer.dealer_id }));
    const [history, previous] = await Promise.all([readHistory({ file: historyFile }), readPreviousStock(stockFile)]);
    const last = history.last?.config_sha256 === configHash ? history.last : null;

    const fetched = await readFeedSource({ source: feed.source, dealerDir, policy, env, previous: last, retryDelayMs });
    if (fetched.status === 'not-modified') return result('not-modified', `${source} is not modified since the last import (HTTP 304); nothing changed`);
    const bodyHash = sha256(fetched.bytes);
    if (last && last.body_sha256 === bodyHash && last.stock_sha256 === sha256(previous.text))
      return result('unchanged', `${source} is unchanged since the last import; nothing changed`);

    const rules = fieldRules({ presetMap: preset?.map, map: feed.map });
    const read = feedCars({ bytes: fetched.bytes, encoding: feed.encoding, format, records, rules, timeZone: dealer.timezone, source });
    if (!read.ok) return result('refused', read.problem, { rows: read.rowsRead });
    const { rejected, rowsRead } = read;
    const seen = { rows: rowsRead, rejected };
    if (read.cars.length === 0)
      return result('refused', `${source} has no cars (${rowsRead} rows read, ${rejected.length} rejected); an empty feed is never published`, seen);
    const rejectedPercent = (rejected.length / rowsRead) * 100;
    if (rejectedPercent > feed.max_rejected_percent)
      return result(
        'refused',
        `${rejected.length} of ${rowsRead} rows rejected (${rejectedPercent.toFixed(1)}%), over feed.max_rejected_percent ${feed.max_rejected_percent}`,
        seen,
      );

    const mappedFields = new Set(rules.filter((rule) => rule.column).map((rule) => rule.field));
    const today = dateInZone({ now, timeZone: dealer.timezone });
    const next = reconcile({ feedCars: read.cars, heldKeys: read.heldKeys, history, previousStock: previous.rows, dealer, mappedFields, now, today });
    // The feed's values are in the new rows now; let a large feed's copies go before the files are written.
    read.cars = [];
    read.heldKeys.clear();
    const before = previous.rows.filter((row) => row.status !== 'sold' && row.sold !== true).length;
    const shrink = before > 0 ? ((before - next.counts.for_sale) / before) * 100 : 0;
    if (shrink > feed.max_shrink_percent && !acceptDrop)
      return result(
        'refused',
        `stock would shrink from ${before} to ${next.counts.for_sale} cars for sale (${shrink.toFixed(0)}% fewer), over feed.max_shrink_percent ${feed.max_shrink_percent}; run with --accept-drop if that is right`,
        { ...seen, counts: next.counts },
      );

    const validate = carValidator.car();
    for (const row of next.stock) {
      if (!validate(row)) {
        const problem = validate.errors?.[0];
        return result('failed', `car ${row.id} (${row.slug}) would not validate: ${problem?.instancePath || '/'} ${problem?.message}; nothing written`, seen);
      }
    }
    const text = stockText(next.stock);
    const stockChanged = text !== previous.text;
    if (stockChanged) await writeAtomic({ file: stockFile, text });
    const lastImport = {
      at: now.toISOString(),
      body_sha256: bodyHash,
      config_sha256: configHash,
      stock_sha256: sha256(text),
      etag: fetched.etag,
      last_modified: fetched.last_modified,
      for_sale: next.counts.for_sale,
    };
    await writeAtomic({ file: historyFile, text: historyText({ ...next.history, last: lastImport }) });
    const { counts } = next;
    const summary = `${counts.for_sale} for sale: ${counts.added} new, ${counts.updated} updated, ${counts.relisted} re-listed, ${counts.sold} sold, ${counts.removed} removed${counts.held ? `, ${counts.held} kept as they were (row rejected)` : ''}`;
    return result(
      stockChanged ? 'imported' : 'unchanged',
      stockChanged ? `${source} imported into ${STOCK_FILE}: ${summary}` : `${source} gives the same stock; ${STOCK_FILE} unchanged`,
      { ...seen, counts },
    );
  } catch (error) {
    if (error instanceof FeedSourceError || error instanceof FeedParseError)
      return result('failed', `${error instanceof FeedParseError ? `${source} ` : ''}${error.message}`);
    return result('failed', `${(error as Error).message}${(error as Error).cause ? ` (${((error as Error).cause as Error).message})` : ''}`);
  }
}
