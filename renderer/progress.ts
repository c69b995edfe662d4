/**
 * Build progress for `generate`. On a terminal one live line per dealer (dealer, pages
 * done/total, pages per second), redrawn at most every 100 ms so drawing never costs render
 * time; in CI (not a TTY) nothing live, one summary line per dealer:
 * `<slug>  <pages> pages  <bytes>  <seconds>s`.
 */

/** Where progress is written (process.stdout in the CLI). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** What a finished dealer reports. */
export interface DealerSummary {
  slug: string;
  pages: number;
  bytes: number;
  seconds: number;
  ok: boolean;
}

/** A progress reporter for a run of dealers. */
export interface Progress {
  start(args: { slug: string; total: number }): void;
  page(args: { done: number }): void;
  finish(summary: DealerSummary): void;
}

/** '812 B', '48.2 KB', '12.3 MB' (1024-based, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The per-dealer summary line. */
export function summaryLine({ slug, pages, bytes, seconds, ok }: DealerSummary): string {
  return `${slug}  ${pages} pages  ${formatBytes(bytes)}  ${seconds.toFixed(2)}s${ok ? '' : '  FAILED'}`;
}

/**
 * A reporter writing to `stream`: live line when `stream.isTTY`, summaries always.
 * `clock` is injectable so tests can drive the redraw throttle.
 */
export function createProgress({ stream, clock = () => performance.now() }: { stream: ProgressStream; clock?: () => number }): Progress {
  const live = Boolean(stream.isTTY);
  let slug = '';
  let total = 0;
  let started = 0;
  let lastDraw = -Infinity;
  const draw = (done: number): void => {
    const seconds = (clock() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    stream.write(`\r\x1b[2K${slug}  ${done}/${total} pages  ${rate} pages/s`);
  };
  return {
    start(args) {
      slug = args.slug;
      total = args.total;
      started = clock();
      lastDraw = -Infinity;
      if (live) draw(0);
    },
    page({ done }) {
      if (!live) return;
      const now = clock();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      draw(done);
    },
    finish(summary) {
      stream.write(`${live ? '\r\x1b[2K' : ''}${summaryLine(summary)}\n`);
    },
  };
}
