/**
 * The last clean stock of each feed file, kept between builds of one BuildSession (`forecourt dev`,
 * the benchmark, a test's build sequence: renderer/buildSession.ts), so a rebuild after a few rows
 * changed parses, validates and resolves only those rows, and every other car is the same object
 * as in the last build: the stages after load key their per-car work on it (renderer/carMemo.ts
 * states that identity contract).
 *
 * The feed text is compared with the remembered one: the rows the changed stretch touches are
 * read again, the rest are taken as they were. This is only a shortcut for a feed the last build
 * found without a problem: any problem of the rows read again (their schema, a duplicate id or
 * slug anywhere), or a change beyond the rows (the brackets, the text around them), gives up and
 * loadDealer reads the whole feed, so every warning is reported at its own `file:line:col` as
 * before. A --full build forgets the feed first.
 */
import { hash } from 'node:crypto';
import type { Car } from '../domain/types.ts';
import { parseJson } from './parse.ts';
import type { SourceFile } from './readSource.ts';
import { resolveCars } from './resolve.ts';
import { validateStock } from './validate.ts';

/** Offsets of one row of the feed's top-level array: its first character and one past its last. */
interface Span {
  start: number;
  end: number;
}

/** A feed as the last build read it, without a problem (renderer/stockCache.ts keeps it on disk too). */
export interface RememberedFeed {
  /** The feed's top-level array, from its '[' to its ']' (the whitespace around it may change freely). */
  core: string;
  /** The rows' offsets in `core`. */
  spans: Span[];
  cars: Car[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** JSON's whitespace. */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The spans of the top-level array's rows in `text` (offsets shifted by `base`); null when the
 * text is not one array of values (the caller then reads it all).
 */
function rowSpans({ text, base = 0 }: { text: string; base?: number }): Span[] | null {
  const spans: Span[] = [];
  let depth = 0;
  let open = -1;
  let close = -1;
  let start = -1;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (depth === 1 && start < 0) start = i;
      // Skip to the closing quote: one not escaped by an odd run of backslashes.
      for (i = text.indexOf('"', i + 1); i >= 0; i = text.indexOf('"', i + 1)) {
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      if (i < 0) return null;
      last = i;
      continue;
    }
    if (isSpace(c)) continue;
    if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth === 1) {
        if (c !== 0x5b || open >= 0) return null;
        open = i;
        continue;
      }
      if (depth === 2 && start < 0) start = i;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
      if (depth === 0) {
        if (start >= 0) spans.push({ start: base + start, end: base + last + 1 });
        close = i;
        start = -1;
        continue;
      }
      if (depth < 0) return null;
    } else if (c === COMMA && depth === 1) {
      if (start >= 0) spans.push({ start: base + start, end: base + last + 1 });
      start = -1;
      continue;
    } else if (depth === 1 && start < 0) start = i;
    last = i;
  }
  return open < 0 || close < 0 || depth !== 0 ? null : spans;
}

/** The feed's text from its first to its last character but whitespace, when they are '[' and ']'; null otherwise. */
function coreOf(text: string): string | null {
  let from = 0;
  let to = text.length;
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  return text.charCodeAt(from) === 0x5b && text.charCodeAt(to - 1) === 0x5d ? text.slice(from, to) : null;
}

/** Length of the common start of `a` and `b`. */
function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  // Whole chunks first: comparing slices runs in native code.
  let at = 0;
  for (let step = 4096; step >= 1; step >>= 4) while (at + step <= max && a.slice(at, at + step) === b.slice(at, at + step)) at += step;
  return at;
}

