import { describe, expect, it } from 'vitest';
import { decodeUtf8, utf16ByteOrderMark } from './textEncoding.ts';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('decodeUtf8', () => {
  it('decodes UTF-8, keeping a byte-order mark and a U+FFFD that is really in the file', () => {
    expect(decodeUtf8(bytes('\ufeffname: Café \ufffd'))).toEqual({ text: '\ufeffname: Café \ufffd', invalid: null });
  });

  it('finds the first byte that is not UTF-8, after real U+FFFD characters, and counts the others', () => {
    // 'é' in Latin-1 is the single byte 0xE9.
    const { text, invalid } = decodeUtf8(bytes('a\ufffdb: Caf', [0xe9], '\nc: ', [0xff], 'x'));
    expect(invalid).toEqual({ offset: 8, byte: '0xE9', count: 2 });
    expect(text[invalid!.offset]).toBe('\ufffd');
  });

  it('finds a multi-byte sequence cut short at the end of the file', () => {
    expect(decodeUtf8(bytes('name: A', [0xc3])).invalid).toEqual({ offset: 7, byte: '0xC3', count: 1 });
  });
});

describe('utf16ByteOrderMark', () => {
  it.each([
    [[0xff, 0xfe, 0x6e, 0x00], 'UTF-16LE'],
    [[0xfe, 0xff, 0x00, 0x6e], 'UTF-16BE'],
    [[0xef, 0xbb, 0xbf, 0x6e], null],
    [[0x6e, 0x61], null],
  ])('%j -> %s', (start, name) => {
    expect(utf16ByteOrderMark(Uint8Array.from(start))).toBe(name);
  });
});
