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
import { generateFixtures, generateSearchFixtures } from './fixtureSet.ts';
import { builtSlugs, OUT_DIR, SERVERS_FILE } from './sites.ts';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV, seedPgliteDataDir } from '../server/db/testTemplate.ts';

const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 4300);
/** The search fixture dealers listen from BASE_PORT + this (the sample dealers count upward from BASE_PORT). */
const SEARCH_PORT_OFFSET = 50;
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
  const children: ChildProcess[] = [];
  const stopAll = () => Promise.all(children.map(stop));
  try {
    // One migrated embedded database for the run: every server below and every worker's own
    // server starts from a copy (server/db/testTemplate.ts) instead of creating one (5-18 s each).
    const template = makePgliteTemplate({ dir: join(dataDir, 'template') }).then((dir) => {
      process.env[PGLITE_TEMPLATE_ENV] = dir;
    });
    const [fixtures, samples] = await Promise.all([
      generateFixtures({ out: join(fixturesDir, 'out'), dealersDirs: fixtureDirs }),
      fixturesOnly
        ? template.then(() => null)
        : template
            .then(() => serveAll({ outDir: OUT_DIR, slugs, port: BASE_PORT, dataDir }))
            .then((started) => {
              children.push(started.child);
              return started;
            }),
    ]);
    let servers = samples?.servers ?? {};
    let searchOut: string | undefined;
    if (!fixturesOnly) {
      // The search pages' cases (a static engine with two pages and autocomplete, a Meilisearch
      // dealer) come from fixture dealers, served read-only beside the sample dealers.
      searchOut = join(fixturesDir, 'search-out');
      const searchSlugs = await generateSearchFixtures({ dir: fixturesDir, out: searchOut });
      const search = await serveAll({ outDir: searchOut, slugs: searchSlugs, port: BASE_PORT + SEARCH_PORT_OFFSET, dataDir: join(dataDir, 'search') });
      children.push(search.child);
      servers = { ...servers, ...search.servers };
    }
    writeFileSync(SERVERS_FILE, JSON.stringify({ servers, dataDir, fixtures, searchOut }, null, 2));
  } catch (error) {
    await stopAll();
    removeDirs();
    throw error;
  }
  return async () => {
    await stopAll();
    removeDirs();
  };
}

/** Starts `serve --all` over `outDir` and waits until it has listed every one of `slugs`. */
async function serveAll({
  outDir,
  slugs,
  port,
  dataDir,
}: {
  outDir: string;
  slugs: string[];
  port: number;
  dataDir: string;
}): Promise<{ child: ChildProcess; servers: Record<string, string> }> {
  await seedPgliteDataDir({ dataDir: join(dataDir, 'db') });
  const child = spawn(process.execPath, ['bin/forecourt.mjs', 'serve', '--all', '--demo', '--out', outDir, '--port', String(port)], {
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