/** Length of the common end of `a` and `b`, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let at = 0;
  for (let step = 4096; step >= 1; step >>= 4)
    while (at + step <= max && a.slice(a.length - at - step, a.length - at) === b.slice(b.length - at - step, b.length - at)) at += step;
  return at;
}

/** The index of the first span `reached` holds for (spans.length when none): it holds for every span after that one too. */
function firstReached(spans: Span[], reached: (span: Span) => boolean): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reached(spans[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Rows read again: the new text between two kept rows, as clean cars with their spans; null on any problem. */
function readRows({ file, text, base, maxCars }: { file: string; text: string; base: number; maxCars: number }): { cars: Car[]; spans: Span[] } | null {
  const array = `[${text}]`;
  // parseJson refuses a text nested too deep before JSON.parse sees it (a diagnostic, so null here).
  const stock = validateStock({ parsed: parseJson({ file, text: array }), maxCars });
  if (stock.diagnostics.length > 0 || stock.skipped > 0) return null;
  const spans = rowSpans({ text: array, base: base - 1 });
  if (!spans || spans.length !== stock.cars.length) return null;
  return { cars: resolveCars({ cars: stock.cars }), spans };
}

/** True when no two cars share an id or a slug (validateStock would skip the later one with a warning). */
function distinct(cars: readonly Car[]): boolean {
  const ids = new Set<unknown>();
  const slugs = new Set<unknown>();
  for (const car of cars) {
    if (ids.has(car.id) || slugs.has(car.slug)) return false;
    ids.add(car.id);
    slugs.add(car.slug);
  }
  return true;
}

/**
 * The cars of `source` from the remembered feed of the same file and the rows that changed, or
 * null when the feed must be read whole (nothing remembered, or the change is not a clean change
 * of rows: see the file comment).
 */
function rememberedStock({ remembered, source, maxCars }: { remembered: Map<string, RememberedFeed>; source: SourceFile; maxCars: number }): Car[] | null {
  const before = remembered.get(source.file);
  if (!before || source.unreadable || source.invalidUtf8) return null;
  const text = coreOf(source.text);
  if (text === null) return null;
  // The same feed under a lower car limit is refused by the whole read.
  if (text === before.core) return before.cars.length <= maxCars ? before.cars : null;
  const prefix = commonPrefix(before.core, text);
  const suffix = commonSuffix(before.core, text, Math.min(before.core.length, text.length) - prefix);
  const changedEnd = before.core.length - suffix;
  // The rows the changed stretch touches, and the kept rows either side of them.
  const first = firstReached(before.spans, (span) => span.end > prefix);
  const last = Math.max(first - 1, firstReached(before.spans, (span) => span.start >= changedEnd) - 1);
  const left = first > 0 ? before.spans[first - 1].end : 1;
  const right = last + 1 < before.spans.length ? before.spans[last + 1].start : before.core.length - 1;
  if (left > prefix || right < changedEnd) return null;
  const shift = text.length - before.core.length;
  // The new text between the kept rows: the rows read again and the commas that separate them from the kept ones.
  let from = left;
  let to = right + shift;
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  const leading = first > 0;
  const trailing = last + 1 < before.spans.length;
  let read: { cars: Car[]; spans: Span[] } | null = { cars: [], spans: [] };
  if (from === to) {
    // Rows removed at an end of the feed, or from an empty one; between two kept rows a comma must stay.
    if (leading && trailing) return null;
  } else if (!(leading && trailing && to - from === 1 && text.charCodeAt(from) === COMMA)) {
    if (leading) {
      if (text.charCodeAt(from) !== COMMA) return null;
      from++;
    }
    if (trailing) {
      if (to <= from || text.charCodeAt(to - 1) !== COMMA) return null;
      to--;
    }
    const rows = text.slice(from, to);
    if (rows.trim() === '') return null;
    read = readRows({ file: source.file, text: rows, base: from, maxCars });
    if (!read) return null;
  }
  const cars = [...before.cars.slice(0, first), ...read.cars, ...before.cars.slice(last + 1)];
  if (cars.length > maxCars || !distinct(cars)) return null;
  remembered.set(source.file, {
    core: text,
    spans: [
      ...before.spans.slice(0, first),
      ...read.spans,
      ...before.spans.slice(last + 1).map((span) => ({ start: span.start + shift, end: span.end + shift })),
    ],
    cars,
  });
  return cars;
}

/** The hash of each row's text of `feed`, in order: the key of its car in the disk cache (renderer/stockCache.ts). */
export function rowHashes({ core, spans }: Pick<RememberedFeed, 'core' | 'spans'>): string[] {
  return spans.map((span) => hash('sha256', core.slice(span.start, span.end), 'base64url'));
}

/** True when the text between the rows of `core` is JSON's: whitespace, one comma between two rows, nothing else. */
function cleanGaps({ core, spans }: { core: string; spans: Span[] }): boolean {
  const gap = (from: number, to: number, comma: boolean): boolean => {
    let commas = 0;
    for (let i = from; i < to; i++) {
      const c = core.charCodeAt(i);
      if (c === COMMA) commas++;
      else if (!isSpace(c)) return false;
    }
    return commas === (comma ? 1 : 0);
  };
  let at = 1;
  for (let i = 0; i < spans.length; i++) {
    if (!gap(at, spans[i].start, i > 0)) return false;
    at = spans[i].end;
  }
  return gap(at, core.length - 1, false);
}

/**
 * The feed of `source` from the validated and resolved cars of an earlier process by the hash of
 * their row's text (renderer/stockCache.ts): rows found there are taken as they are, the others are
 * validated and resolved now. Null when the feed must be read whole, as rememberedStock decides:
 * not one clean array of rows, a row read now with any problem, a repeated id or slug, too many cars.
 */
export function feedFromRows({ rows, source, maxCars }: { rows: ReadonlyMap<string, Car>; source: SourceFile; maxCars: number }): RememberedFeed | null {
  if (source.unreadable || source.invalidUtf8) return null;
  const core = coreOf(source.text);
  const spans = core === null ? null : rowSpans({ text: core });
  if (core === null || !spans || spans.length > maxCars || !cleanGaps({ core, spans })) return null;
  const hashes = rowHashes({ core, spans });
  const cars: (Car | undefined)[] = hashes.map((key) => rows.get(key));
  const missing = spans.filter((_, i) => cars[i] === undefined);
  if (missing.length > 0) {
    const read = readRows({ file: source.file, text: missing.map((span) => core.slice(span.start, span.end)).join(','), base: 0, maxCars });
    if (!read || read.cars.length !== missing.length) return null;
    let next = 0;
    for (let i = 0; i < cars.length; i++) if (cars[i] === undefined) cars[i] = read.cars[next++];
  }
  const all = cars as Car[];
  return distinct(all) ? { core, spans, cars: all } : null;
}

/** Remembers a feed read whole without a problem, for the next build's rememberedStock. */
function rememberStock({ remembered, source, cars }: { remembered: Map<string, RememberedFeed>; source: SourceFile; cars: Car[] }): void {
  const core = coreOf(source.text);
  const spans = core === null ? null : rowSpans({ text: core });
  if (core !== null && spans && spans.length === cars.length) remembered.set(source.file, { core, spans, cars });
  else remembered.delete(source.file);
}

/** The feeds one session remembers (renderer/buildSession.ts holds one). */
export interface StockMemory {
  /** The cars of `source` from the remembered feed and the rows that changed, or null when the feed must be read whole. */
  remembered(args: { source: SourceFile; maxCars: number }): Car[] | null;
  /** Remembers a feed read whole without a problem, for the next build's `remembered`. */
  remember(args: { source: SourceFile; cars: Car[] }): void;
  /** Forgets the feed of `file` (a --full build, or a feed read with problems). */
  forget(args: { file: string }): void;
  /** The feed of `file` as remembered now (a new object whenever it changed), if any. */
  feed(args: { file: string }): RememberedFeed | undefined;
  /** Remembers `feed` for `file` as read by an earlier process (renderer/stockCache.ts), when nothing is remembered for it yet. */
  seed(args: { file: string; feed: RememberedFeed }): void;
}

/** A new, empty stock memory. */
export function createStockMemory(): StockMemory {
  const remembered = new Map<string, RememberedFeed>();
  return {
    remembered: ({ source, maxCars }) => rememberedStock({ remembered, source, maxCars }),
    remember: ({ source, cars }) => rememberStock({ remembered, source, cars }),
    forget: ({ file }) => void remembered.delete(file),
    feed: ({ file }) => remembered.get(file),
    seed: ({ file, feed }) => void (remembered.has(file) || remembered.set(file, feed)),
  };
}
