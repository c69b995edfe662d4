/**
 * A job `serve` runs now and then every interval (the reservation sweep, the retention sweep):
 * never two runs at once, a failed run reported and the next one tried on time, and `stop`
 * waits for a run in progress so shutdown never cuts a transaction short.
 */

/** A started or stopped periodic job. */
export interface PeriodicJob {
  /** Runs the job now and then every interval; a second start does nothing. */
  start(): void;
  /** Stops the timer and waits for the run in progress, if any. */
  stop(): Promise<void>;
}

/** Runs `run` at start and every `intervalMs`; a tick while a run is in progress is skipped, not stacked. */
export function periodicJob({ run, intervalMs, onError }: { run: () => Promise<unknown>; intervalMs: number; onError: (error: unknown) => void }): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    // A slow database never stacks runs: the next tick finds this one still running and waits for its turn.
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => (running = null));
  };
  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      // The timer alone never keeps the process alive: serve's listeners do.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
