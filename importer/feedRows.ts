/**
 * A feed's bytes as rows: decoded from its encoding, then parsed by a real parser (csv-parse for
 * CSV and TSV with BOM, CRLF, quoted commas and newlines, blank lines; fast-xml-parser for XML;
 * JSON.parse for JSON). Each row knows its number as a spreadsheet shows it (the header is row 1)
 * or its position among the records (XML, JSON), and reads a column or a path.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import iconv from 'iconv-lite';

/** One row of a feed. */
export interface FeedRow {
  /** The number a report names: the spreadsheet row (CSV, TSV; header row 1) or the record's position from 1. */
  row: number;
  /** The text at a column (CSV, TSV) or path (XML, JSON: 'price/amount', '@id'); a list where the path repeats. */
  cell(column: string): string | string[] | undefined;
}

/** A parsed feed: its rows and the columns it has (CSV header; the first rows' paths otherwise). */
export interface ParsedFeed {
  rows: FeedRow[];
  columns: string[];
  /** Lines the parser could not read as rows (a column count unlike the header's), reported like rejected rows. */
  broken: { row: number; reason: string }[];
}

/** The feed could not be parsed at all (not one row can be trusted). */
export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

/** The text of `bytes` in `encoding`; a UTF-8 feed with a byte that is not UTF-8 is refused with what to set. */
export function decodeFeed({ bytes, encoding }: { bytes: Uint8Array; encoding: string }): string {
  // iconv-lite, not TextDecoder: Node's TextDecoder reads 'windows-1252' as Latin-1 (0x80-0x9F as controls, not € – Š).
  if (encoding !== 'utf-8') return iconv.decode(Buffer.from(bytes), encoding);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FeedParseError('is not UTF-8; if the system exports Windows text, set feed.encoding: windows-1252');
  }
}

function parseDelimited({ text, delimiter }: { text: string; delimiter: string }): ParsedFeed {
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false, relax_quotes: delimiter === '\t' });
  } catch (error) {
    throw new FeedParseError(`cannot be read as ${delimiter === '\t' ? 'TSV' : 'CSV'}: ${(error as Error).message}`);
  }
  const header = (records[0] ?? []).map((name) => name.trim());
  const index = new Map(header.map((name, i) => [name, i]));
  const rows: FeedRow[] = [];
  const broken: ParsedFeed['broken'] = [];
  for (let i = 1; i < records.length; i++) {
    const record = records[i];
    if (record.length === 1 && record[0].trim() === '') continue;
    if (record.length !== header.length) {
      broken.push({ row: i + 1, reason: `has ${record.length} fields, the header has ${header.length}` });
      continue;
    }
    rows.push({ row: i + 1, cell: (column) => (index.has(column) ? record[index.get(column)!] : undefined) });
  }
  return { rows, columns: header, broken };
}

/** A step down a path: the value at `key`, through a one-item array. */
function step(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.flatMap((item) => (item && typeof item === 'object' ? [(item as Record<string, unknown>)[key]] : []));
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function asText(value: unknown): string | string[] | undefined {
  if (value == null) return undefined;
  if (Array.isArray(value)) return value.flatMap((item) => asText(item) ?? []);
  if (typeof value === 'object') return asText((value as Record<string, unknown>)['#text']);
  return String(value);
}

function at(value: unknown, path: string): unknown {
  return path.split('/').filter(Boolean).reduce(step, value);
}

function documentRows({ document, records }: { document: unknown; records: string | null }): ParsedFeed {
  const found = records ? at(document, records) : document;
  if (found === undefined) throw new FeedParseError(`has nothing at ${records}`);
  const list = Array.isArray(found) ? found : [found];
  const columns = new Set<string>();
  const collect = (value: unknown, prefix: string, depth: number) => {
    if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 3) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '#text') continue;
      columns.add(prefix + key);
      collect(Array.isArray(inner) ? inner[0] : inner, `${prefix}${key}/`, depth + 1);
    }
  };
  for (const item of list.slice(0, 50)) collect(item, '', 0);
  return {
    rows: list.map((item, i) => ({ row: i + 1, cell: (path: string) => asText(at(item, path)) })),
    columns: [...columns],
    broken: [],
  };
}

/** The rows of a feed's text in its format. Throws {@link FeedParseError} when the text cannot be parsed. */
export function parseFeed({ text, format, records }: { text: string; format: 'csv' | 'tsv' | 'xml' | 'json'; records: string | null }): ParsedFeed {
  switch (format) {
    case 'csv':
      return parseDelimited({ text, delimiter: ',' });
    case 'tsv':
      return parseDelimited({ text, delimiter: '\t' });
    case 'json': {
      let document: unknown;
      try {
        document = JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch (error) {
        throw new FeedParseError(`is not JSON: ${(error as Error).message}`);
      }
      return documentRows({ document, records });
    }
    case 'xml': {
      // Entity declarations can expand a small file into gigabytes; inventory feeds never need them.
      if (/<!ENTITY/i.test(text)) throw new FeedParseError('declares XML entities (<!ENTITY), which an inventory feed never needs; refused');
      let document: unknown;
      try {
        // Tag values stay text (a stock number '00123' keeps its zeros); attributes read as '@name'.
        document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, processEntities: true }).parse(text, true);
      } catch (error) {
        throw new FeedParseError(`is not XML: ${(error as Error).message}`);
      }
      return documentRows({ document, records });
    }
  }
}
