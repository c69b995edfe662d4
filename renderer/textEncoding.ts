/**
 * Records and feeds are UTF-8. Node's decoder silently turns bytes that are not UTF-8 into U+FFFD
 * (a Latin-1 'é' would become '�' on every page), so the read stage decodes with it and then
 * says where the first such byte was; a UTF-16 file is named as such instead of being read as
 * garbage with NUL characters.
 */
import { isUtf8 } from 'node:buffer';

/** The first byte sequence that is not UTF-8, where its U+FFFD is in the decoded text, and how many there are. */
export interface InvalidUtf8 {
  /** Offset in the decoded text (UTF-16 code units) of the replacement character. */
  offset: number;
  /** The byte that could not be read, e.g. '0xE9'. */
  byte: string;
  /** Sequences in the whole file that are not UTF-8. */
  count: number;
}

/** The byte-order marks of UTF-16 (and UTF-32 little-endian, which starts with the same two bytes). */
export function utf16ByteOrderMark(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return null;
}

const REPLACEMENT = '\ufffd';
/** U+FFFD written in UTF-8: a replacement character that was in the file, not made by the decoder. */
const isEncodedReplacement = (bytes: Buffer, at: number): boolean => bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd;

/** Decodes UTF-8 (a byte-order mark is kept, as the parse stage expects) and finds the first byte that is not UTF-8. */
export function decodeUtf8(bytes: Buffer): { text: string; invalid: InvalidUtf8 | null } {
  const text = bytes.toString('utf8');
  if (isUtf8(bytes)) return { text, invalid: null };
  let first: { offset: number; byte: string } | null = null;
  let replacements = 0;
  let byteOffset = 0;
  let previous = 0;
  for (let at = text.indexOf(REPLACEMENT); at >= 0; at = text.indexOf(REPLACEMENT, at + 1)) {
    replacements++;
    if (first) continue;
    // Everything before `at` decoded cleanly, so its UTF-8 length is the bytes it came from.
    byteOffset += Buffer.byteLength(text.slice(previous, at));
    if (!isEncodedReplacement(bytes, byteOffset)) first = { offset: at, byte: `0x${bytes[byteOffset].toString(16).toUpperCase().padStart(2, '0')}` };
    byteOffset += 3;
    previous = at + 1;
  }
  let encoded = 0;
  for (let at = bytes.indexOf('\ufffd', 0, 'utf8'); at >= 0; at = bytes.indexOf('\ufffd', at + 3, 'utf8')) encoded++;
  // isUtf8 said some sequence is invalid, and every invalid sequence decodes to U+FFFD.
  return { text, invalid: { ...(first ?? { offset: text.length, byte: 'at the end of the file' }), count: replacements - encoded } };
}
