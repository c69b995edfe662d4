/**
 * Runs the `forecourt` CLI in a new process as ops run it, measuring its wall time and its peak
 * resident memory (the kernel's high-water mark, VmHWM, read while it runs: worker threads
 * included, as they share the process).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../renderer/emit.ts';

/** What one CLI process did. */
export interface CliRun {
  stdout: string;
  seconds: number;
  /** Peak resident memory in bytes (0 where /proc is not available). */
  peakRss: number;
}

/** `node bin/forecourt.mjs <args>` from the repository root; rejects on a non-zero exit. */
export function runCli({ args }: { args: string[] }): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/forecourt.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let peakRss = 0;
  const sample = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (hwm) peakRss = Math.max(peakRss, Number(hwm[1]) * 1024);
    } catch {
      // The process has ended (or there is no /proc): the last sample stands.
    }
  };
  const timer = setInterval(sample, 25);
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ stdout, seconds, peakRss });
      else reject(new Error(`forecourt ${args.join(' ')} exited ${code}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}
