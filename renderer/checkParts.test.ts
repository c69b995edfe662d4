import { describe, expect, it } from 'vitest';
import type { JsGraph } from './bundle.ts';
import { createSiteChecker } from './check.ts';
import type { Page } from './stage.ts';
import { createDocumentRenderer, type DocumentProps, type ShellHtml } from '../ui/document.ts';
import { DATA, ROUTES, SITE } from '../fixtures/sites/harbourside.ts';

// A shell with links (good and broken), islands (registered or not, at load or later) and an eager image's preload.
const shell: ShellHtml = {
  banner: '<link rel="preload" as="image" href="/assets/banner.png"/><div class="banner"><a href="/gone-banner">b</a></div>',
  header: '<header><a href="/">home</a><div data-island="Menu" data-when="load" style="display:contents"></div></header>',
  serviceBar: '<div><a href="/contact">c</a></div>',
  compareStrip: '<div><span data-island="Strip" data-when="idle" style="display:contents"></span></div>',
  footer: '<footer>\n<a href="/gone-footer">f</a><div data-island="Unknown" data-when="load" style="display:contents"></div></footer>',
  subFooter: '<div><img src="/assets/sub.png"></div>',
  themeStyle: '',
};
const graph: JsGraph = {
  entry: 'runtime.js',
  gzip: { 'runtime.js': 1, 'menu.js': 10, 'gallery.js': 100, 'strip.js': 1000 },
  staticImports: {},
  islandChunks: { Menu: 'menu.js', Gallery: 'gallery.js', Strip: 'strip.js' },
};
const meta = { title: 'T', metaDescription: 'D', metaType: 'website', metaImage: '', canonical: 'https://x.example/', keywords: '' };
const mains = [
  '<link rel="preload" as="image" href="/assets/a.jpg"/><h1>A</h1>\n<a href="/search/used-cars?make=x&amp;y=1">s</a><div data-island="Gallery" data-when="load" style="display:contents"></div>',
  '<h1>B</h1><a href="/gone-main">m</a><a href="//cdn.example/x">cdn</a>',
  '<p>no links, no islands</p>',
];

/** The pages of the fixture site as the document renderer makes them: each with its pieces, and again as bare HTML. */
function pages(): { withParts: Page[]; htmlOnly: Page[] } {
  const render = createDocumentRenderer();
  const routes = [ROUTES.home, ROUTES.search, ROUTES.car];
  const withParts = routes.map((route, index): Page => {
    const props: DocumentProps = { site: SITE, route, meta, jsonLd: [{ '@type': 'WebSite' }], shell, main: mains[index], assets: DATA.assets };
    const { html, parts } = render(props);
    return { route, file: index === 0 ? 'index.html' : `${route.path.slice(1)}/index.html`, html, parts };
  });
  return { withParts, htmlOnly: withParts.map(({ route, file, html }) => ({ route, file, html })) };
}

const check = (list: Page[]) => {
  const checker = createSiteChecker({
    paths: list.map((p) => p.route.path),
    islandNames: ['Menu', 'Gallery', 'Strip'],
    graph,
    runtimeUrl: DATA.assets.runtime,
  });
  const js = list.map((p) => checker.add(p));
  return { js, ...checker.finish({ assets: [{ path: 'assets/sub.png', contents: '' }] }) };
};

describe('checking pages from the pieces they were rendered from', () => {
  it('joins the pieces into the page', () => {
    for (const page of pages().withParts) expect(page.parts?.map((part) => part.text).join('')).toBe(page.html);
  });

  it('finds what re-reading the HTML finds: links, islands, positions, first-load JS, counts', () => {
    const { withParts, htmlOnly } = pages();
    const fromParts = check(withParts);
    expect(fromParts).toEqual(check(htmlOnly));
    const messages = fromParts.diagnostics.map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('broken internal link /gone-banner (on 3 pages'),
        expect.stringContaining('broken internal link /gone-footer (on 3 pages'),
        expect.stringContaining('broken internal link /gone-main (on 1 page,'),
        expect.stringContaining('broken internal link /assets/banner.png (on 3 pages'),
        expect.stringContaining("island 'Unknown' is not in runtime/islandRegistry.ts (on 3 pages)"),
      ]),
    );
    expect(messages.filter((m) => m.includes('/assets/sub.png'))).toEqual([]);
    // Menu at load on every page, Gallery at load on the first; the idle compare strip is not first-load.
    expect(fromParts.js).toEqual([11, 11, 11].map((bytes, index) => (index === 0 ? bytes + 100 : bytes)));
  });
});
