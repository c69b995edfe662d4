import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes, summaryLine } from './progress.ts';

const sink = (isTTY: boolean) => {
  const out: string[] = [];
  return { stream: { isTTY, write: (t: string) => out.push(t) }, out };
};

describe('progress', () => {
  it('in CI prints only one summary line per dealer', () => {
    const { stream, out } = sink(false);
    const progress = createProgress({ stream });
    progress.start({ slug: 'bayside', total: 3 });
    for (const done of [1, 2, 3]) progress.page({ done });
    progress.finish({ slug: 'bayside', pages: 3, bytes: 2048, seconds: 1.234, ok: true });
    expect(out).toEqual(['bayside  3 pages  2.0 KB  1.23s\n']);
  });

  it('on a TTY redraws a live line at most every 100 ms, always at the last page', () => {
    const { stream, out } = sink(true);
    let t = 0;
    const progress = createProgress({ stream, clock: () => t });
    progress.start({ slug: 'bayside', total: 1000 });
    t = 50;
    progress.page({ done: 100 });
    t = 60;
    progress.page({ done: 120 }); // within 100 ms of the last draw: skipped
    t = 500;
    progress.page({ done: 500 });
    t = 510;
    progress.page({ done: 1000 });
    expect(out.map((line) => line.replace('\r\x1b[2K', ''))).toEqual([
      'bayside  0/1000 pages  0 pages/s',
      'bayside  100/1000 pages  2000 pages/s',
      'bayside  500/1000 pages  1000 pages/s',
      'bayside  1000/1000 pages  1961 pages/s',
    ]);
  });

  it('marks a failed dealer', () => {
    expect(summaryLine({ slug: 'x', pages: 0, bytes: 0, seconds: 0.5, ok: false })).toBe('x  0 pages  0 B  0.50s  FAILED');
  });

  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
  ])('formatBytes(%d) = %s', (n, s) => {
    expect(formatBytes(n)).toBe(s);
  });
});
