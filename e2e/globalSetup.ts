/**
 * Once per run, before any worker starts:
 * - generates the fixture dealers into one temp folder (e2e/fixtureSet.ts), which every worker
 *   then serves from instead of generating its own copy;
 * - starts `forecourt serve --all` on loopback over the sample dealers in out/ (already
 *   generated: `npm run test:e2e` does it), unless the config's metadata says `fixturesOnly`
 *   (the sub-suites' configs, which run before any sample dealer exists; their `fixtureDirs`
 *   says which fixture folders they need).
 * Both run at the same time. Records each dealer's URL and the fixture folder in
 * e2e/.servers.json and returns the teardown that stops the server and removes the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { generateFixtures } from './fixtureSet.ts';
import { builtSlugs, SERVERS_FILE } from './sites.ts';

const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 4300);
/** `serve --all` lists every site within this on a loaded 2-core machine (it opens one database and a listener per site). */
const SERVE_START_MS = 180_000;

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const fixturesOnly = config.metadata?.fixturesOnly === true;
  const fixtureDirs = config.metadata?.fixtureDirs as string[] | undefined;
  const slugs = fixturesOnly ? [] : builtSlugs();
  if (!fixturesOnly && slugs.length === 0) throw new Error('No generated sites in out/: run `node bin/forecourt.mjs generate` first');
  const fixturesDir = mkdtempSync(join(tmpdir(), 'forecourt-e2e-fixtures-'));
  // A throwaway embedded database so test leads never mix with a developer's own.
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-e2e-'));
  const removeDirs = () => {
    rmSync(fixturesDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  let child: ChildProcess | null = null;
  try {
    const [fixtures, started] = await Promise.all([
      generateFixtures({ out: join(fixturesDir, 'out'), dealersDirs: fixtureDirs }),
      fixturesOnly ? Promise.resolve({ child: null, servers: {} }) : serveSamples({ slugs, dataDir }),
    ]);
    child = started.child;
    writeFileSync(SERVERS_FILE, JSON.stringify({ servers: started.servers, dataDir, fixtures }, null, 2));
  } catch (error) {
    if (child) await stop(child);
    removeDirs();
    throw error;
  }
  return async () => {
    if (child) await stop(child);
    removeDirs();
  };
}

/** Starts `serve --all` over out/ and waits until it has listed every one of `slugs`. */
async function serveSamples({ slugs, dataDir }: { slugs: string[]; dataDir: string }): Promise<{ child: ChildProcess; servers: Record<string, string> }> {
  const child = spawn(process.execPath, ['bin/forecourt.mjs', 'serve', '--all', '--port', String(BASE_PORT)], {
    env: { ...process.env, FORECOURT_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const servers: Record<string, string> = {};
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve --all did not list every site in ${SERVE_START_MS / 1000} s:\n${output}`)), SERVE_START_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        for (const m of output.matchAll(/^(\S+)\s+(http:\/\/127\.0\.0\.1:\d+)\/?\s*$/gm)) servers[m[1]] = m[2];
        if (slugs.every((s) => servers[s])) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`serve --all exited with ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await stop(child);
    throw error;
  }
  child.removeAllListeners('exit');
  return { child, servers };
}

/** Stops the server and waits for it to exit (it closes its database on SIGTERM). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
