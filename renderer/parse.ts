/**
 * parse stage: YAML records and JSON stock feeds -> values that remember where they came from.
 *
 * YAML is read as YAML 1.2 core schema (so `NO`, `yes`, `on` stay strings and `0800` is not
 * octal), duplicate keys are errors (YAML would silently keep one) and merge keys (`<<: *base`)
 * resolve. Every parsed document can map a JSON pointer back to line:col through the node ranges
 * of `yaml`'s AST, so later stages report `file:line:col` without knowing about YAML at all.
 * Line numbers come from `LineCounter`, which counts '\n' only, so CRLF files report the same
 * positions as LF files.
 */
import { jsonErrorOffset, scanJson, type JsonNodeOffsets } from './jsonScan.ts';
import { LineCounter, isAlias, isMap, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import type { Diagnostic } from './diagnostic.ts';
import { pointerSegments, toPointer } from '../schema/jsonPointer.ts';
import { DEFAULT_INPUT_LIMITS, limitName, MAX_NESTING_DEPTH, raiseHint } from './inputLimits.ts';
import { jsonSegmentsAt, jsonTooDeep } from './jsonDepth.ts';
import type { SourceFile } from './readSource.ts';
import { boundedToJs, parseBoundedYaml } from './yamlDocument.ts';

/** A 1-based position in a file. */
export interface Position {
  line: number;
  col: number;
}

/** Which part of a mapping entry a position should point at. */
export type LocateTarget = 'value' | 'key';

/** A parsed record or feed: its value, its syntax diagnostics and a pointer -> position map. */
export interface ParsedDocument {
  file: string;
  kind: 'yaml' | 'json';
  /** The parsed value; undefined when the text could not be parsed at all. */
  value: unknown;
  /** Syntax errors, duplicate keys and parser warnings, in file order. */
  diagnostics: Diagnostic[];
  /** False when a syntax error makes the value unreliable (schema validation would only add noise). */
  ok: boolean;
  /**
   * Position of the node at `pointer` (its key when `target` is 'key'). A pointer that does not
   * exist in the file (a missing property) maps to the nearest existing ancestor.
   */
  locate(args: { pointer: string; target?: LocateTarget }): Position;
}

export { pointerSegments, toPointer } from '../schema/jsonPointer.ts';

const HINTS: Record<string, string> = {
  DUPLICATE_KEY: 'Keep one of the two entries: YAML would silently drop the other.',
  TAB_AS_INDENT: 'Indent with spaces, not tabs.',
  BAD_INDENT: 'Check the indentation: items of one mapping or list must line up.',
  MISSING_CHAR: 'A quote or bracket is not closed.',
  MULTIPLE_DOCS: 'A record is one YAML document: remove the extra "---".',
  BAD_ALIAS: 'Define the anchor (&name) before using the alias (*name).',
  UNEXPECTED_TOKEN: 'Check the syntax at this position; quote values containing ": " or " #".',
};

const FALLBACK_HINT = 'Fix the YAML syntax at this position (quote values that contain special characters).';

function isMergeKey(key: unknown): boolean {
  return isScalar(key) && (typeof key.value === 'symbol' || key.source === '<<' || key.value === '<<');
}

function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return typeof key.value === 'symbol' ? undefined : String(key.value);
  return undefined;
}

interface Found {
  node: Node | null;
  pair?: Pair;
  /** How many pointer segments were matched. */
  depth: number;
}

