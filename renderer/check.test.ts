import { describe, expect, it } from 'vitest';
import type { Route } from '../ui/route.ts';
import type { Page } from './stage.ts';
import type { JsGraph } from './bundle.ts';
import { createSiteChecker, internalLinks, islandTags, linkTarget } from './check.ts';

/** The check stage over a whole set of pages, as generate runs it page by page. */
function checkSite({
  pages,
  assets,
  ...options
}: {
  pages: Page[];
  assets: { path: string; contents: string }[];
  islandNames: string[];
  graph?: JsGraph;
  runtimeUrl?: string;
  budget?: number;
}) {
  const checker = createSiteChecker({ paths: pages.map((p) => p.route.path), ...options });
  for (const p of pages) checker.add(p);
  return checker.finish({ assets });
}

const page = (path: string, kind: Route['kind'], body: string, file = `${path.slice(1)}/index.html`): Page => ({
  route: { path, kind, indexable: true } as Route,
  file: path === '/' ? 'index.html' : file,
  html: `<!doctype html>\n<html><head><link rel="stylesheet" href="/assets/site-1.css"></head>\n<body>${body}</body></html>`,
});

const assets = [
  { path: 'assets/site-1.css', contents: '' },
  { path: 'assets/shared/map.svg', contents: '' },
];

