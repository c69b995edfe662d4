/**
 * What `forecourt validate` checks of a record's `feed:` without importing it: a URL source's
 * host against the outbound-address policy (no DNS: an IP literal by its range, 'localhost' and
 * metadata names by name), and, for a CSV or TSV file already in the dealer's folder, that every
 * column `map` names is in its header row (the hint lists the header).
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { hostRefusal, type AddressPolicy } from '../net/addressPolicy.ts';
import type { Feed } from '../schema/resolved.generated.ts';
import { fieldRules } from './fieldSpec.ts';
import { FEED_PRESETS } from './presets.ts';

/** A problem of the record's feed: where in the record, what, what to do. */
export interface FeedProblem {
  pointer: string;
  message: string;
  hint: string;
  severity: 'error' | 'warning';
}

/** The header row is in the first bytes of any sane export. */
const HEADER_BYTES = 64 * 1024;

async function headerRow({ file, delimiter, encoding }: { file: string; delimiter: string; encoding: string }): Promise<string[] | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const text = iconv.decode(buffer.subarray(0, bytesRead), encoding);
    const [header = []] = parseCsv(text, { bom: true, delimiter, to_line: 1, relax_column_count: true, relax_quotes: true }) as string[][];
    return header.map((name) => name.trim());
  } catch {
    return [];
  } finally {
    await handle.close();
  }
}

/** The problems of `feed` (a record's resolved `feed:`) for the dealer in `dealerDir`. */
export async function feedProblems({ feed, dealerDir, policy }: { feed: NonNullable<Feed>; dealerDir: string; policy: AddressPolicy }): Promise<FeedProblem[]> {
  const { source } = feed;
  if (source.url) {
    let host: string;
    try {
      host = new URL(source.url).hostname;
    } catch {
      return [{ pointer: '/feed/source/url', message: 'is not a URL', hint: 'Write the full https://... address of the feed.', severity: 'error' }];
    }
    const refusal = hostRefusal({ host, policy });
    return refusal
      ? [
          {
            pointer: '/feed/source/url',
            message: refusal,
            hint: "Use the provider's public address; import never fetches from this machine or the private network.",
            severity: 'error',
          },
        ]
      : [];
  }
  const preset = feed.preset ? FEED_PRESETS[feed.preset] : undefined;
  const format = feed.format ?? preset?.format ?? 'csv';
  if (format !== 'csv' && format !== 'tsv') return [];
  const header = await headerRow({ file: path.join(dealerDir, source.file!), delimiter: format === 'tsv' ? '\t' : ',', encoding: feed.encoding });
  if (header === null)
    return [
      {
        pointer: '/feed/source/file',
        message: `${source.file} does not exist yet`,
        hint: `forecourt import reads it from ${path.join(dealerDir, source.file!)}.`,
        severity: 'warning',
      },
    ];
  const known = new Set(header);
  return fieldRules({ presetMap: preset?.map, map: feed.map })
    .filter((rule) => rule.column && !known.has(rule.column))
    .map((rule) => ({
      pointer: Object.hasOwn(feed.map, rule.field) ? `/feed/map/${rule.field}` : '/feed/preset',
      message: `names column "${rule.column}" (${rule.field}), which ${source.file} does not have`,
      hint: `The header row of ${source.file}: ${header.join(', ')}`,
      severity: 'error',
    }));
}
