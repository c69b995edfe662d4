/** Sideways scroll: the document must be no wider than the window. */
import { expect, type Page } from '@playwright/test';

/** Fails (softly, so every state of a page is reported) when the page scrolls sideways. */
export async function expectNoOverflow(page: Page, state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(scrollWidth, `${state}: the page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}
