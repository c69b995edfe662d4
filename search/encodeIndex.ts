/**
 * Columnar encoder of the static search index: documents in, one compact binary index plus
 * chunked card payloads out. Pure (no I/O); buildIndex.ts decides what goes in.
 *
 * Layout choices (bytes per car matter: the first search of a 5,000-car dealer must fit 200 KB):
 * - string facets are dictionary codes (varint, usually one byte), turned into bitsets on load;
 * - documents are stored in custom_rank:desc order, so that sort costs nothing and is every
 *   sort's tie-break;
 * - price is one permutation (doc indexes in price order) plus sorted price deltas: the sort
 *   key and the numeric column in one, price:desc is derived on load;
 * - year and km are varints relative to their minimum;
 * - text search keeps the sorted token list and one token set per distinct
 *   make/model/badge/name combination, so prefix matching touches entries, not cars.
 */
import type { VehicleSearchDocument } from '../domain/types.ts';
import { ByteWriter, packContainer } from './binary.ts';
import { CARD_FIELDS, DEFAULT_HITS_PER_PAGE, DEFAULT_SORT, isRangeField, type SearchCard, type SortKey } from './contract.ts';
import {
  DEFAULT_CARDS_CHUNK,
  INDEX_VERSION,
  NUMERIC_FIELDS,
  SECTION,
  compareDocOrder,
  fieldValues,
  indexedStringFields,
  numericValue,
  type CardsChunk,
  type IndexHeader,
  type NumberColumn,
  type NumericField,
} from './indexFormat.ts';
import { TEXT_FIELDS, tokenize } from './tokens.ts';

/** The encoded index: the binary file and the card chunks it names. */
export interface EncodedIndex {
  index: Uint8Array;
  chunks: { file: string; json: string }[];
  header: IndexHeader;
}

