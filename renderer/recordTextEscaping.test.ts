/**
 * Record text with markup in it is shown as text on every page that carries it, never run or
 * parsed as markup: the fixture record fixtures/sites/harbourside-motors holds a model whose
 * descriptions carry a script end tag, a script, a tag, quotes and ampersands (the sample
 * dealers under dealers/ read like real dealers and hold no such text). The home page (the model
 * list and the header's menu), the models page and the model's own page (its lead, description,
 * meta tags and JSON-LD) are rendered as whole documents by the real renderers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA, SITE } from '../fixtures/sites/harbourside.ts';
import { planRoutes } from './plan.ts';
import { loadPageRenderers, renderPages } from './render.ts';

const SCRIPT = '</script><script>alert(1)</script>';
const PATHS = ['/', '/models', '/models/corolla'];

let pages: Map<string, string>;
beforeAll(async () => {
  const routes = planRoutes({ site: SITE, data: DATA }).filter((route) => PATHS.includes(route.path));
  const { pages: rendered, errors } = renderPages({ site: SITE, routes, data: DATA, renderers: await loadPageRenderers() });
  if (errors.length) throw new Error(`${errors[0].path} failed`, { cause: errors[0].error });
  pages = new Map(rendered.map((page) => [page.route.path, page.html]));
}, 60_000);

describe('a fixture record text with markup', () => {
  it('is in the record as written', () => {
    const corolla = SITE.models.find((model) => model.slug === 'corolla');
    expect(corolla?.short_description).toContain(SCRIPT);
    expect(corolla?.description).toContain('<b>tags</b>');
  });

  it.each(PATHS)('%s shows it as text and runs nothing of it', (path) => {
    const html = pages.get(path)!;
    expect(html, path).toBeDefined();
    // Shown, escaped: the short description on every page that lists the model.
    expect(html).toContain('Rugged &amp; ready &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Never as markup, in the body, the head, island props or JSON-LD.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>tags</b>');
    expect(html).not.toMatch(/<\/script><script>alert/);
  });

  it("the model's page shows the description's quotes, tag and ampersands as text", () => {
    const html = pages.get('/models/corolla')!;
    expect(html).toMatch(
      /Test of escaping - (&quot;|")quotes(&quot;|"), &lt;b&gt;tags&lt;\/b&gt;, &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; ampersands/,
    );
  });
});
