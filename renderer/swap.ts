/**
 * The site layout that is never missing (emit's last step, and what every `generate` cleans up at
 * start): `<out>/<slug>` is a symlink to a complete, versioned folder `.<slug>.site-<ms>-<pid>-<rand>`
 * beside it. A new build is written to `.<slug>.tmp-<pid>-<rand>`, renamed to its versioned name
 * when complete, and made live by renaming a new symlink over `<slug>`: rename(2) replaces the
 * link in one atomic step, so at every instant `<slug>` names a complete old or new site. The
 * version that was live before stays until the next build of the dealer, which renames it to its
 * temp folder and writes over it (renderer/emit.ts openSiteWriter's `recycle`: only the files that
 * differ) or, when it cannot, removes it with any other version but the live one while it renders
 * (`pruneVersions`); the folder the link names is never touched. (Removing a version of thousands
 * of files took 0.6 to 1 s at the end of every build; writing a new one whole, 1 to 2 s.)
 *
 * Crash recovery (`recoverSite`, at every start): temp folders of dead processes are removed
 * (never adopted: they may be half written); when `<slug>` is missing or dangling, the newest
 * complete version (or a trash folder of the old rename-based layout) is linked back in. Complete
 * versions that are not live are left to the next build's pruneVersions.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** A step of the swap, named for what is true once it is done (test builds pause or die there). */
export type SwapStep = 'written' | 'versioned' | 'linked' | 'legacy-moved' | 'swapped';

/** Called after each step; a test build pauses or kills the process there. */
export type OnSwapStep = (step: SwapStep) => void | Promise<void>;

/** Escapes a slug for a RegExp. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names of one slug's bookkeeping entries in the output folder. */
function patterns(slug: string) {
  const s = escape(slug);
  return {
    temp: new RegExp(`^\\.${s}\\.tmp-(\\d+)-[0-9a-f]+$`),
    trash: new RegExp(`^\\.${s}\\.trash-(\\d+)-[0-9a-f]+$`),
    link: new RegExp(`^\\.${s}\\.link-(\\d+)-[0-9a-f]+$`),
    // The build lock's private drafts (renderer/buildLock.ts).
    lockDraft: new RegExp(`^\\.${s}\\.lock-(\\d+)-[0-9a-f]+$`),
    site: new RegExp(`^\\.${s}\\.site-(\\d+)-(\\d+)-[0-9a-f]+$`),
  };
}

