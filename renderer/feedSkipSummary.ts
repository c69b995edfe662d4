/**
 * One line per inventory feed saying how many cars it left out and why, instead of a line per car
 * (a large dealer has hundreds of coming-soon cars); `generate --verbose` still lists each car.
 */
import type { FeedSkipReason, InventoryFeed } from '../domain/inventoryFeeds.ts';
import type { FeedSkip } from './inventoryFeeds.ts';

/** How each reason reads after a count ('9 without a price'). */
const REASON_TEXT: Record<FeedSkipReason, string> = {
  sold: 'sold',
  'coming soon': 'coming soon',
  'hidden from the website': 'hidden from the website',
  'no VIN': 'without a VIN',
  'no price': 'without a price',
  'no photo': 'without a photo',
};

/**
 * `google feed: 23 cars left out (14 coming soon, 9 without a price)` for each feed that left a
 * car out, feeds in the order they first appear, reasons most frequent first.
 */
export function feedSkipSummary({ skips }: { skips: readonly FeedSkip[] }): string[] {
  const byFeed = new Map<InventoryFeed, Map<FeedSkipReason, number>>();
  for (const { feed, reason } of skips) {
    const reasons = byFeed.get(feed) ?? new Map<FeedSkipReason, number>();
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    byFeed.set(feed, reasons);
  }
  return [...byFeed].map(([feed, reasons]) => {
    const total = [...reasons.values()].reduce((sum, n) => sum + n, 0);
    const parts = [...reasons]
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `${n} ${REASON_TEXT[reason]}`)
      .join(', ');
    return `${feed} feed: ${total} ${total === 1 ? 'car' : 'cars'} left out (${parts})`;
  });
}
