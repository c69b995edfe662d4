/**
 * read stage [io]: a dealer's record and stock feed as text. The only stage of validation that
 * touches the disk; everything after it is a function of these strings.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** One file's text and the path it is reported under. */
export interface SourceFile {
  file: string;
  text: string;
}

/** A dealer's raw inputs. */
export interface Source {
  slug: string;
  /** dealers/<slug>/dealer.yaml */
  record: SourceFile;
  /** dealers/<slug>/stock.json, or null when the dealer has no stock feed (no stock is valid). */
  stock: SourceFile | null;
}

/** File names inside a dealer directory. */
export const RECORD_FILE = 'dealer.yaml';
/** See RECORD_FILE. */
export const STOCK_FILE = 'stock.json';

/** Reads a text file, or null when it does not exist. Other read errors propagate with context. */
export async function readOptionalText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${file}`, { cause });
  }
}

/**
 * Reads dealers/<slug>/dealer.yaml (required) and dealers/<slug>/stock.json (optional).
 * Throws (with `cause`) when the record is missing or unreadable.
 */
export async function readSource({ dealersDir, slug }: { dealersDir: string; slug: string }): Promise<Source> {
  const recordFile = path.join(dealersDir, slug, RECORD_FILE);
  const stockFile = path.join(dealersDir, slug, STOCK_FILE);
  const [recordText, stockText] = await Promise.all([readOptionalText(recordFile), readOptionalText(stockFile)]);
  if (recordText === null) throw new Error(`dealer "${slug}" has no record: ${recordFile} does not exist`);
  return {
    slug,
    record: { file: recordFile, text: recordText },
    stock: stockText === null ? null : { file: stockFile, text: stockText },
  };
}
