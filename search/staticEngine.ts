/**
 * The embedded static engine (default): loads the columnar index built at generate time and
 * answers every query locally — filter to a bitset, disjunctive facet counts, facet stats,
 * sort by permutation, paginate, then fetch only the card chunks the page needs.
 *
 * Browser code: no Node APIs (it is bundled into the runtime).
 */
import { ByteReader, unpackContainer } from './binary.ts';
import { hasBit, intersect, setBit, setIndexes, wordsFor } from './bitset.ts';
import {
  CARD_FIELDS,
  SORT_KEYS,
  isRangeField,
  pageCount,
  type FacetStats,
  type Hit,
  type RangeField,
  type SearchEngine,
  type SearchQuery,
  type SearchResult,
  type SortKey,
} from './contract.ts';
import { INDEX_VERSION, NUMERIC_FIELDS, SECTION, type CardsChunk, type IndexHeader, type NumericField } from './indexFormat.ts';
import { scopeConditions } from '../domain/itemTypes.ts';
import { emptyRecord } from './ownRecord.ts';
import { prefixWithinTypos, tokenize, typoBudget } from './tokens.ts';
import { priceFilterForSort } from '../domain/searchInputs.ts';
import { compareSortValues, sortOrder } from '../domain/sortOrder.ts';

const CONDITION = /^\s*([A-Za-z_]+)\s*(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)\s*$/;

/** Read a domain numeric condition such as 'price > 0' into a test on a value. */
function numericCondition(filter: string): { field: NumericField; test: (v: number) => boolean } {
  const m = CONDITION.exec(filter);
  if (!m || !(NUMERIC_FIELDS as readonly string[]).includes(m[1])) throw new Error(`static engine cannot apply filter '${filter}'`);
  const bound = Number(m[3]);
  const op = m[2];
  const test =
    op === '>' ? (v: number) => v > bound : op === '>=' ? (v: number) => v >= bound : op === '<' ? (v: number) => v < bound : (v: number) => v <= bound;
  return { field: m[1] as NumericField, test };
}

interface StringColumn {
  values: string[];
  code: Map<string, number>;
  multi: boolean;
  /** Per value (by code - 1): a bitset of the documents having it. */
  bits: Uint32Array[];
  /** Single: code per doc (0 = null). Multi: offsets into `flat`. */
  codes: Int32Array;
  flat: Int32Array;
}

/** Loads a cards chunk by file name (relative to the index file). */
export type ChunkLoader = (file: string) => Promise<CardsChunk | string>;

function decodeStrings({ header, sections }: { header: IndexHeader; sections: Record<string, Uint8Array> }) {
  const n = header.n;
  const words = wordsFor(n);
  const columns = new Map<string, StringColumn>();
  for (const [field, dict] of Object.entries(header.strings)) {
    const r = new ByteReader(sections[SECTION.string(field)]);
    const bits = dict.values.map(() => new Uint32Array(words));
    let codes: Int32Array;
    let flat = new Int32Array(0);
    if (dict.multi) {
      codes = new Int32Array(n + 1);
      const list: number[] = [];
      for (let d = 0; d < n; d++) {
        codes[d] = list.length;
        const count = r.varint();
        for (let k = 0; k < count; k++) {
          const v = r.varint();
          list.push(v + 1);
          setBit(bits[v], d);
        }
      }
      codes[n] = list.length;
      flat = Int32Array.from(list);
    } else {
      codes = new Int32Array(n);
      for (let d = 0; d < n; d++) {
        const c = r.varint();
        codes[d] = c;
        if (c > 0) setBit(bits[c - 1], d);
      }
    }
    columns.set(field, { values: dict.values, code: new Map(dict.values.map((v, i) => [v, i + 1])), multi: dict.multi, bits, codes, flat });
  }
  return columns;
}

