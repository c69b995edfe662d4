/**
 * Fixture dealers for the browser suites that read the database while the server runs: each
 * worker serves the dealer sites it needs in-process (cli/serve.ts startServe) on its own
 * throwaway state directory, so its stored leads are its own. The sites themselves are
 * generated once per run by the global setup (e2e/fixtureSet.ts); builds outside that set are
 * generated here into a temp folder. The embedded database is single-process, so a test reads
 * stored leads through `running.db`, the server's own handle.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type RunningServe } from '../cli/serve.ts';
import { builtSlugs } from '../cli/builtSites.ts';
import { coveredBy, generatedFixtures } from './fixtureSet.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';

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

/** Serves `builds` at build time `now`: from this run's generated fixtures when they hold them, else generated here. */
export async function serveGeneratedSites({
  tag,
  workerIndex,
  builds,
  now,
  env,
  admin,
  demo = true,
}: {
  tag: string;
  workerIndex: number;
  builds: FixtureBuild[];
  now: string;
  /** Where the lead delivery worker reads the variables the records name (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Serve the inbox under /admin/ with this account. */
  admin?: { user: string; password: string };
  /** Demo mode (default): the test payment page and invented valuations; false: production with `env`'s keys. */
  demo?: boolean;
}): Promise<ServedFixture> {
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${tag}-${workerIndex}-`));
  const fixtures = generatedFixtures();
  const shared = fixtures && coveredBy({ fixtures, builds, now }) ? fixtures.out : null;
  const out = shared ?? join(dir, 'out');
  try {
    if (!shared) {
      for (const { dealersDir, slugs = [] } of builds) {
        execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', ...slugs, '--dealers', dealersDir, '--out', out, '--now', now], { stdio: 'pipe' });
      }
    }
    const slugs = shared ? await slugsOf({ builds, out }) : await builtSlugs({ outDir: out });
    // A copy of the run's migrated database: creating one takes 5-18 s on a loaded machine.
    await seedPgliteDataDir({ dataDir: join(dir, 'state', 'db') });
    const running = await startServe({ slugs, outDir: out, port: 0, stateDir: join(dir, 'state'), warn: () => {}, env, admin, demo });
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

/** The built sites of `builds` in a shared folder: the listed slugs, or every dealer of the folder. */
async function slugsOf({ builds, out }: { builds: FixtureBuild[]; out: string }): Promise<string[]> {
  const built = new Set(await builtSlugs({ outDir: out }));
  const wanted = builds.flatMap(({ dealersDir, slugs }) =>
    slugs?.length ? slugs : readdirSync(dealersDir).filter((name) => existsSync(join(dealersDir, name, 'dealer.yaml'))),
  );
  return [...new Set(wanted)].filter((slug) => built.has(slug)).sort();
}
