import { describe, expect, it } from 'vitest';
import type { FeedSkipReason, InventoryFeed } from '../domain/inventoryFeeds.ts';
import { feedSkipSummary } from './feedSkipSummary.ts';

const skip = (feed: InventoryFeed, reason: FeedSkipReason, id: number) => ({ feed, reason, car: { id, name: `Car ${id}` } });

describe('feedSkipSummary', () => {
  it('says nothing when every car is in every feed', () => {
    expect(feedSkipSummary({ skips: [] })).toEqual([]);
  });

  it('counts each feed once, reasons most frequent first', () => {
    const skips = [
      ...Array.from({ length: 9 }, (_, i) => skip('google', 'no price', i)),
      ...Array.from({ length: 14 }, (_, i) => skip('google', 'coming soon', 100 + i)),
      skip('meta', 'no photo', 7),
    ];
    expect(feedSkipSummary({ skips })).toEqual([
      'google feed: 23 cars left out (14 coming soon, 9 without a price)',
      'meta feed: 1 car left out (1 without a photo)',
    ]);
  });
});
