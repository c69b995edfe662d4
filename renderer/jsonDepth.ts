/**
 * How deep a JSON text nests, found in one pass over its characters before JSON.parse sees it:
 * V8 parses `[[[[...` a few million deep (slowly), and the value then overflows the call stack of
 * JSON.stringify, structuredClone and every recursive reader after it.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/** One open array or object: the index, or the offsets of the key, being read in it. */
interface Open {
  array: boolean;
  index: number;
  keyStart: number;
  keyEnd: number;
}

/**
 * The offset of the first '[' or '{' nested deeper than `maxDepth`, and the JSON pointer segments
 * of that collection; null when the text nests no deeper. Text that is not JSON is left
 * to JSON.parse to report.
 */
export function jsonTooDeep({ text, maxDepth }: { text: string; maxDepth: number }): { offset: number; segments: (string | number)[] } | null {
  const open: Open[] = [];
  let stringStart = -1;
  let stringEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      stringStart = i;
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      stringEnd = i + 1;
    } else if (c === 0x5b || c === 0x7b) {
      if (open.length === maxDepth) return { offset: i, segments: open.map(segmentOf(text)) };
      open.push({ array: c === 0x5b, index: 0, keyStart: -1, keyEnd: -1 });
    } else if (c === 0x5d || c === 0x7d) open.pop();
    else if (c === COMMA && open.length && open[open.length - 1].array) open[open.length - 1].index++;
    else if (c === COLON && open.length) Object.assign(open[open.length - 1], { keyStart: stringStart, keyEnd: stringEnd });
  }
  return null;
}

/** The pointer segment an open collection is reading: its index, or its current key. */
const segmentOf =
  (text: string) =>
  (entry: Open): string | number => {
    if (entry.array) return entry.index;
    try {
      return String(JSON.parse(text.slice(entry.keyStart, entry.keyEnd)));
    } catch {
      return '?';
    }
  };
