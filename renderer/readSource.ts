/**
 * read stage [io]: a dealer's record and stock feed as text. The only stage of validation that
 * touches the disk; everything after it is a function of these strings.
 *
 * A file's size is checked before it is read (a 200 MB feed is refused in milliseconds, not
 * parsed for minutes), and its bytes must be UTF-8: a UTF-16 file is refused, and a byte that is
 * not UTF-8 is reported by the parse stage at the field it is in.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from './diagnostic.ts';
import { DEFAULT_INPUT_LIMITS, formatBytes, limitName, raiseHint, type InputLimits } from './inputLimits.ts';
import { decodeUtf8, utf16ByteOrderMark, type InvalidUtf8 } from './textEncoding.ts';

/** One file's text and the path it is reported under. */
export interface SourceFile {
  file: string;
  text: string;
  /** Why the file could not be read as text (over its size limit, UTF-16): `text` is then ''. */
  unreadable?: Diagnostic;
  /** The first byte that is not UTF-8 (decoded as U+FFFD): the parse stage reports it at its field. */
  invalidUtf8?: InvalidUtf8;
}

/** A dealer's raw inputs. */
export interface Source {
  slug: string;
  /** dealers/<slug>/dealer.yaml, or null when the dealer has no record. */
  record: SourceFile | null;
  /** dealers/<slug>/stock.json, or null when the dealer has no stock feed (no stock is valid). */
  stock: SourceFile | null;
}

/** The folder of dealer records every command reads unless given --dealers (relative to where it runs). */
export const DEFAULT_DEALERS_DIR = 'dealers';

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

const fileProblem = ({ file, code, message, hint }: { file: string; code: string; message: string; hint: string }): Diagnostic => ({
  file,
  line: code === 'too-large' ? 0 : 1,
  col: code === 'too-large' ? 0 : 1,
  pointer: '',
  severity: 'error',
  code,
  message,
  hint,
});

/**
 * Reads a record or feed within its size limit (`limit` names which), or null when it does not
 * exist. The size is taken from the file system first, so an oversized file is never read.
 */
export async function readSourceFile({
  file,
  limit,
  limits = DEFAULT_INPUT_LIMITS,
}: {
  file: string;
  limit: 'recordBytes' | 'feedBytes';
  limits?: InputLimits;
}): Promise<SourceFile | null> {
  const max = limits[limit];
  const tooLarge = (size: number): SourceFile => ({
    file,
    text: '',
    unreadable: fileProblem({ file, code: 'too-large', message: `is ${formatBytes(size)}, over ${limitName(limit, max)}`, hint: raiseHint(limit) }),
  });
  let bytes: Buffer;
  try {
    const { size } = await stat(file);
    if (size > max) return tooLarge(size);
    bytes = await readFile(file);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${file}`, { cause });
  }
  if (bytes.length > max) return tooLarge(bytes.length); // it grew between stat and read
  const utf16 = utf16ByteOrderMark(bytes);
  if (utf16)
    return {
      file,
      text: '',
      unreadable: fileProblem({
        file,
        code: 'encoding',
        message: `is ${utf16} (it starts with a UTF-16 byte-order mark); records and stock feeds must be UTF-8`,
        hint: 'Save the file as UTF-8 (in most editors: Save with Encoding > UTF-8).',
      }),
    };
  const { text, invalid } = decodeUtf8(bytes);
  return invalid ? { file, text, invalidUtf8: invalid } : { file, text };
}

/**
 * Reads dealers/<slug>/dealer.yaml and dealers/<slug>/stock.json (optional), each within its limit.
 */
export async function readSource({ dealersDir, slug, limits }: { dealersDir: string; slug: string; limits?: InputLimits }): Promise<Source> {
  const [record, stock] = await Promise.all([
    readSourceFile({ file: path.join(dealersDir, slug, RECORD_FILE), limit: 'recordBytes', limits }),
    readSourceFile({ file: path.join(dealersDir, slug, STOCK_FILE), limit: 'feedBytes', limits }),
  ]);
  return { slug, record, stock };
}