function decodeNumbers({ header, sections }: { header: IndexHeader; sections: Record<string, Uint8Array> }) {
  const n = header.n;
  const perm = new Int32Array(n);
  const pr = new ByteReader(sections[SECTION.pricePerm]);
  for (let k = 0; k < n; k++) perm[k] = pr.fixed(header.permWidth);
  const price = new Float64Array(n);
  const vr = new ByteReader(sections[SECTION.number('price')]);
  let prev = header.numbers.price.base;
  for (let k = 0; k < n; k++) {
    if (header.numbers.price.enc === 'uv') prev += vr.varint();
    else prev = vr.float64();
    price[perm[k]] = prev;
  }
  // price:desc = price groups in reverse, each group still in document order (the tie-break).
  const permDesc = new Int32Array(n);
  let out = 0;
  for (let end = n; end > 0;) {
    let start = end - 1;
    while (start > 0 && price[perm[start - 1]] === price[perm[end - 1]]) start--;
    for (let k = start; k < end; k++) permDesc[out++] = perm[k];
    end = start;
  }
  const numbers = { price } as Record<NumericField, Float64Array>;
  for (const field of NUMERIC_FIELDS.filter((f) => f !== 'price')) {
    const col = header.numbers[field];
    const r = new ByteReader(sections[SECTION.number(field)]);
    const values = new Float64Array(n);
    for (let d = 0; d < n; d++) {
      if (col.enc === 'uv') {
        const v = r.varint();
        values[d] = v === 0 ? Number.NaN : v - 1 + col.base;
      } else values[d] = r.float64();
    }
    numbers[field] = values;
  }
  return { numbers, permAsc: perm, permDesc };
}

function decodeText({ header, sections }: { header: IndexHeader; sections: Record<string, Uint8Array> }) {
  const codes = new Int32Array(header.n);
  const cr = new ByteReader(sections[SECTION.textCodes]);
  for (let d = 0; d < header.n; d++) codes[d] = cr.varint();
  const offsets = new Int32Array(header.textEntries + 1);
  const ids: number[] = [];
  const er = new ByteReader(sections[SECTION.textEntries]);
  for (let e = 0; e < header.textEntries; e++) {
    offsets[e] = ids.length;
    const count = er.varint();
    let prev = 0;
    for (let k = 0; k < count; k++) {
      prev += er.varint();
      ids.push(prev);
    }
  }
  offsets[header.textEntries] = ids.length;
  return { codes, offsets, ids: Int32Array.from(ids) };
}

/** First index in the sorted list whose token is >= `q`. */
function lowerBound(tokens: string[], q: string): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid] < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** The static engine over one loaded index. */
export class StaticEngine implements SearchEngine {
  readonly header: IndexHeader;
  private readonly n: number;
  private readonly words: number;
  private readonly strings: Map<string, StringColumn>;
  private readonly numbers: Record<NumericField, Float64Array>;
  private readonly permAsc: Int32Array;
  private readonly permDesc: Int32Array;
  private readonly text: { codes: Int32Array; offsets: Int32Array; ids: Int32Array };
  private readonly chunks = new Map<number, Promise<unknown[][]>>();
  /** Document order per sort other than price and custom_rank, built on first use. */
  private readonly perms = new Map<SortKey, Int32Array>();
  /** The last text query's documents, with and without typo tolerance (a shopper pages and refines one query). */
  private readonly lastText = new Map<boolean, { query: string; bits: Uint32Array | null }>();

  constructor({ index, loadChunk }: { index: Uint8Array | ArrayBuffer; loadChunk: ChunkLoader }) {
    const bytes = index instanceof Uint8Array ? index : new Uint8Array(index);
    const { header, sections } = unpackContainer<IndexHeader>(bytes);
    if (header.v !== INDEX_VERSION) throw new Error(`search index version ${header.v}, engine reads ${INDEX_VERSION}`);
    this.header = header;
    this.n = header.n;
    this.words = wordsFor(header.n);
    this.strings = decodeStrings({ header, sections });
    const { numbers, permAsc, permDesc } = decodeNumbers({ header, sections });
    this.numbers = numbers;
    this.permAsc = permAsc;
    this.permDesc = permDesc;
    this.text = decodeText({ header, sections });
    this.loadChunk = loadChunk;
  }

