/**
 * Collects what makes a page unhealthy while it loads: console errors, uncaught exceptions,
 * failed requests and HTTP errors.
 */
import type { Page } from '@playwright/test';

/** Starts watching `page`; call the returned function after navigation to get the problems. */
export function watchPage(page: Page): () => string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return () => problems;
}