describe('the check stage over a site', () => {
  it('passes a site whose internal links all resolve (query, hash, trailing slash and index.html ignored)', () => {
    const pages = [
      page(
        '/',
        'home',
        '<a href="/cars/a?x=1#vehicle-map">a</a><a href="/search/new-cars/">s</a><img src="/assets/shared/map.svg"><a href="https://x.example/">out</a><a href="//cdn.example/x">cdn</a>',
      ),
      page('/cars/a', 'car', '<a href="/">home</a><a href="/cars/trade-in?car_id=1&amp;x=2">t</a><a href="/404.html">nf</a>'),
      page('/search/new-cars', 'search', '<a href="/cars/a/index.html">a</a>'),
      page('/cars/trade-in', 'trade-in', ''),
      page('/404', 'not-found', '', '404.html'),
    ];
    expect(checkSite({ pages, assets, islandNames: [] }).diagnostics).toEqual([]);
  });

  it('reads the shell around <main> once and still counts and places what it finds on every page', () => {
    const header = '<header><a href="/gone-header">h</a><div data-island="Menu" data-when="load"></div></header>';
    const footer = '<footer>\n<a href="/gone-footer">f</a><span data-island="Unknown" data-when="idle"></span></footer>';
    const shelled = (path: string, main: string): Page => ({
      route: { path, kind: 'car', indexable: true } as Route,
      file: `${path.slice(1)}/index.html`,
      html: `<!doctype html><html><head></head>\n<body>${header}<main id="main">${main}</main>${footer}</body></html>`,
    });
    const pages = [shelled('/cars/a', '<a href="/cars/b">b</a>'), shelled('/cars/b', '\n<a href="/gone-main">m</a><div data-island="Gallery"></div>')];
    const graph: JsGraph = {
      entry: 'r.js',
      gzip: { 'r.js': 1, 'menu.js': 10, 'gallery.js': 100 },
      staticImports: {},
      islandChunks: { Menu: 'menu.js', Gallery: 'gallery.js' },
    };
    const checker = createSiteChecker({ paths: pages.map((p) => p.route.path), islandNames: ['Menu', 'Gallery'], graph, runtimeUrl: '/r.js' });
    // The runtime script is what makes a page load JS: both pages name it after </main>.
    for (const p of pages) p.html = p.html.replace('</body>', '<script type="module" src="/r.js"></script></body>');
    expect(pages.map((p) => checker.add(p))).toEqual([11, 111]);
    const messages = checker.finish({ assets: [{ path: 'r.js', contents: '' }] }).diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.message}`);
    const at = (p: Page, text: string) => {
      const index = p.html.indexOf(text);
      const before = p.html.slice(0, index);
      return `${p.file}:${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;
    };
    expect(messages).toEqual([
      `${at(pages[0], 'href="/gone-header"')} broken internal link /gone-header (on 2 pages, first on /cars/a)`,
      `${at(pages[0], 'href="/gone-footer"')} broken internal link /gone-footer (on 2 pages, first on /cars/a)`,
      `${at(pages[1], 'href="/gone-main"')} broken internal link /gone-main (on 1 page, first on /cars/b)`,
      `${at(pages[0], 'data-island="Unknown"')} island 'Unknown' is not in runtime/islandRegistry.ts (on 2 pages)`,
    ]);
  });

  it('finds a broken link, once per target, with where it first appears', () => {
    const pages = [page('/', 'home', '<a href="/missing">x</a>'), page('/cars/a', 'car', '\n<a href="/missing#top">x</a><img src="/assets/gone.png">')];
    const { diagnostics } = checkSite({ pages, assets, islandNames: [] });
    expect(diagnostics).toHaveLength(3);
    const missing = diagnostics.find((d) => d.message.startsWith('broken internal link /missing '))!;
    expect(missing).toMatchObject({ severity: 'error', file: 'index.html', line: 3, pointer: '/' });
    expect(missing.message).toContain('on 1 page');
    expect(diagnostics.map((d) => d.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('/missing#top'), expect.stringContaining('/assets/gone.png')]),
    );
    expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports an island that is not registered', () => {
    const pages = [page('/', 'home', '<div data-island="HeaderMenu"></div><div data-island="Nope"></div>')];
    const { diagnostics } = checkSite({ pages, assets, islandNames: ['HeaderMenu'] });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', message: expect.stringContaining("island 'Nope'") });
  });

  it('measures first-load JS per page kind and warns over budget', () => {
    const graph: JsGraph = {
      entry: 'assets/runtime-A.js',
      gzip: { 'assets/runtime-A.js': 1000, 'assets/chunks/react-B.js': 40_000, 'assets/chunks/Big-C.js': 60_000, 'assets/chunks/Menu-D.js': 500 },
      staticImports: {
        'assets/runtime-A.js': [],
        'assets/chunks/Big-C.js': ['assets/chunks/react-B.js'],
        'assets/chunks/Menu-D.js': ['assets/chunks/react-B.js'],
      },
      islandChunks: { Big: 'assets/chunks/Big-C.js', Menu: 'assets/chunks/Menu-D.js' },
    };
    const script = '<script type="module" src="/assets/runtime-A.js"></script>';
    const runtime = { path: 'assets/runtime-A.js', contents: '' };
    const pages = [
      page('/', 'home', `<div data-island="Menu"></div>${script}`),
      page('/cars/a', 'car', `<div data-island="Menu"></div><div data-island="Big"></div>${script}`),
      page('/faqs', 'info', 'no js'),
      // The big island waits for idle or for view: it loads after the page, so only Menu counts.
      page('/finance', 'finance', `<div data-island="Menu" data-when="load"></div><div data-island="Big" data-when="idle"></div>${script}`),
      // Attribute order does not matter: data-when before data-island is read the same.
      page('/service', 'service', `<div style="display:contents" data-when="visible" data-island="Big"></div>${script}`),
    ];
    const { diagnostics, jsByKind } = checkSite({
      pages,
      assets: [...assets, runtime],
      islandNames: ['Menu', 'Big'],
      graph,
      runtimeUrl: '/assets/runtime-A.js',
    });
    expect(jsByKind.home).toEqual({ pages: 1, withJs: 1, maxGzip: 41_500 });
    expect(jsByKind.car).toEqual({ pages: 1, withJs: 1, maxGzip: 101_500 });
    expect(jsByKind.info).toEqual({ pages: 1, withJs: 0, maxGzip: 0 });
    expect(jsByKind.finance).toEqual({ pages: 1, withJs: 1, maxGzip: 41_500 });
    expect(jsByKind.service).toEqual({ pages: 1, withJs: 1, maxGzip: 1000 });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', pointer: '/cars/a', message: expect.stringContaining("kind 'car' exceeds the budget") });
  });
});

