/**
 * A JSON scanner for stock feeds (renderer/parse.ts parseJson): where the first syntax error is,
 * and where each node starts, by JSON pointer.
 */
import { toPointer } from '../schema/jsonPointer.ts';

/** Where a JSON node starts: its value, and its key when it is an object member. */
export interface JsonNodeOffsets {
  value: number;
  key?: number;
}

/**
 * One pass over JSON text: the offset of the first syntax error (-1 when valid) and, when asked,
 * the offsets of every node by JSON pointer. V8's JSON.parse messages do not reliably carry a
 * position (Node 20 quotes a snippet instead), and building a YAML AST of a multi-megabyte feed
 * just to place a few warnings is slow, so this small recursive-descent scanner does both.
 */
export function scanJson(text: string, nodes?: Map<string, JsonNodeOffsets>): number {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r' || text[i] === '\n')) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (pointer: string, key: number | undefined, depth: number): void => {
    if (depth > 500) fail();
    ws();
    nodes?.set(pointer, { value: i, key });
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        const keyStart = i;
        string();
        const name = nodes ? (JSON.parse(text.slice(keyStart, i)) as string) : '';
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(nodes ? pointer + toPointer([name]) : '', keyStart, depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (let index = 0; ; index++) {
        value(nodes ? `${pointer}/${index}` : '', undefined, depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else {
      const m = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
      m.lastIndex = i;
      if (!m.exec(text)) fail();
      i = m.lastIndex;
    }
  };
  try {
    value('', undefined, 0);
    ws();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}

/** Offset of the first JSON syntax error in `text`, or -1 when it is valid JSON. */
export function jsonErrorOffset(text: string): number {
  return scanJson(text);
}
