/**
 * Car galleries rendered by React once and kept on disk (a site with local photos): a car page
 * shows 20 or more photos, each a responsive picture and a thumbnail, and rendering those
 * elements again on every build was most of what photos added to a warm build. The gallery's
 * markup is React's own (renderToString of ui/islands/Gallery.tsx with the page's very props),
 * stored by a digest of those props and spliced into the page by the island's wrapper (ui/Island.tsx
 * `html`), so the page is byte-identical to one that renders the gallery inline
 * (galleryCache.test.ts renders both).
 *
 * One file per dealer folder, named by a hash of the folder and of the code version (every source
 * file, the templates and the dependency lock: renderer/buildSession.ts version), beside the photo
 * cache (renderer/photos/photoCache.ts) in `galleries/`: markup of other code is never read. It
 * is written (aside and renamed) only when a build rendered a gallery it did not hold; it keeps the
 * galleries of earlier builds beside (a build that reuses most pages renders few) until they pass a
 * limit, then only those of the last build. It is written with `v8.serialize`, which reads megabytes of markup back
 * without parsing it. A file that cannot be read is ignored (each gallery is rendered again); a
 * folder that cannot be written is only a slower next build.
 */
import { hash as cryptoHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ComponentType, createElement as CreateElement } from 'react';
import type { renderToString as RenderToString } from 'react-dom/server';
import type { GalleryProps } from '../../ui/islands/Gallery.tsx';
import { splitPreloads } from '../../ui/document.ts';
import { writeFileAtomically } from '../atomicFile.ts';
import { entryHash, pruneCacheDir } from '../dataCache.ts';

/** Most files kept (one per dealer folder): the least recently written go first. */
const MAX_GALLERY_FILES = 32;

/** React's createElement and renderToString as the pages use them (renderer/render.ts PageRenderers: the same React). */
export interface GalleryRenderers {
  createElement: typeof CreateElement;
  renderToString: typeof RenderToString;
}

/** What a file holds. */
interface GalleryFile {
  version: string;
  scope: string;
  galleries: Map<string, string>;
}

/** A build's galleries: `html` for each car page, `save` after the pages rendered. */
export interface GalleryCache {
  /** The gallery's markup for `props`, from the file or rendered now (without the preload of its first photo, which the page makes). */
  html: (props: GalleryProps) => string;
  /** Writes the galleries, when this build rendered any the file did not hold. */
  save: () => Promise<void>;
}

/**
 * The key of a gallery: a digest of exactly its props as JSON. A digest, not the JSON itself: with
 * 20 photos the props are about 8 KB, and a large dealer's file and build would hold that per car twice.
 */
function galleryKey(props: GalleryProps): string {
  return cryptoHash('sha256', JSON.stringify(props), 'base64url');
}

/** The file's galleries when it is one of `scope` under `version`, else none. */
async function readGalleries({ path, scope, version }: { path: string; scope: string; version: string }): Promise<Map<string, string>> {
  try {
    const file = deserialize(await readFile(path)) as Partial<GalleryFile> | null;
    if (!file || file.version !== version || file.scope !== scope || !(file.galleries instanceof Map)) return new Map();
    for (const [key, html] of file.galleries as Map<unknown, unknown>) if (typeof key !== 'string' || typeof html !== 'string') return new Map();
    return file.galleries;
  } catch {
    return new Map();
  }
}

/**
 * Opens the galleries of the dealer folder `scope` under code `version` in `dir`. `renderers` are
 * the pages' React; the gallery component is loaded here, after them, so React keeps the build
 * (production) the page renderers chose.
 */
export async function openGalleryCache({
  dir,
  scope,
  version,
  renderers,
  limit,
}: {
  dir: string;
  scope: string;
  version: string;
  renderers: GalleryRenderers;
  /** Most galleries a file keeps (twice the dealer's cars, say): past it, only those of the last build. */
  limit: number;
}): Promise<GalleryCache> {
  const name = `${entryHash(scope)}-${entryHash(version)}.v8`;
  const path = join(dir, name);
  const [{ Gallery }, stored] = await Promise.all([import('../../ui/islands/Gallery.tsx'), readGalleries({ path, scope, version })]);
  const used = new Map<string, string>();
  let added = false;
  return {
    html(props) {
      const key = galleryKey(props);
      let html = used.get(key) ?? stored.get(key);
      if (html === undefined) {
        const rendered = renderers.renderToString(renderers.createElement(Gallery as ComponentType<GalleryProps>, props));
        // React puts the preload of the eager first photo at the start of the fragment: the page makes it itself.
        html = splitPreloads(rendered).rest;
        added = true;
      }
      used.set(key, html);
      return html;
    },
    async save() {
      if (!added) return;
      // A build that reuses most pages renders few galleries: the others stay for the next full build, until they outnumber `limit`.
      const kept = new Map([...stored, ...used]);
      const galleries = kept.size > limit ? used : kept;
      try {
        await mkdir(dir, { recursive: true });
        await writeFileAtomically({ path, contents: serialize({ version, scope, galleries } satisfies GalleryFile) });
        await pruneCacheDir({ dir, prefix: `${entryHash(scope)}-`, keep: [name], isEntry: (file) => file.endsWith('.v8'), max: MAX_GALLERY_FILES });
      } catch {
        // A read-only data folder renders every gallery again in the next build; nothing else changes.
      }
    },
  };
}
