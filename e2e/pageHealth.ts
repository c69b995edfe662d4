/**
 * Collects what makes a page unhealthy while it loads: console errors (and, when asked,
 * hydration warnings), uncaught exceptions, failed requests and HTTP errors.
 */
import type { ConsoleMessage, Page, Request, Response } from '@playwright/test';

/** What {@link watchPage} returns: the problems seen so far, and a way to stop watching. */
export interface PageWatch {
  problems(): string[];
  /** Removes the listeners (for a page that outlives the test, shared by a worker). */
  stop(): void;
}

/**
 * Starts watching `page`; read `problems()` after navigation. With `hydrationWarnings`, console
 * warnings about hydration count too (React reports a server/client mismatch as a warning).
 */
export function watchPage(page: Page, { hydrationWarnings = false }: { hydrationWarnings?: boolean } = {}): PageWatch {
  const problems: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    else if (hydrationWarnings && msg.type() === 'warning' && /hydrat/i.test(msg.text())) problems.push(`console warning: ${msg.text()}`);
  };
  const onPageError = (err: Error) => problems.push(`uncaught: ${err.message}`);
  // A request the browser cancels (net::ERR_ABORTED: a lazy image still loading when the test
  // moves on to the next page) is not a failure of the site.
  const onRequestFailed = (req: Request) => {
    const error = req.failure()?.errorText ?? '';
    if (!error.includes('ERR_ABORTED')) problems.push(`request failed: ${req.url()} ${error}`);
  };
  const onResponse = (res: Response) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);
  return {
    problems: () => problems,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onRequestFailed);
      page.off('response', onResponse);
    },
  };
}