  private readonly loadChunk: ChunkLoader;

  /** Token ids a query word matches: the tokens it prefixes, and with `typos` those within its typo budget (search/tokens.ts). */
  private matchedTokens(word: string, typos: boolean): Uint8Array {
    const { tokens } = this.header;
    const matched = new Uint8Array(tokens.length);
    const lo = lowerBound(tokens, word);
    let hi = lo;
    while (hi < tokens.length && tokens[hi].startsWith(word)) matched[hi++] = 1;
    const budget = typos ? typoBudget(word) : 0;
    if (budget > 0) {
      // A typo may not be on the first letter, so only the tokens of that letter are compared: the bound that keeps typo tolerance in the query budget.
      const first = word[0];
      const from = lowerBound(tokens, first);
      for (let t = from; t < tokens.length && tokens[t][0] === first; t++) {
        if (!matched[t] && prefixWithinTypos({ word, token: tokens[t], typos: budget })) matched[t] = 1;
      }
    }
    return matched;
  }

  /**
   * Documents whose make/model/badge/name tokens match every query word (prefix, and with
   * `typos` within each word's typo budget); null = all.
   */
  private textBits(query: string | undefined, typos = true): Uint32Array | null {
    const q = (query ?? '').trim();
    const cached = this.lastText.get(typos);
    if (cached && q === cached.query) return cached.bits;
    const queryTokens = tokenize(q);
    let bits: Uint32Array | null = null;
    if (queryTokens.length > 0) {
      const entries = this.header.textEntries;
      const ok = new Uint8Array(entries).fill(1);
      for (const qt of queryTokens) {
        const matched = this.matchedTokens(qt, typos);
        for (let e = 0; e < entries; e++) {
          if (!ok[e]) continue;
          let found = false;
          for (let k = this.text.offsets[e]; k < this.text.offsets[e + 1]; k++) {
            if (matched[this.text.ids[k]]) {
              found = true;
              break;
            }
          }
          if (!found) ok[e] = 0;
        }
      }
      bits = new Uint32Array(this.words);
      for (let d = 0; d < this.n; d++) if (ok[this.text.codes[d]]) setBit(bits, d);
    }
    this.lastText.set(typos, { query: q, bits });
    return bits;
  }

  /** OR of the value bitsets of a selection; null when the field has no column (ignored). */
  private selectionBits(field: string, values: string[]): Uint32Array | null {
    const col = this.strings.get(field);
    if (!col) return null;
    const out = new Uint32Array(this.words);
    for (const v of new Set(values)) {
      const c = col.code.get(v);
      if (c === undefined) continue;
      const b = col.bits[c - 1];
      for (let i = 0; i < this.words; i++) out[i] |= b[i];
    }
    return out;
  }

