/**
 * Fixture dealers for the browser suites that read the database while the server runs: each
 * worker generates the dealer folders it needs into a temp folder and serves them in-process
 * (cli/serve.ts startServe) on a throwaway state directory. The embedded database is
 * single-process, so a test reads stored leads through `running.db`, not `forecourt leads`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtSlugs, startServe, type RunningServe } from '../cli/serve.ts';

/** One `forecourt generate` run: a dealers folder and, optionally, which of its dealers. */
export interface FixtureBuild {
  dealersDir: string;
  slugs?: string[];
}

/** Generated and served fixture sites; `dispose` stops the server and removes every file. */
export interface ServedFixture {
  running: RunningServe;
  out: string;
  /** Base URL (no trailing slash) of a served dealer. */
  url(slug: string): string;
  dispose(): Promise<void>;
}

/** Generates `builds` at build time `now` and serves every site that was built. */
export async function serveGeneratedSites({
  tag,
  workerIndex,
  builds,
  now,
}: {
  tag: string;
  workerIndex: number;
  builds: FixtureBuild[];
  now: string;
}): Promise<ServedFixture> {
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${tag}-${workerIndex}-`));
  const out = join(dir, 'out');
  try {
    for (const { dealersDir, slugs = [] } of builds) {
      execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', ...slugs, '--dealers', dealersDir, '--out', out, '--now', now], { stdio: 'pipe' });
    }
    const running = await startServe({ slugs: await builtSlugs({ outDir: out }), outDir: out, port: 0, stateDir: join(dir, 'state'), warn: () => {} });
    return {
      running,
      out,
      url: (slug) => {
        const site = running.sites.find((s) => s.slug === slug);
        if (!site) throw new Error(`${slug} is not served`);
        return site.url.replace(/\/$/, '');
      },
      dispose: async () => {
        await running.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not generate and serve the ${tag} fixture dealers`, { cause: error });
  }
}
