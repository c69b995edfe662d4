import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodicJob } from './periodicJob.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A run that resolves only when the test says so. */
function heldRun() {
  const releases: (() => void)[] = [];
  let calls = 0;
  const run = () => {
    calls += 1;
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { run, calls: () => calls, release: () => releases.shift()?.() };
}

describe('periodicJob', () => {
  it('runs at start and then every interval', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const job = periodicJob({ run, intervalMs: 1000, onError: () => undefined });
    job.start();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    job.start();
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never starts a run while the last one is still going, and runs again on the first tick after it ends', async () => {
    vi.useFakeTimers();
    const held = heldRun();
    const job = periodicJob({ run: held.run, intervalMs: 1000, onError: () => undefined });
    job.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(held.calls()).toBe(1);
    held.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.calls()).toBe(2);
    held.release();
    await job.stop();
  });

  it('reports a failed run and keeps its schedule', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const job = periodicJob({
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
      },
      intervalMs: 1000,
      onError: (error) => errors.push(error),
    });
    job.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('database gone');
    await job.stop();
  });

  it('stop waits for the run in progress', async () => {
    const held = heldRun();
    const job = periodicJob({ run: held.run, intervalMs: 60_000, onError: () => undefined });
    job.start();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
