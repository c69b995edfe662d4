/**
 * Run by the `generate` bench section in a process of its own (a cold one, as a build is):
 * renders each page's component of one dealer with react-dom/server and nothing else (no
 * document, meta, JSON-LD, checking or writing), once, and prints `{ pages, seconds }` as JSON.
 * It is what React alone costs a full build of these pages on this machine, the floor under the
 * pages-per-second figure.
 *
 *   node --import tsx bench/pageComponents.ts <dealersDir> <slug> <now ISO>
 */
import { bundleRuntime } from '../renderer/bundle.ts';
import { loadDealer } from '../renderer/loadDealer.ts';
import { planRoutes } from '../renderer/plan.ts';
import { loadPageRenderers } from '../renderer/render.ts';
import { buildSiteData } from '../renderer/siteData.ts';

const [dealersDir, slug, now] = process.argv.slice(2);
const bundle = await bundleRuntime();
const renderers = await loadPageRenderers();
const { site, cars } = await loadDealer({ dealersDir, slug, now: new Date(now) });
if (!site) throw new Error(`${slug} does not load from ${dealersDir}`);
const data = buildSiteData({ site, cars, assets: bundle.urls });
const routes = planRoutes({ site, data, privacyPolicy: () => renderers.privacyPolicy({ site }), onSkip: () => {} });
const started = performance.now();
for (const route of routes) {
  const Component = renderers.pages[route.kind];
  if (Component) renderers.renderToString(renderers.createElement(Component, { site, route, data }));
}
process.stdout.write(`${JSON.stringify({ pages: routes.length, seconds: (performance.now() - started) / 1000 })}\n`);
