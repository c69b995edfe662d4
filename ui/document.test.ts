import { describe, expect, it } from 'vitest';
import { renderDocument, type ShellHtml } from './document.ts';
import { safeCssColour, themeStyle, type PageMeta } from './head.tsx';
import { DATA, ROUTES, SITE } from '../fixtures/sites/harbourside.ts';

const shell: ShellHtml = {
  banner: '<div id="t-banner"></div>',
  header: '<header id="t-header"></header>',
  serviceBar: '<div id="t-service"></div>',
  compareStrip: '<div id="t-compare"></div>',
  footer: '<footer id="t-footer"></footer>',
  subFooter: '<div id="t-sub"></div>',
  themeStyle: '',
};
const meta: PageMeta = {
  title: 'Cars & "Trucks" | <Harbourside>',
  metaDescription: 'Desc "quoted" <b>',
  metaType: 'website',
  metaImage: 'https://cdn.example.com/og.jpg',
  canonical: 'https://www.harbourside.example.com/',
  keywords: 'cars, Newcastle',
};
const island = '<div data-island="Favourite" data-when="load" style="display:contents"><button>Save</button></div>';
// The shell carries the theme of the site rendered, as ui/renderShell.tsx makes it.
const render = ({ site = SITE, ...over }: Partial<Parameters<typeof renderDocument>[0]> = {}) =>
  renderDocument({
    site,
    route: ROUTES.home,
    meta,
    jsonLd: [{ '@type': 'WebSite' }],
    main: '<h1>Hi</h1>',
    assets: DATA.assets,
    ...over,
    shell: { ...shell, ...over.shell, themeStyle: themeStyle(site.theme) },
  });

