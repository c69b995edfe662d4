import { describe, expect, it } from 'vitest';
import { parseShard, shardOf, slugsOfShard } from './shard.ts';

const slugs = Array.from({ length: 200 }, (_, i) => `dealer-${i}-${(i * 7919) % 101}`);

describe('generate --shard', () => {
  it.each([1, 2, 3, 4, 5])('puts every dealer in exactly one of %i shards', (count) => {
    const shares = Array.from({ length: count }, (_, i) => slugsOfShard({ slugs, shard: { index: i + 1, count } }));
    expect(shares.flat().sort()).toEqual([...slugs].sort());
    expect(new Set(shares.flat()).size).toBe(slugs.length);
    // A fair share each (200 dealers: no shard empty or holding most of them).
    for (const share of shares) expect(share.length).toBeGreaterThan(slugs.length / count / 2);
  });

  it.each([2, 3, 4, 5])('keeps every dealer in its shard of %i when a dealer is added or removed', (count) => {
    const before = new Map(slugs.map((slug) => [slug, shardOf({ slug, count })]));
    const added = [...slugs, 'zz-new-dealer', 'aa-another'];
    for (let index = 1; index <= count; index++)
      for (const slug of slugsOfShard({ slugs: added, shard: { index, count } })) if (before.has(slug)) expect(before.get(slug)).toBe(index);
    const removed = slugs.slice(1);
    for (const slug of removed) expect(shardOf({ slug, count })).toBe(before.get(slug));
  });

  it('moves about 1/(n+1) of the dealers when a shard is added', () => {
    const moved = slugs.filter((slug) => shardOf({ slug, count: 4 }) !== shardOf({ slug, count: 5 })).length;
    expect(moved).toBeLessThan(slugs.length * 0.35);
    // Those that move go to the new shard only.
    for (const slug of slugs) if (shardOf({ slug, count: 4 }) !== shardOf({ slug, count: 5 })) expect(shardOf({ slug, count: 5 })).toBe(5);
  });

  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/3', { index: 2, count: 3 }],
    [' 4 / 4 ', { index: 4, count: 4 }],
  ])('parses %j', (value, shard) => expect(parseShard(value)).toEqual(shard));

  it.each([
    ['0/2', /i must be 1 to 2/],
    ['3/2', /i must be 1 to 2/],
    ['1/0', /n must be 1 to 1000/],
    ['x', /is not i\/n with whole numbers/],
    ['1.5/2', /is not i\/n/],
    ['-1/2', /is not i\/n/],
    ['1/2/3', /is not i\/n/],
    ['', /is not i\/n/],
  ])('refuses %j with a clear message', (value, message) => expect(() => parseShard(value)).toThrow(message));
});
