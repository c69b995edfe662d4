/**
 * `generate --shard i/n`: which dealers one of n build machines builds. A dealer's shard is
 * decided by its slug alone (rendezvous hashing: the shard whose hash with the slug is highest),
 * never by its position in the list, so adding or removing a dealer moves no other dealer, and
 * going from n to n+1 shards moves only about 1/(n+1) of them.
 */
import { createHash } from 'node:crypto';

/** One shard of a run: `index` counts from 1 to `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Most shards a run may be split into (a build machine per shard). */
export const MAX_SHARDS = 1000;

/**
 * Parses `i/n` (1 <= i <= n <= MAX_SHARDS, whole numbers); throws an error that says what is
 * wrong and what a good value looks like.
 */
export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const example = 'e.g. --shard 1/4 builds the first of 4 shares';
  if (!match) throw new Error(`--shard ${value} is not i/n with whole numbers (${example})`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) throw new Error(`--shard ${value}: n must be 1 to ${MAX_SHARDS} (${example})`);
  if (index < 1 || index > count) throw new Error(`--shard ${value}: i must be 1 to ${count} (shards count from 1; ${example})`);
  return { index, count };
}

/** The weight of `slug` on shard `index`: the first 6 bytes of sha256(slug NUL index). */
function weight(slug: string, index: number): number {
  return createHash('sha256').update(`${slug}\0${index}`).digest().readUIntBE(0, 6);
}

/** The shard (1 to `count`) that builds `slug`. */
export function shardOf({ slug, count }: { slug: string; count: number }): number {
  let best = 1;
  let bestWeight = -1;
  for (let index = 1; index <= count; index++) {
    const w = weight(slug, index);
    if (w > bestWeight) {
      best = index;
      bestWeight = w;
    }
  }
  return best;
}

/** The slugs of `slugs` that `shard` builds, in their order. */
export function slugsOfShard({ slugs, shard }: { slugs: readonly string[]; shard: Shard }): string[] {
  return slugs.filter((slug) => shardOf({ slug, count: shard.count }) === shard.index);
}