/** Walks the AST along `segments`, following aliases and merge keys. */
function findNode(doc: Document, segments: string[]): Found {
  let current: Node | null = doc.contents as Node | null;
  let pair: Pair | undefined;
  let depth = 0;
  const deref = (n: unknown): Node | null => {
    let node = n as Node | null;
    for (let hops = 0; node && isAlias(node) && hops < 50; hops++) node = (node.resolve(doc) as Node | undefined) ?? null;
    return node;
  };
  const findInMap = (map: Node, seg: string, seen: Set<Node>): Pair | undefined => {
    if (!isMap(map) || seen.has(map)) return undefined;
    seen.add(map);
    const own = map.items.find((p) => !isMergeKey(p.key) && keyString(p.key) === seg);
    if (own) return own as Pair;
    for (const p of map.items) {
      if (!isMergeKey(p.key)) continue;
      const sources = isSeq(p.value) ? p.value.items : [p.value];
      for (const source of sources) {
        const hit = findInMap(deref(source) as Node, seg, seen);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  for (const seg of segments) {
    const node = deref(current);
    if (isMap(node)) {
      const hit = findInMap(node, seg, new Set());
      if (!hit) break;
      pair = hit;
      current = (hit.value as Node | null) ?? null;
    } else if (isSeq(node) && /^\d+$/.test(seg) && Number(seg) < node.items.length) {
      pair = undefined;
      current = node.items[Number(seg)] as Node;
    } else break;
    depth++;
  }
  return { node: current, pair, depth };
}

/** The JSON pointer of the innermost node containing `offset` (for syntax errors). */
function pointerAt(doc: Document, offset: number): string {
  const segments: (string | number)[] = [];
  let node = doc.contents as Node | null;
  const contains = (n: unknown): boolean => {
    // range[1] is the end of the node's own text; range[2] would include trailing comments and newlines.
    const r = (n as Node | null)?.range;
    return !!r && offset >= r[0] && offset < Math.max(r[1], r[0] + 1);
  };
  for (let guard = 0; node && guard < 1000; guard++) {
    if (isMap(node)) {
      const hit = node.items.find((p) => contains(p.value) || (contains(p.key) && !isMergeKey(p.key)));
      const key = hit && keyString(hit.key);
      if (!hit || key === undefined) break;
      segments.push(key);
      if (!contains(hit.value)) break;
      node = hit.value as Node;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => contains(item));
      if (index < 0) break;
      segments.push(index);
      node = node.items[index] as Node;
    } else break;
  }
  return toPointer(segments);
}

function positionOf(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(Math.max(0, offset));
  return { line, col };
}

/** Builds the `locate` function of a parsed YAML (or JSON-as-YAML) document. */
function locator(doc: Document, lineCounter: LineCounter): ParsedDocument['locate'] {
  return ({ pointer, target = 'value' }) => {
    const segments = pointerSegments(pointer);
    const { node, pair, depth } = findNode(doc, segments);
    const complete = depth === segments.length;
    // Point at the key when asked, when the value is empty (`key:`), or when the pointer went
    // past what exists (a missing property is reported at its would-be parent's key).
    const keyNode = pair && isScalar(pair.key) ? pair.key : undefined;
    const useKey = keyNode && (target === 'key' || !complete || !node?.range || node.range[0] === node.range[1]);
    const range = useKey ? keyNode.range : (node?.range ?? keyNode?.range);
    return positionOf(lineCounter, range ? range[0] : 0);
  };
}

/** A document that could not be read at all (over its size limit, UTF-16): its one diagnostic. */
function unreadableDocument({ file, kind, diagnostic }: { file: string; kind: ParsedDocument['kind']; diagnostic: Diagnostic }): ParsedDocument {
  return { file, kind, value: undefined, diagnostics: [diagnostic], ok: false, locate: () => ({ line: diagnostic.line, col: diagnostic.col }) };
}

/** The error for a byte that is not UTF-8, placed at the field it is in. */
function invalidUtf8Diagnostic({
  file,
  invalid,
  at,
  pointer,
}: {
  file: string;
  invalid: NonNullable<SourceFile['invalidUtf8']>;
  at: Position;
  pointer: string;
}): Diagnostic {
  const more = invalid.count > 1 ? ` (and ${invalid.count - 1} more such place${invalid.count > 2 ? 's' : ''})` : '';
  return {
    file,
    ...at,
    pointer,
    severity: 'error',
    code: 'encoding',
    message: `is not UTF-8: byte ${invalid.byte} here cannot be read${more}`,
    hint: 'Save the file as UTF-8 (a Latin-1 or Windows-1252 export writes an accented letter as one such byte).',
  };
}

/** The error for a record or feed nested deeper than MAX_NESTING_DEPTH. */
function tooDeepDiagnostic({ file, at, pointer }: { file: string; at: Position; pointer: string }): Diagnostic {
  return {
    file,
    ...at,
    pointer,
    severity: 'error',
    code: 'too-deep',
    message: `nests more than ${MAX_NESTING_DEPTH} levels deep (the nesting depth limit)`,
    hint: 'Records and feeds nest a few levels; check for runaway brackets or indentation here.',
  };
}

/**
 * Parses a YAML dealer record. Never throws: syntax problems become diagnostics. Duplicate keys
 * are errors but leave `ok` true, so the rest of the record is still schema-checked in the same run.
 * A record nested deeper than MAX_NESTING_DEPTH, or expanding more aliases than `maxAliases`, is
 * refused at the first level or alias too many.
 */
export function parseYaml({
  file,
  text: raw,
  unreadable,
  invalidUtf8,
  maxAliases = DEFAULT_INPUT_LIMITS.yamlAliases,
}: SourceFile & { maxAliases?: number }): ParsedDocument {
  if (unreadable) return unreadableDocument({ file, kind: 'yaml', diagnostic: unreadable });
  // Editors do not count a byte-order mark as a column, so neither do positions.
  const bom = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = raw.slice(bom);
  const { doc, lineCounter, tooDeep } = parseBoundedYaml({ text, maxDepth: MAX_NESTING_DEPTH });
  const locate = locator(doc, lineCounter);
  if (tooDeep) {
    const diagnostic = tooDeepDiagnostic({ file, at: positionOf(lineCounter, tooDeep.offset), pointer: toPointer(tooDeep.segments) });
    return { file, kind: 'yaml', value: undefined, diagnostics: [diagnostic], ok: false, locate };
  }
  const diagnostics: Diagnostic[] = [];
  let ok = true;
  if (invalidUtf8) {
    ok = false;
    const offset = Math.max(0, invalidUtf8.offset - bom);
    diagnostics.push(invalidUtf8Diagnostic({ file, invalid: invalidUtf8, at: positionOf(lineCounter, offset), pointer: pointerAt(doc, offset) }));
  }
  for (const [severity, list] of [
    ['error', doc.errors],
    ['warning', doc.warnings],
  ] as const) {
    for (const e of list) {
      const at = positionOf(lineCounter, e.pos[0]);
      const pointer = pointerAt(doc, e.pos[0]);
      if (e.code === 'DUPLICATE_KEY') {
        // The error range covers only the key's first character; read the key up to its colon.
        const key = (/^("[^"]*"|'[^']*'|[^:\r\n]*)/.exec(text.slice(e.pos[0]))?.[1] ?? '').trim().replace(/^["']|["']$/g, '');
        diagnostics.push({ file, ...at, pointer, severity, code: 'duplicate-key', message: `duplicate key "${key}"`, hint: HINTS.DUPLICATE_KEY });
        continue;
      }
      if (severity === 'error') ok = false;
      diagnostics.push({ file, ...at, pointer, severity, code: 'yaml-syntax', message: e.message, hint: HINTS[e.code] ?? FALLBACK_HINT });
    }
  }
  let value: unknown;
  try {
    const converted = boundedToJs({ doc, maxAliases });
    if ('value' in converted) value = converted.value;
    else {
      ok = false;
      const offset = converted.aliasLimit.range?.[0] ?? 0;
      diagnostics.push({
        file,
        ...positionOf(lineCounter, offset),
        pointer: pointerAt(doc, offset),
        severity: 'error',
        code: 'too-many-aliases',
        message: `expands more aliases than ${limitName('yamlAliases', maxAliases)}`,
        hint: `Each *alias copies its anchor, and an alias of a value holding aliases counts once for every copy it makes. ${raiseHint('yamlAliases')}`,
      });
    }
  } catch (cause) {
    ok = false;
    diagnostics.push({
      file,
      line: 1,
      col: 1,
      pointer: '',
      severity: 'error',
      code: 'yaml-syntax',
      message: `cannot read the YAML document: ${(cause as Error).message}`,
      hint: 'Check anchors and aliases (&name / *name) for cycles.',
    });
  }
  return { file, kind: 'yaml', value, diagnostics, ok, locate };
}

function lineCounterFor(text: string): LineCounter {
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
  return lineCounter;
}

/**
 * Parses a JSON stock feed. The value comes from JSON.parse (fast on large feeds); node offsets
 * for positions are scanned only when something first asks for a position.
 */
export function parseJson({ file, text, unreadable, invalidUtf8 }: SourceFile): ParsedDocument {
  if (unreadable) return unreadableDocument({ file, kind: 'json', diagnostic: unreadable });
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text; // keep offsets, drop the BOM
  let index: { nodes: Map<string, JsonNodeOffsets>; lineCounter: LineCounter } | undefined;
  const locate: ParsedDocument['locate'] = ({ pointer, target = 'value' }) => {
    if (!index) {
      const nodes = new Map<string, JsonNodeOffsets>();
      scanJson(source, nodes);
      index = { nodes, lineCounter: lineCounterFor(source) };
    }
    let segments = pointerSegments(pointer);
    let node = index.nodes.get(toPointer(segments));
    // A pointer past what exists (a missing property) is placed at its nearest ancestor's key.
    const complete = node !== undefined;
    while (!node && segments.length) {
      segments = segments.slice(0, -1);
      node = index.nodes.get(toPointer(segments));
    }
    const offset = node ? ((target === 'key' || !complete) && node.key !== undefined ? node.key : node.value) : 0;
    return positionOf(index.lineCounter, offset);
  };
  const refuse = (diagnostic: Diagnostic): ParsedDocument => ({ file, kind: 'json', value: undefined, diagnostics: [diagnostic], ok: false, locate });
  // Before JSON.parse: a feed nested millions deep takes it seconds, and overflows everything after it.
  const deep = jsonTooDeep({ text: source, maxDepth: MAX_NESTING_DEPTH });
  if (deep) return refuse(tooDeepDiagnostic({ file, at: positionOf(lineCounterFor(source), deep.offset), pointer: toPointer(deep.segments) }));
  if (invalidUtf8) {
    const pointer = toPointer(jsonSegmentsAt({ text: source, offset: invalidUtf8.offset }));
    return refuse(invalidUtf8Diagnostic({ file, invalid: invalidUtf8, at: positionOf(lineCounterFor(source), invalidUtf8.offset), pointer }));
  }
  try {
    return { file, kind: 'json', value: JSON.parse(source), diagnostics: [], ok: true, locate };
  } catch (cause) {
    void cause; // V8's message quotes a multi-line snippet; the scan says the same with a position
    const offset = jsonErrorOffset(source);
    const at = positionOf(lineCounterFor(source), offset < 0 ? 0 : offset);
    return {
      file,
      kind: 'json',
      value: undefined,
      ok: false,
      locate,
      diagnostics: [
        {
          file,
          ...at,
          pointer: '',
          severity: 'error',
          code: 'json-syntax',
          message:
            offset >= source.length || offset < 0 ? 'invalid JSON: unexpected end of file' : `invalid JSON: unexpected ${JSON.stringify(source[offset])}`,
          hint: 'Fix the JSON syntax (a missing comma, quote or bracket, or a trailing comma).',
        },
      ],
    };
  }
}
