import { describe, expect, it } from 'vitest';
import { jsonSegmentsAt, jsonTooDeep } from './jsonDepth.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonTooDeep', () => {
  it('allows exactly maxDepth levels and stops at the first one more', () => {
    expect(jsonTooDeep({ text: nested(64), maxDepth: 64 })).toBeNull();
    expect(jsonTooDeep({ text: nested(65), maxDepth: 64 })).toEqual({ offset: 64, segments: Array(64).fill(0) });
  });

  it('names the collection one level too deep by its pointer, of indexes and keys', () => {
    const text = '[{"id":1},{"id":2,"extra":{"a":[1,{"b":[[]]}]}}]';
    expect(jsonTooDeep({ text, maxDepth: 7 })).toBeNull();
    const found = jsonTooDeep({ text, maxDepth: 6 });
    expect(found).toEqual({ offset: text.indexOf('[[]]') + 1, segments: [1, 'extra', 'a', 1, 'b', 0] });
  });

  it('ignores brackets, quotes and colons inside strings', () => {
    const text = '[{"a\\"[{": "[[[[\\\\", "b": "{{:"}]';
    expect(jsonTooDeep({ text, maxDepth: 2 })).toBeNull();
    expect(jsonTooDeep({ text: `[{"k\\"ey": [[]]}]`, maxDepth: 3 })?.segments).toEqual([0, 'k"ey', 0]);
  });
});

describe('jsonSegmentsAt', () => {
  const text = '[{"id": 1, "name": "Caf\u00e9"}, {"id": 2, "tags": ["a", "b\\"c"], "k\u00e9y": 3}]';
  it.each([
    ['a value of a row', text.indexOf('Caf'), [0, 'name']],
    ['an item of a list in a row', text.indexOf('b\\'), [1, 'tags', 1]],
    ['a key being read: its object', text.indexOf('k\u00e9y'), [1]],
    ['between rows', text.indexOf(', {'), [0]],
  ])('%s', (_, offset, segments) => {
    expect(jsonSegmentsAt({ text, offset })).toEqual(segments);
  });
});