/** True when a process with this id is running (a leftover of a live build must not be removed). */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A fresh `<pid>-<rand>` tag for this process's temp, link and site names. */
export function buildTag(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** The versioned folder name of a site built now: sortable by build time. */
function siteName({ slug, ms, tag }: { slug: string; ms: number; tag: string }): string {
  return `.${slug}.site-${String(ms).padStart(15, '0')}-${tag}`;
}

/** The longest name a build gives an entry of `slug` in the output folder: its versioned site folder, made by the largest process id. */
export function longestOutName({ slug }: { slug: string }): string {
  return siteName({ slug, ms: 10 ** 15 - 1, tag: `${2 ** 22}-ffffffff` });
}

/** What `<out>/<slug>` is now: a link to a version, the old layout's real folder, or nothing usable. */
async function currentTarget({
  outDir,
  slug,
}: {
  outDir: string;
  slug: string;
}): Promise<{ kind: 'link'; version: string } | { kind: 'folder' } | { kind: 'none' }> {
  const live = join(outDir, slug);
  let info;
  try {
    info = await lstat(live);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    throw error;
  }
  if (info.isDirectory()) return { kind: 'folder' };
  if (!info.isSymbolicLink()) return { kind: 'none' };
  const version = await readlink(live);
  // A dangling link (its version was removed by hand) is as good as no site.
  return existsSync(join(outDir, version)) ? { kind: 'link', version } : { kind: 'none' };
}

/** Points `<out>/<slug>` at `version` in one atomic rename of a fresh symlink over it. */
async function linkLive({
  outDir,
  slug,
  version,
  tag,
  onStep,
}: {
  outDir: string;
  slug: string;
  version: string;
  tag: string;
  onStep?: OnSwapStep;
}): Promise<void> {
  const link = join(outDir, `.${slug}.link-${tag}`);
  await rm(link, { force: true });
  // Relative, so the output folder can be moved or mounted elsewhere as a whole.
  await symlink(version, link);
  await onStep?.('linked');
  if ((await currentTarget({ outDir, slug })).kind === 'folder') {
    // The old layout (a real folder) cannot be replaced by a rename: move it aside as an older
    // version first. Until the next rename there is no `<slug>`; a crash here is recovered at
    // the next start from the newest version, which is this complete new one.
    await rename(join(outDir, slug), join(outDir, siteName({ slug, ms: 0, tag })));
    await onStep?.('legacy-moved');
  }
  await rename(link, join(outDir, slug));
  await onStep?.('swapped');
}

/**
 * Makes the complete site in `temp` live as `<out>/<slug>`; the version live before stays (see
 * pruneVersions). The caller holds the slug's build lock. Returns the versioned folder's name.
 */
export async function swapInSite({
  outDir,
  slug,
  temp,
  tag,
  onStep,
}: {
  outDir: string;
  slug: string;
  /** The complete new site (every file written). */
  temp: string;
  tag: string;
  onStep?: OnSwapStep;
}): Promise<string> {
  await onStep?.('written');
  const version = siteName({ slug, ms: Date.now(), tag });
  await rename(temp, join(outDir, version));
  await onStep?.('versioned');
  await linkLive({ outDir, slug, version, tag, onStep });
  return version;
}

/**
 * Renames `version` to `temp` (a new build's folder, to be written over) when it is a complete
 * version of `slug` that exists while a complete site is live and it is not that site. Returns
 * whether it did. The caller holds the slug's build lock.
 */
export async function takeVersion({ outDir, slug, version, temp }: { outDir: string; slug: string; version: string; temp: string }): Promise<boolean> {
  if (!patterns(slug).site.test(version) || !existsSync(join(outDir, version))) return false;
  // With no complete site live, every version may be the one recovery links back in.
  const current = await currentTarget({ outDir, slug });
  if (current.kind !== 'link' || current.version === version) return false;
  await rename(join(outDir, version), temp);
  return true;
}

/** Removes every version of `slug` but `keep` (and the old layout's trash folders); returns their names. */
async function removeOldVersions({ outDir, slug, keep }: { outDir: string; slug: string; keep: string }): Promise<string[]> {
  const { site, trash } = patterns(slug);
  const stale = (await readdir(outDir)).filter((name) => name !== keep && (site.test(name) || trash.test(name)));
  await Promise.all(stale.map((name) => rm(join(outDir, name), { recursive: true, force: true })));
  return stale;
}

/**
 * Removes every version of `slug` but the live one (the version a build left as the previous one,
 * or a complete version a killed build left), and the old layout's trash folders; nothing while
 * no complete site is live. A build runs it while it renders, holding the slug's build lock; it
 * names only what exists when it starts, so the build's own new version is never touched.
 * Returns the names removed.
 */
export async function pruneVersions({ outDir, slug }: { outDir: string; slug: string }): Promise<string[]> {
  const current = await currentTarget({ outDir, slug });
  if (current.kind === 'none') return [];
  return removeOldVersions({ outDir, slug, keep: current.kind === 'link' ? current.version : '' });
}

/**
 * Repairs what a killed build of `slug` left (the caller holds the slug's build lock): removes
 * temp folders and stray links of dead processes; when no complete site is live, links the newest
 * complete version back in (or adopts a trash folder of the old layout). Complete versions that
 * are not live stay for the next build's pruneVersions. Returns the names removed and the version
 * relinked, if any.
 */
export async function recoverSite({ outDir, slug }: { outDir: string; slug: string }): Promise<{ removed: string[]; relinked?: string }> {
  if (!existsSync(outDir)) return { removed: [] };
  const { temp, link, lockDraft, site, trash } = patterns(slug);
  const names = await readdir(outDir);
  const removed: string[] = [];
  for (const name of names) {
    const dead = [temp, link, lockDraft].map((re) => re.exec(name)).find(Boolean);
    if (!dead || isAlive(Number(dead[1]))) continue;
    await rm(join(outDir, name), { recursive: true, force: true });
    removed.push(name);
  }

  const current = await currentTarget({ outDir, slug });
  let relinked: string | undefined;
  if (current.kind === 'none') {
    const versions = names.filter((name) => site.test(name)).sort();
    let keep = versions.at(-1);
    if (!keep) {
      // The old layout renamed the live site to a trash folder before renaming the new one in: a
      // kill between the two left only the trash, which is the complete previous site.
      const old = names.find((name) => trash.test(name));
      if (old) {
        keep = siteName({ slug, ms: 0, tag: buildTag() });
        await rename(join(outDir, old), join(outDir, keep));
      }
    }
    if (keep) {
      // A dangling link is replaced by the same atomic rename.
      await linkLive({ outDir, slug, version: keep, tag: buildTag() });
      relinked = keep;
    }
  }
  // Complete versions that are not live stay: the next build of the dealer removes them while it renders (pruneVersions).
  return { removed, relinked };
}

/** The slugs with any entry in `outDir` (live sites and leftovers alike). */
export async function slugsInOutDir({ outDir }: { outDir: string }): Promise<string[]> {
  if (!existsSync(outDir)) return [];
  const slugs = new Set<string>();
  for (const name of await readdir(outDir)) {
    const match = /^\.([a-z0-9][a-z0-9._-]*?)\.(?:tmp|trash|link|site|lock)(?:-|$)/i.exec(name);
    if (match) slugs.add(match[1]);
    else if (!name.startsWith('.')) slugs.add(name);
  }
  return [...slugs].sort();
}