describe('renderDocument', () => {
  it('is a complete document in the site locale with the page in <main id="main">', () => {
    const html = render();
    expect(html.startsWith('<!doctype html><html lang="en-AU" data-page-kind="home"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<main id="main"><h1>Hi</h1></main>');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('puts the shell in SPEC §2 order after a skip link', () => {
    const html = render({ route: ROUTES.search });
    const order = ['class="skip-link"', 't-banner', 't-header', 't-service', 't-compare', 'id="main"', 't-footer', 't-sub'].map((s) => html.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('shows the compare strip only on paths containing cars or search', () => {
    expect(render({ route: ROUTES.search })).toContain('t-compare');
    expect(render({ route: ROUTES.car })).toContain('t-compare');
    expect(render({ route: ROUTES.home })).not.toContain('t-compare');
    expect(render({ route: ROUTES.contact })).not.toContain('t-compare');
    expect(render({ route: { ...ROUTES.home, path: '/electric-cars' } })).toContain('t-compare');
  });

  it('ships the runtime script only when the page has an island', () => {
    const runtime = `<script type="module" src="${DATA.assets.runtime}"></script>`;
    expect(render()).not.toContain(runtime);
    expect(render()).not.toContain('<script type="module"');
    expect(render({ main: `<h1>Hi</h1>${island}` })).toContain(runtime);
    expect(render({ shell: { ...shell, header: `<header>${island}</header>` } })).toContain(runtime);
    // Text that merely mentions the attribute is escaped by React and is not an island.
    expect(render({ main: '<h1>Hi</h1><p>&lt;div data-island=&quot;x&quot;</p>' })).not.toContain(runtime);
  });

  it('writes the metadata, escaped for attributes and text', () => {
    const html = render();
    expect(html).toContain('<title>Cars &amp; &quot;Trucks&quot; | &lt;Harbourside&gt;</title>');
    expect(html).toContain('<meta name="description" content="Desc &quot;quoted&quot; &lt;b&gt;">');
    expect(html).toContain('<meta name="keywords" content="cars, Newcastle">');
    expect(html).toContain('<link rel="canonical" href="https://www.harbourside.example.com/">');
    for (const tag of [
      'og:type" content="website"',
      'og:title"',
      'og:description"',
      'og:image" content="https://cdn.example.com/og.jpg"',
      'og:url" content="https://www.harbourside.example.com/"',
      'og:image:alt" content="Cars &amp; &quot;Trucks&quot; | &lt;Harbourside&gt;"',
      'og:locale" content="en_AU"',
    ]) {
      expect(html).toContain(`<meta property="${tag}`);
    }
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="google-site-verification" content="abc123verify">');
    expect(html).toContain(`<link rel="stylesheet" href="${DATA.assets.css}">`);
  });

  it("names the region's locale for Open Graph, and no image alt without an image", () => {
    const us = render({ site: { ...SITE, regionSettings: { ...SITE.regionSettings, locale: 'en-US' } } });
    expect(us).toContain('<meta property="og:locale" content="en_US">');
    const noImage = render({ meta: { ...meta, metaImage: '' } });
    expect(noImage).not.toContain('og:image');
    expect(noImage).toContain('<meta name="twitter:card" content="summary">');
  });

  it('gives og:image its width and height only when both are known', () => {
    const sized = render({ meta: { ...meta, metaImageWidth: 800, metaImageHeight: 500 } });
    expect(sized).toContain('<meta property="og:image:width" content="800"><meta property="og:image:height" content="500">');
    expect(render()).not.toContain('og:image:width');
    expect(render({ meta: { ...meta, metaImageWidth: 800 } })).not.toContain('og:image:width');
  });

  it('omits site verification when unset and marks non-indexable routes noindex', () => {
    const html = render({ site: { ...SITE, google_site_verification: null }, route: ROUTES.success });
    expect(html).not.toContain('google-site-verification');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(render()).not.toContain('noindex');
  });

  it("moves React's leading image preload links from the fragments into <head>", () => {
    const preload = '<link rel="preload" as="image" href="https://cdn.example.com/a.jpg?w=800&amp;q=75"/>';
    const html = render({ main: `${preload}<h1>Hi</h1>`, shell: { ...shell, header: `${preload}<header id="t-header"></header>` } });
    expect(html).toContain(`${preload}${preload}</head>`);
    expect(html).toContain('<main id="main"><h1>Hi</h1></main>');
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('</head>'));
    expect(html.lastIndexOf(preload)).toBeLessThan(html.indexOf('<body>'));
  });

  it('inlines JSON-LD safely', () => {
    const html = render({ jsonLd: [{ '@type': 'AutoDealer', name: '</script><script>alert(1)</script>\u2028' }] });
    expect(html).toContain('<script type="application/ld+json">{"@type":"AutoDealer","name":"\\u003c/script\\u003e');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('\u2028');
  });

  it('sets the theme colours as custom properties, dropping anything that is not a colour', () => {
    const html0 = render();
    expect(html0).toContain('<style>:root{--primary:#c8102e;--primary-strong:');
    expect(html0).toContain(';--on-primary:#ffffff;--primary-text:#c8102e;--accent:#1a1a1a;');
    expect(html0).toContain(';--font:system-ui}</style>');
    // After the stylesheet, so the record's brand wins over the stylesheet's tokens.
    expect(html0.indexOf('<style>:root{--primary')).toBeGreaterThan(html0.indexOf('<link rel="stylesheet"'));
    expect(themeStyle({ primary: 'rebeccapurple', accent: '#fff', font: '' })).toBe('<style>:root{--primary:rebeccapurple;--accent:#fff}</style>');
    const hostile = { primary: 'red;}</style><script>alert(1)</script>', accent: 'url(javascript:x)', font: 'x}</style>' };
    const html = render({ site: { ...SITE, theme: hostile } });
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('javascript');
    expect(themeStyle(hostile)).toBe('');
  });
});

describe('safeCssColour', () => {
  it.each([
    ['#fff', '#fff'],
    ['#C8102E', '#C8102E'],
    ['#c8102e80', '#c8102e80'],
    ['rgb(10, 20, 30)', 'rgb(10, 20, 30)'],
    ['hsl(210 50% 40% / .5)', 'hsl(210 50% 40% / .5)'],
    ['rebeccapurple', 'rebeccapurple'],
    ['#ggg', null],
    ['red; color: blue', null],
    ['expression(alert(1))', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(safeCssColour(input)).toBe(expected);
  });
});