describe('createSiteChecker', () => {
  it('checks pages as they come: links to later pages and to assets known only at the end resolve', async () => {
    const { createSiteChecker } = await import('./check.ts');
    const checker = createSiteChecker({ paths: ['/', '/cars/a', '/404'], islandNames: [] });
    checker.add(page('/', 'home', '<a href="/cars/a">a</a><a href="/404.html">nf</a><img src="/assets/search/index.bin"><a href="/gone">x</a>'));
    checker.add(page('/404', 'not-found', '<a href="/gone">x</a>', '404.html'));
    checker.add(page('/cars/a', 'car', '<a href="/">home</a>'));
    const { diagnostics } = checker.finish({ assets: [...assets, { path: 'assets/search/index.bin', contents: '' }] });
    expect(diagnostics.map((d) => d.message)).toEqual(['broken internal link /gone (on 2 pages, first on /)']);
  });

  it('counts a page reused from the live build with the first-load JS recorded for it, and warns when it is over budget', async () => {
    const { createSiteChecker } = await import('./check.ts');
    const checker = createSiteChecker({ paths: ['/', '/cars/a', '/cars/b', '/cars/c'], islandNames: [], budget: 50_000 });
    // A rendered page links a reused one: the reused page's path is a page of this build.
    expect(checker.add(page('/', 'home', '<a href="/cars/b/">b</a>'))).toBeNull();
    checker.reuse({ file: 'cars/b/index.html', path: '/cars/b', kind: 'car', js: 40_000 });
    checker.reuse({ file: 'cars/c/index.html', path: '/cars/c', kind: 'car', js: 60_000 });
    checker.reuse({ file: 'cars/a/index.html', path: '/cars/a', kind: 'car', js: null });
    const { diagnostics, jsByKind } = checker.finish({ assets });
    expect(jsByKind.car).toEqual({ pages: 3, withJs: 2, maxGzip: 60_000 });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: 'warning',
      pointer: '/cars/c',
      message: expect.stringContaining("1 page of kind 'car' exceeds the budget"),
    });
  });
});

describe('firstLoadJs', () => {
  it('counts what the runtime always loads lazily, island chunks only for the islands used, not what islands load on interaction', async () => {
    const { firstLoadJs } = await import('./check.ts');
    const graph: JsGraph = {
      entry: 'r.js',
      gzip: { 'r.js': 1, 'client.js': 10, 'A.js': 100, 'B.js': 1000, 'shared.js': 10000, 'dialog.js': 100000 },
      staticImports: { 'A.js': ['shared.js'] },
      dynamicImports: { 'r.js': ['client.js', 'A.js', 'B.js'], 'B.js': ['dialog.js'] },
      islandChunks: { A: 'A.js', B: 'B.js' },
    };
    expect(firstLoadJs({ graph, islands: [] })).toBe(11);
    expect(firstLoadJs({ graph, islands: ['A'] })).toBe(10111);
    expect(firstLoadJs({ graph, islands: ['B', 'Unknown'] })).toBe(1011);
  });
});

describe('linkTarget', () => {
  it.each([
    ['/', '/'],
    ['/a/', '/a'],
    ['/a?b=1', '/a'],
    ['/a#x', '/a'],
    ['/a/index.html', '/a'],
    ['/index.html', '/'],
    ['/search/caf%C3%A9', '/search/café'],
  ])('%s -> %s', (href, target) => expect(linkTarget(href)).toBe(target));
});

describe('internalLinks and islandTags', () => {
  it('find href and src values that start with / after whitespace, and nothing else', () => {
    const html =
      '<a href="/a?x=1&amp;y">A</a><img\tsrc="/i.png"><a data-src="/no" xlink:href="/no2" href="https://x/">B</a><a href="//cdn/x">C</a><p>href="/text"</p><a href="/b"';
    expect([...internalLinks(html)]).toEqual([
      { href: '/a?x=1&amp;y', at: 2 },
      { href: '/i.png', at: html.indexOf('\tsrc') },
      { href: '//cdn/x', at: html.indexOf(' href="//') },
      { href: '/b', at: html.lastIndexOf(' href') },
    ]);
    // A value with no closing quote is no link.
    expect([...internalLinks('<a href="/open')]).toEqual([]);
  });

  it('find each island with its opening tag, whatever the attribute order', () => {
    const html =
      '<div class="x" data-island="Gallery" data-when="idle" style="display:contents"><p>data-island=&quot;No&quot;</p></div><span data-island="Phone">';
    expect([...islandTags(html)]).toEqual([
      { name: 'Gallery', tag: '<div class="x" data-island="Gallery" data-when="idle" style="display:contents">', at: html.indexOf(' data-island="Gallery') },
      { name: 'Phone', tag: '<span data-island="Phone">', at: html.indexOf(' data-island="Phone') },
    ]);
  });
});
