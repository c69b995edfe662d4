import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarPage } from '../../ui/pages/CarPage.tsx';
import { DATA, ROUTES, SITE } from '../../fixtures/sites/harbourside.ts';
import type { ResponsiveImage } from '../../domain/responsiveImage.ts';
import type { SiteData } from '../../ui/pageProps.ts';
import { openGalleryCache } from './galleryCache.ts';

const renderers = { createElement, renderToString };
const local = (n: number): ResponsiveImage => ({ width: 1280, height: 960, widths: [320, 640, 960, 1280], base: `/assets/photos/photo${n}` });
const viaService = (n: number): ResponsiveImage => ({
  width: 1280,
  height: 960,
  widths: [320, 640],
  urls: [`https://img.example/${n}.jpg?w=320&a=1`, `https://img.example/${n}.jpg?w=640&a=1`],
  thumb: `https://img.example/${n}.jpg?w=160`,
});

/** The car page's HTML as the renderer makes it (renderToString: the preloads lead), with the car's photos set. */
const page = ({ photos, data = DATA, badge }: { photos: ResponsiveImage[]; data?: SiteData; badge?: string }) => {
  const route = { ...ROUTES.car, car: { ...ROUTES.car.car, photos, ...(badge ? { badge } : {}) } };
  return renderToString(createElement(CarPage, { site: SITE, route, data }));
};

describe('galleries kept on disk: the page is byte-identical to one that renders its gallery', () => {
  let dir: string;
  const scope = '/dealers/harbourside-motors';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forecourt-galleries-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['20 local photos', Array.from({ length: 20 }, (_, i) => local(i + 1)), undefined],
    ['one local photo', [local(1)], undefined],
    ['photos through a service, and a name to escape', [viaService(1), viaService(2)], '<Sport & "Tech">'],
  ])('%s: rendered now, then read back by another build', async (_, photos, badge) => {
    const inline = page({ photos, badge });
    expect(inline).toContain('rel="preload"');
    const first = await openGalleryCache({ dir, scope, version: 'v1', renderers, limit: 10 });
    expect(page({ photos, badge, data: { ...DATA, galleryHtml: first.html } })).toBe(inline);
    await first.save();
    const second = await openGalleryCache({ dir, scope, version: 'v1', renderers: { createElement, renderToString: () => 'rendered again' }, limit: 10 });
    expect(page({ photos, badge, data: { ...DATA, galleryHtml: second.html } })).toBe(inline);
  });

  it('a gallery of an ASCII name is Latin-1 markup (one byte per character in V8, for the page and the kept file)', async () => {
    const cache = await openGalleryCache({ dir, scope, version: 'v0', renderers, limit: 10 });
    const html = cache.html({ images: Array.from({ length: 3 }, (_, i) => local(i + 1)), name: '2023 Toyota Corolla' });
    expect(html).toContain('aria-label="Next photo"');
    expect(html).toContain('&rsaquo;');
    expect([...html].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
  });

  it('writes only when it rendered a gallery; markup of other code is never read', async () => {
    const props = { images: [local(7)], name: '2023 Toyota Corolla' };
    const first = await openGalleryCache({ dir, scope, version: 'v2', renderers, limit: 10 });
    const html = first.html(props);
    expect(html).toContain('/assets/photos/photo7-640.jpg');
    // The preload of the first photo is the page's to make (in its head), not the gallery's.
    expect(html).not.toContain('rel="preload"');
    await first.save();
    const [file] = (await readdir(dir)).filter((name) => name.endsWith('.v8'));
    const written = (await stat(join(dir, file))).mtimeMs;
    const again = await openGalleryCache({ dir, scope, version: 'v2', renderers, limit: 10 });
    expect(again.html(props)).toBe(html);
    await again.save();
    expect((await readdir(dir)).filter((name) => name.endsWith('.v8'))).toHaveLength(1);
    expect((await stat(join(dir, file))).mtimeMs).toBe(written);
    const other = await openGalleryCache({ dir, scope, version: 'v3', renderers: { createElement, renderToString: () => '<p>v3</p>' }, limit: 10 });
    expect(other.html(props)).toBe('<p>v3</p>');
  });

  it('keeps earlier galleries beside a build that rendered few, until they pass the limit', async () => {
    const version = 'v4';
    const props = (n: number) => ({ images: [local(n)], name: `car ${n}` });
    const build = async (numbers: number[], limit: number) => {
      const cache = await openGalleryCache({ dir, scope, version, renderers: { createElement, renderToString: () => 'made' }, limit });
      for (const n of numbers) cache.html(props(n));
      await cache.save();
    };
    await build([1, 2, 3], 4);
    await build([4], 4);
    const kept = await openGalleryCache({ dir, scope, version, renderers: { createElement, renderToString: () => 'missing' }, limit: 4 });
    expect([1, 2, 3, 4].map((n) => kept.html(props(n)))).toEqual(['made', 'made', 'made', 'made']);
    await build([5], 4);
    const pruned = await openGalleryCache({ dir, scope, version, renderers: { createElement, renderToString: () => 'missing' }, limit: 4 });
    expect([1, 5].map((n) => pruned.html(props(n)))).toEqual(['missing', 'made']);
  });
});
