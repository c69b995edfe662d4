/**
 * Keeps a served site's settings (site-config.json and whatever else `loadSiteConfig` reads from
 * the site folder) in step with the live build. `forecourt generate` swaps a new version in by
 * renaming the `out/<slug>` link (renderer/swap.ts), so the version the link names is the build:
 * before each API request the link is read again (one realpath, no file read), and when it names
 * another version the settings are loaded from it and copied into the object the routes hold.
 * `reload()` reads them again whatever the link says (SIGHUP: a settings file edited in place).
 * A version whose settings cannot be read keeps the last good settings served and is reported once.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ServedSiteConfig } from './siteConfig.ts';

/** The settings of one served site, followed across rebuilds. */
export interface SiteFollower {
  /** The settings object the routes hold; its contents change in place. */
  readonly site: ServedSiteConfig;
  /** Loads the settings again when the live version changed since the last load. */
  follow(): Promise<void>;
  /** Loads the settings again now. */
  reload(): Promise<void>;
}

/**
 * Loads the settings of `outDir/<slug>` and follows them. `load` reads the settings of the live
 * site folder (cli/serve.ts passes loadSiteConfig with its defaults for an older build); `warn`
 * hears a version whose settings do not load. The first load's error is thrown.
 */
export async function followSite({
  outDir,
  slug,
  load,
  warn,
}: {
  outDir: string;
  slug: string;
  load: () => Promise<ServedSiteConfig>;
  warn: (message: string) => void;
}): Promise<SiteFollower> {
  const link = path.join(outDir, slug);
  const live = async (): Promise<string | null> => {
    try {
      return await realpath(link);
    } catch {
      return null;
    }
  };
  let loadedFrom = await live();
  const site = await load();
  let failedFrom: string | null = null;
  // Concurrent requests after a swap share one load.
  let pending: Promise<void> | null = null;

  const loadFrom = (real: string | null): Promise<void> => {
    pending ??= (async () => {
      try {
        refreshInPlace({ target: site, next: await load() });
        loadedFrom = real;
        failedFrom = null;
      } catch (error) {
        if (failedFrom !== real) warn(`warning: ${slug}: the new build's settings do not load, the last good ones stay served: ${messageOf(error)}`);
        failedFrom = real;
      }
    })().finally(() => {
      pending = null;
    });
    return pending;
  };

  return {
    site,
    async follow() {
      const real = await live();
      if (real === loadedFrom || real === failedFrom || real === null) return;
      await loadFrom(real);
    },
    async reload() {
      await loadFrom(await live());
    },
  };
}

/** Makes `target` hold what `next` holds (same keys, same values), keeping its identity. */
export function refreshInPlace<T extends object>({ target, next }: { target: T; next: T }): void {
  for (const key of Object.keys(target)) if (!(key in next)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, next);
}

function messageOf(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 3; current = current.cause) parts.push(current.message);
  return parts.join(': ') || String(error);
}
