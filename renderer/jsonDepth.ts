/**
 * Where a JSON text nests, found in one pass over its characters, holding only the open arrays
 * and objects: how deep it goes before JSON.parse sees it (V8 parses `[[[[...` a few million
 * deep, slowly, and the value then overflows the call stack of JSON.stringify, structuredClone
 * and every recursive reader after it), and the pointer of the value at an offset.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/** One open array or object: the index, or the offsets of the key, being read in it. */
interface Open {
  array: boolean;
  index: number;
  /** -1 until the key of the current member has been read (its ':'). */
  keyStart: number;
  keyEnd: number;
}

/** The offset of the quote that closes the string opened at `start` (one not escaped by a backslash), or the text's length. */
function closingQuote(text: string, start: number): number {
  for (let at = text.indexOf('"', start + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/** Reads `text` up to `end`, or up to the first '[' or '{' deeper than `maxDepth`. */
function scanOpen({ text, maxDepth, end }: { text: string; maxDepth: number; end: number }): { tooDeepAt: number | null; open: Open[] } {
  const open: Open[] = [];
  let stringStart = -1;
  let stringEnd = -1;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      stringStart = i;
      i = closingQuote(text, i);
      stringEnd = i + 1;
    } else if (c === 0x5b || c === 0x7b) {
      if (open.length === maxDepth) return { tooDeepAt: i, open };
      open.push({ array: c === 0x5b, index: 0, keyStart: -1, keyEnd: -1 });
    } else if (c === 0x5d || c === 0x7d) open.pop();
    else if (c === COMMA || c === COLON) {
      const top = open[open.length - 1];
      if (!top) continue;
      if (c === COLON) {
        top.keyStart = stringStart;
        top.keyEnd = stringEnd;
      } else if (top.array) top.index++;
      else top.keyStart = top.keyEnd = -1;
    }
  }
  return { tooDeepAt: null, open };
}

/** The pointer segments of the open collections: each one's index or current key (none while its key is being read). */
function segmentsOf({ text, open }: { text: string; open: Open[] }): (string | number)[] {
  return open.flatMap((entry): (string | number)[] => {
    if (entry.array) return [entry.index];
    if (entry.keyStart < 0) return [];
    try {
      return [String(JSON.parse(text.slice(entry.keyStart, entry.keyEnd)))];
    } catch {
      return ['?'];
    }
  });
}

/**
 * The offset of the first '[' or '{' nested deeper than `maxDepth`, and the JSON pointer segments
 * of that collection; null when the text nests no deeper. Text that is not JSON is left to
 * JSON.parse to report.
 */
export function jsonTooDeep({ text, maxDepth }: { text: string; maxDepth: number }): { offset: number; segments: (string | number)[] } | null {
  const { tooDeepAt, open } = scanOpen({ text, maxDepth, end: text.length });
  return tooDeepAt === null ? null : { offset: tooDeepAt, segments: segmentsOf({ text, open }) };
}

/** The JSON pointer segments of the innermost value at `offset` (a member whose key is being read: its object). */
export function jsonSegmentsAt({ text, offset }: { text: string; offset: number }): (string | number)[] {
  return segmentsOf({ text, open: scanOpen({ text, maxDepth: Infinity, end: offset }).open });
}
