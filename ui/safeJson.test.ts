import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deepFreeze, inlineJsonOnce, toInlineJson } from './safeJson.ts';

describe('toInlineJson', () => {
  it('cannot close a script element or open a comment', () => {
    const out = toInlineJson({ name: '</script><script>alert(1)</script><!--' });
    expect(out).not.toMatch(/[<>]/);
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });
  it('escapes &, U+2028 and U+2029', () => {
    expect(toInlineJson('a&b\u2028\u2029')).toBe('"a\\u0026b\\u2028\\u2029"');
  });
  it('round-trips any value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const out = toInlineJson(v);
        expect(out).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });
});

describe('inlineJsonOnce', () => {
  it('writes a frozen value once and anything else afresh each time', () => {
    const open: { name: string } = { name: 'a<b' };
    expect(inlineJsonOnce(open)).toBe(toInlineJson(open));
    open.name = 'c';
    expect(inlineJsonOnce(open)).toBe('{"name":"c"}');
    const frozen = deepFreeze({ org: { name: 'Bluegum & Co' } });
    const first = inlineJsonOnce(frozen);
    expect(first).toBe(toInlineJson(frozen));
    expect(inlineJsonOnce(frozen)).toBe(first);
    expect(() => {
      (frozen.org as { name: string }).name = 'x';
    }).toThrow(TypeError);
  });
});
