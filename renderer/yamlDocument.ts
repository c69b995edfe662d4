/**
 * A YAML record parsed within bounds, with the yaml library's own parts: its Lexer and Parser
 * (iterative, so any depth is safe to read) feed its Composer (recursive, so a record nested a
 * few hundred levels deep would overflow the call stack), and the Parser's stack of open
 * collections is checked after every token, so a deep record stops at its first level too many
 * instead of being read whole. Aliases are expanded by the library under its maxAliasCount guard.
 */
import { Composer, CST, LineCounter, Lexer, Parser, visit, YAMLParseError, type Alias, type Document } from 'yaml';

/** Where a record first nests deeper than allowed. */
export interface TooDeep {
  offset: number;
  /** The JSON pointer segments of the collection one level too deep. */
  segments: (string | number)[];
}

const isCollection = (token: CST.Token): token is CST.BlockMap | CST.BlockSequence | CST.FlowCollection =>
  token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';

/** The JSON pointer segments of the open collections of the Parser's stack (the key or index being read in each). */
function stackSegments(stack: readonly CST.Token[]): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const token of stack) {
    if (!isCollection(token)) continue;
    const isMapping = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
    if (!isMapping) {
      segments.push(Math.max(0, token.items.length - 1));
      continue;
    }
    const key = token.items.at(-1)?.key;
    const scalar =
      key && (key.type === 'scalar' || key.type === 'single-quoted-scalar' || key.type === 'double-quoted-scalar') ? CST.resolveAsScalar(key) : null;
    segments.push(scalar ? scalar.value : '?');
  }
  // The innermost collection is the one too many: what it is reading says nothing, its place is the pointer.
  return segments.slice(0, -1);
}

/**
 * Parses one YAML document with the project's settings and a line counter, stopping at the first
 * collection nested deeper than `maxDepth` (then `tooDeep` says where, and `doc` is incomplete).
 */
export function parseBoundedYaml({ text, maxDepth }: { text: string; maxDepth: number }): {
  doc: Document;
  lineCounter: LineCounter;
  tooDeep: TooDeep | null;
} {
  const lineCounter = new LineCounter();
  const parser = new Parser(lineCounter.addNewLine);
  let tooDeep: TooDeep | null = null;
  function* tokens(): Generator<CST.Token> {
    lineCounter.addNewLine(0); // what Parser.parse does first
    for (const lexeme of new Lexer().lex(text)) {
      yield* parser.next(lexeme);
      const open = parser.stack.filter(isCollection);
      if (open.length > maxDepth) {
        tooDeep = { offset: open[open.length - 1].offset, segments: stackSegments(parser.stack) };
        return;
      }
    }
    yield* parser.end();
  }
  const composer = new Composer({ version: '1.2', schema: 'core', uniqueKeys: true, merge: true });
  let doc: Document | undefined;
  for (const next of composer.compose(tokens(), true, text.length)) {
    if (!doc) doc = next;
    else {
      // What parseDocument says of a second document.
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
      break;
    }
  }
  return { doc: doc!, lineCounter, tooDeep };
}

/**
 * The document's value with aliases expanded under the yaml library's guard (`maxAliasCount`):
 * at most `maxAliases` aliases of one anchor, and an alias of a value that itself holds aliases
 * counts once for every copy it makes, so a "billion laughs" bomb stops after a handful. When the
 * guard stops it, `aliasLimit` is the alias it stopped at.
 */
export function boundedToJs({ doc, maxAliases }: { doc: Document; maxAliases: number }): { value: unknown } | { aliasLimit: Alias } {
  // The guard throws without saying where; note the alias being expanded when it does.
  let current: Alias | undefined;
  visit(doc, {
    Alias: (_key, alias) => {
      const resolve = alias.resolve.bind(alias);
      alias.resolve = (source, ctx) => {
        if (ctx) current = alias;
        return resolve(source, ctx);
      };
    },
  });
  try {
    // The library counts the anchored value itself as the first copy: N aliases of it make N + 1.
    return { value: doc.toJS({ maxAliasCount: maxAliases + 1 }) };
  } catch (error) {
    if (error instanceof ReferenceError && current && /alias count|resolution is disabled/i.test(error.message)) return { aliasLimit: current };
    throw error;
  }
}