  private rangeBits(field: RangeField, min: number | undefined, max: number | undefined): Uint32Array {
    const lo = min ?? -Infinity;
    const hi = max ?? Infinity;
    const out = new Uint32Array(this.words);
    if (field === 'price') {
      // Sorted prices: walk the permutation between the two bounds only.
      const perm = this.permAsc;
      const price = this.numbers.price;
      let a = 0;
      let b = this.n;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (price[perm[m]] < lo) a = m + 1;
        else b = m;
      }
      for (let k = a; k < this.n && price[perm[k]] <= hi; k++) setBit(out, perm[k]);
      return out;
    }
    const values = this.numbers[field];
    for (let d = 0; d < this.n; d++) {
      const v = values[d];
      if (v >= lo && v <= hi) setBit(out, d);
    }
    return out;
  }

  private conditionBits(filter: string): Uint32Array {
    const { field, test } = numericCondition(filter);
    const values = this.numbers[field];
    const out = new Uint32Array(this.words);
    for (let d = 0; d < this.n; d++) if (test(values[d])) setBit(out, d);
    return out;
  }

  /** Answer a query (SearchEngine). */
  async search(query: SearchQuery): Promise<SearchResult> {
    const t0 = now();
    const words = this.words;
    let base = intersect({
      sets: [
        this.textBits(query.query),
        ...Object.entries(query.scope ?? {})
          .filter(([, vs]) => vs.length > 0)
          .map(([f, vs]) => this.selectionBits(f, vs)),
      ],
      words,
    });
    const refined = new Map<string, Uint32Array>();
    for (const [field, values] of Object.entries(query.refinements ?? {})) {
      if (!values || values.length === 0) continue;
      const bits = this.selectionBits(field, values);
      if (bits) refined.set(field, bits);
    }
    const ranged = new Map<RangeField, Uint32Array>();
    for (const [field, range] of Object.entries(query.ranges ?? {})) {
      if (!isRangeField(field) || !range || (range.min === undefined && range.max === undefined)) continue;
      ranged.set(field, this.rangeBits(field, range.min, range.max));
    }
    const sortBy: SortKey = query.sortBy && SORT_KEYS.includes(query.sortBy) ? query.sortBy : this.header.defaultSort;
    const conditions = [...scopeConditions(query.scope), priceFilterForSort({ sortBy, enabled: this.header.priceAscPositive })];
    for (const condition of conditions) if (condition !== null) base = intersect({ sets: [base, this.conditionBits(condition)], words });
    const all = intersect({ sets: [base, ...refined.values(), ...ranged.values()], words });
    const allDocs = setIndexes({ bits: all, n: this.n });
    const total = allDocs.length;

    const hitsPerPage = Math.max(1, Math.floor(query.hitsPerPage ?? this.header.hitsPerPage));
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const pageDocs = this.pageOf({ all, allDocs, sortBy, offset: (page - 1) * hitsPerPage, limit: hitsPerPage });

    const facetDistribution: Record<string, Record<string, number>> = {};
    const facetStats: Record<string, FacetStats> = {};
    for (const facet of query.facets ?? this.header.facets) {
      if (isRangeField(facet)) {
        const docs = ranged.has(facet)
          ? setIndexes({
              bits: intersect({ sets: [base, ...refined.values(), ...[...ranged].filter(([f]) => f !== facet).map(([, b]) => b)], words }),
              n: this.n,
            })
          : allDocs;
        const stats = this.stats(this.numbers[facet], docs);
        if (stats) facetStats[facet] = stats;
        continue;
      }
      const col = this.strings.get(facet);
      if (!col) continue;
      const docs = refined.has(facet)
        ? setIndexes({
            bits: intersect({ sets: [base, ...[...refined].filter(([f]) => f !== facet).map(([, b]) => b), ...ranged.values()], words }),
            n: this.n,
          })
        : allDocs;
      facetDistribution[facet] = this.counts(col, docs);
    }

    const hits = await this.cards(pageDocs);
    return {
      hits,
      estimatedTotalHits: total,
      processingTimeMs: Math.round((now() - t0) * 1000) / 1000,
      facetDistribution,
      facetStats,
      page,
      pages: pageCount({ total, hitsPerPage }),
      hitsPerPage,
    };
  }

  /** Matching docs in sort order, `limit` of them after skipping `offset`. */
  private pageOf({
    all,
    allDocs,
    sortBy,
    offset,
    limit,
  }: {
    all: Uint32Array | null;
    allDocs: Int32Array;
    sortBy: SortKey;
    offset: number;
    limit: number;
  }): number[] {
    if (sortBy === 'custom_rank:desc') return Array.from(allDocs.subarray(offset, offset + limit));
    const perm = sortBy === 'price:asc' ? this.permAsc : sortBy === 'price:desc' ? this.permDesc : this.permFor(sortBy);
    const out: number[] = [];
    let seen = 0;
    for (let k = 0; k < this.n && out.length < limit; k++) {
      const d = perm[k];
      if (all !== null && !hasBit(all, d)) continue;
      if (seen++ >= offset) out.push(d);
    }
    return out;
  }

  /** Documents in the order of `sortBy` (domain/searchInputs.ts compareSortValues); ties keep document order. */
  private permFor(sortBy: SortKey): Int32Array {
    let perm = this.perms.get(sortBy);
    if (!perm) {
      const { field, descending } = sortOrder(sortBy);
      const values = this.numbers[field as NumericField];
      perm = Int32Array.from({ length: this.n }, (_, d) => d).sort((a, b) => compareSortValues({ a: values[a], b: values[b], descending }) || a - b);
      this.perms.set(sortBy, perm);
    }
    return perm;
  }

  private counts(col: StringColumn, docs: Int32Array): Record<string, number> {
    const counts = new Int32Array(col.values.length + 1);
    if (col.multi) {
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k];
        for (let j = col.codes[d]; j < col.codes[d + 1]; j++) counts[col.flat[j]]++;
      }
    } else {
      for (let k = 0; k < docs.length; k++) counts[col.codes[docs[k]]]++;
    }
    const out = emptyRecord<number>();
    for (let c = 1; c < counts.length; c++) if (counts[c] > 0) out[col.values[c - 1]] = counts[c];
    return out;
  }

  private stats(values: Float64Array, docs: Int32Array): FacetStats | null {
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < docs.length; k++) {
      const v = values[docs[k]];
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return min <= max ? { min, max } : null;
  }

  private chunk(i: number): Promise<unknown[][]> {
    let p = this.chunks.get(i);
    if (!p) {
      const file = this.header.cards.files[i];
      p = this.loadChunk(file).then(
        (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as CardsChunk) : raw).rows,
        (error: unknown) => {
          this.chunks.delete(i);
          throw new Error(`search cards ${file} could not be loaded`, { cause: error });
        },
      );
      this.chunks.set(i, p);
    }
    return p;
  }

  /** Cards of documents, in the order given, fetching only the chunks they live in. */
  async cards(docs: number[]): Promise<Hit[]> {
    const size = this.header.cards.chunkSize;
    const needed = [...new Set(docs.map((d) => Math.floor(d / size)))];
    const loaded = new Map(await Promise.all(needed.map(async (i) => [i, await this.chunk(i)] as const)));
    const fields = CARD_FIELD_LIST;
    return docs.map((d) => {
      const row = loaded.get(Math.floor(d / size))![d % size];
      const card: Record<string, unknown> = {};
      for (let f = 0; f < fields.length; f++) card[fields[f]] = row[f] ?? null;
      return card as unknown as Hit;
    });
  }

  /**
   * Text matches by custom_rank desc (SPEC §7 autocomplete sort); a blank query has none. Exact
   * matches come before those found only with a typo, as Meilisearch ranks typos before its sort.
   */
  async autocomplete({ query, limit = 6 }: { query: string; limit?: number }): Promise<Hit[]> {
    if (tokenize(query).length === 0) return [];
    const max = Math.max(0, limit);
    const exact = this.textBits(query, false);
    const docs = Array.from(setIndexes({ bits: exact, n: this.n }).subarray(0, max));
    if (docs.length < max) {
      const typo = this.textBits(query, true);
      for (let d = 0; d < this.n && docs.length < max; d++) if (typo && hasBit(typo, d) && !(exact && hasBit(exact, d))) docs.push(d);
    }
    return this.cards(docs);
  }
}

const CARD_FIELD_LIST: readonly string[] = CARD_FIELDS;

/** Create the engine from index bytes and a card-chunk loader. */
export function createStaticEngine({ index, loadChunk }: { index: Uint8Array | ArrayBuffer; loadChunk: ChunkLoader }): StaticEngine {
  return new StaticEngine({ index, loadChunk });
}

/**
 * Fetch the index at `url` and create an engine that fetches card chunks beside it.
 * `fetchFn` defaults to the global fetch (browser).
 */
export async function fetchStaticEngine({ url, fetchFn = fetch }: { url: string; fetchFn?: typeof fetch }): Promise<StaticEngine> {
  const response = await fetchFn(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  const index = new Uint8Array(await response.arrayBuffer());
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  return createStaticEngine({
    index,
    loadChunk: async (file) => {
      const r = await fetchFn(dir + file);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return (await r.json()) as CardsChunk;
    },
  });
}