/** FNV-1a 32-bit, hex: enough to version cache-forever chunk names, and browser/Node neutral. */
function fnv1a({ parts }: { parts: (Uint8Array | string)[] }): string {
  let h = 0x811c9dc5;
  const enc = new TextEncoder();
  for (const part of parts) {
    const bytes = typeof part === 'string' ? enc.encode(part) : part;
    for (let i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193);
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

function encodeStringColumn({ docs, field }: { docs: VehicleSearchDocument[]; field: string }) {
  const perDoc = docs.map((d) => fieldValues(d, field));
  const multi = docs.some((d) => Array.isArray((d as unknown as Record<string, unknown>)[field]));
  const values = [...new Set(perDoc.flat())].sort();
  const code = new Map(values.map((v, i) => [v, i + 1]));
  const w = new ByteWriter();
  for (const vs of perDoc) {
    if (multi) {
      w.varint(vs.length);
      for (const v of vs) w.varint(code.get(v)! - 1);
    } else {
      w.varint(vs.length ? code.get(vs[0])! : 0);
    }
  }
  return { dictionary: { values, multi }, bytes: w.finish() };
}

function allUnsignedIntegers(values: (number | null)[]): boolean {
  return values.every((v) => v === null || Number.isSafeInteger(v));
}

function encodeNumberColumn({ values }: { values: (number | null)[] }): { column: NumberColumn; bytes: Uint8Array } {
  const present = values.filter((v): v is number => v !== null);
  const base = present.length ? Math.min(...present) : 0;
  const w = new ByteWriter();
  if (allUnsignedIntegers(values)) {
    for (const v of values) w.varint(v === null ? 0 : v - base + 1);
    return { column: { enc: 'uv', base }, bytes: w.finish() };
  }
  for (const v of values) w.float64(v === null ? Number.NaN : v);
  return { column: { enc: 'f64', base: 0 }, bytes: w.finish() };
}

/** Price: permutation of doc indexes by price asc (ties by doc order) + the sorted prices. */
function encodePrice({ docs }: { docs: VehicleSearchDocument[] }) {
  const prices = docs.map((d) => numericValue(d, 'price') ?? 0);
  const perm = prices.map((_, i) => i).sort((a, b) => prices[a] - prices[b] || a - b);
  const permWidth: 2 | 4 = docs.length <= 0x10000 ? 2 : 4;
  const pw = new ByteWriter();
  for (const i of perm) pw.fixed(i, permWidth);
  const sorted = perm.map((i) => prices[i]);
  const vw = new ByteWriter();
  const integer = sorted.every((v) => Number.isSafeInteger(v));
  const base = sorted.length ? sorted[0] : 0;
  if (integer) {
    let prev = base;
    for (const v of sorted) {
      vw.varint(v - prev);
      prev = v;
    }
  } else {
    for (const v of sorted) vw.float64(v);
  }
  return { perm: pw.finish(), permWidth, column: { enc: integer ? 'uv' : 'f64', base } as NumberColumn, bytes: vw.finish() };
}

/**
 * Each document's sorted distinct tokens, by the text they are made from: cars of one
 * make/model/badge/name share them (a 5,000-car stock has about 1,000 distinct texts), so a build
 * tokenizes each text once, and, the key being the text itself, an entry cannot be stale.
 */
function docTokens({ docs }: { docs: VehicleSearchDocument[] }): string[][] {
  const byText = new Map<string, string[]>();
  return docs.map((doc) => {
    const values = TEXT_FIELDS.flatMap((f) => fieldValues(doc, f));
    const text = values.join('\0');
    let tokens = byText.get(text);
    if (!tokens) {
      tokens = [...new Set(values.flatMap(tokenize))].sort();
      byText.set(text, tokens);
    }
    return tokens;
  });
}

function encodeText({ docs }: { docs: VehicleSearchDocument[] }) {
  const docTokensList = docTokens({ docs });
  const tokens = [...new Set(docTokensList.flat())].sort();
  const tokenId = new Map(tokens.map((t, i) => [t, i]));
  const entryOf = new Map<string, number>();
  const entries: number[][] = [];
  const codes = new ByteWriter();
  for (const ts of docTokensList) {
    const ids = ts.map((t) => tokenId.get(t)!).sort((a, b) => a - b);
    const key = ids.join(',');
    let e = entryOf.get(key);
    if (e === undefined) {
      e = entries.length;
      entryOf.set(key, e);
      entries.push(ids);
    }
    codes.varint(e);
  }
  const ew = new ByteWriter();
  for (const ids of entries) {
    ew.varint(ids.length);
    let prev = 0;
    for (const id of ids) {
      ew.varint(id - prev);
      prev = id;
    }
  }
  return { tokens, textEntries: entries.length, codes: codes.finish(), entries: ew.finish() };
}

function cardRow(card: SearchCard): unknown[] {
  // Trailing nulls are dropped; a card row is most of a chunk's bytes.
  const row = CARD_FIELDS.map((f) => card[f] ?? null);
  while (row.length && row[row.length - 1] === null) row.pop();
  return row;
}

/**
 * Encode documents and their cards (same order, same length) into the static index.
 * `facets` are the configured facets (site.search_filters); numeric ones answer with stats.
 */
export function encodeIndex({
  docs,
  cards,
  facets,
  defaultSort = DEFAULT_SORT,
  hitsPerPage = DEFAULT_HITS_PER_PAGE,
  chunkSize = DEFAULT_CARDS_CHUNK,
  priceAscPositive = false,
}: {
  docs: VehicleSearchDocument[];
  cards: SearchCard[];
  facets: string[];
  defaultSort?: SortKey;
  hitsPerPage?: number;
  chunkSize?: number;
  priceAscPositive?: boolean;
}): EncodedIndex {
  if (docs.length !== cards.length) throw new Error(`encodeIndex: ${docs.length} documents but ${cards.length} cards`);
  const order = docs.map((_, i) => i).sort((a, b) => compareDocOrder(docs[a], docs[b]));
  const sortedDocs = order.map((i) => docs[i]);
  const sortedCards = order.map((i) => cards[i]);

  const sections: Record<string, Uint8Array> = {};
  const strings: IndexHeader['strings'] = {};
  for (const field of indexedStringFields(facets.filter((f) => !isRangeField(f)))) {
    const { dictionary, bytes } = encodeStringColumn({ docs: sortedDocs, field });
    strings[field] = dictionary;
    sections[SECTION.string(field)] = bytes;
  }
  const price = encodePrice({ docs: sortedDocs });
  sections[SECTION.pricePerm] = price.perm;
  sections[SECTION.number('price')] = price.bytes;
  const numbers = { price: price.column } as Record<NumericField, NumberColumn>;
  for (const field of NUMERIC_FIELDS.filter((f) => f !== 'price')) {
    const { column, bytes } = encodeNumberColumn({ values: sortedDocs.map((d) => numericValue(d, field)) });
    numbers[field] = column;
    sections[SECTION.number(field)] = bytes;
  }
  const text = encodeText({ docs: sortedDocs });
  sections[SECTION.textCodes] = text.codes;
  sections[SECTION.textEntries] = text.entries;

  const chunkJson: string[] = [];
  for (let start = 0; start < sortedCards.length; start += chunkSize) {
    const chunk: CardsChunk = { fields: [...CARD_FIELDS], rows: sortedCards.slice(start, start + chunkSize).map(cardRow) };
    chunkJson.push(JSON.stringify(chunk));
  }
  const hash = fnv1a({ parts: [...Object.keys(sections), ...Object.values(sections), ...chunkJson, JSON.stringify({ strings, tokens: text.tokens })] });
  const files = chunkJson.map((_, i) => `cards-${hash}-${i}.json`);

  const header: IndexHeader = {
    v: INDEX_VERSION,
    n: sortedDocs.length,
    hash,
    facets: [...facets],
    defaultSort,
    hitsPerPage,
    priceAscPositive,
    strings,
    numbers,
    permWidth: price.permWidth,
    tokens: text.tokens,
    textEntries: text.textEntries,
    cards: { chunkSize, files },
  };
  return {
    index: packContainer({ header, sections }),
    chunks: chunkJson.map((json, i) => ({ file: files[i], json })),
    header,
  };
}
