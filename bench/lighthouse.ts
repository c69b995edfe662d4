/**
 * Benchmark section: Lighthouse 12 (mobile, its default form factor and simulated throttling)
 * against the home, search, car, finance and trade-in pages of a sample dealer served by
 * `forecourt serve`, in Debian's Chromium. Budgets per page: performance >= 95 and
 * accessibility, best practices and SEO 100 (SEO is not checked on the trade-in page, which is
 * noindex on purpose). A page under budget lists the audits that cost it points.
 *
 *   npm run bench -- --only lighthouse [--dealer <slug>] [--from <dealers dir>]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServe } from '../cli/serve.ts';
import { bundleRuntime } from '../renderer/bundle.ts';
import { generateSite, listDealers } from '../renderer/generate.ts';
import { loadDealer } from '../renderer/loadDealer.ts';
import { REPO_ROOT } from '../renderer/emit.ts';
import { financePath, HOME_PATH, tradeInPath } from '../domain/routes/paths.ts';
import type { BenchResult, BenchRow, BenchSection } from './section.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

/** The Lighthouse budgets (scores out of 100). */
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

type Category = keyof typeof LIGHTHOUSE_BUDGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGETS) as Category[];

// Lighthouse drives its own headless Chromium; the rest is how every tool of ours starts it.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** The first car of the dealer's feed that has a page in the built site (in its `sitemap`). */
function carPagePath({ dealersDir, slug, sitemap }: { dealersDir: string; slug: string; sitemap: string }): string {
  const cars = JSON.parse(readFileSync(join(dealersDir, slug, 'stock.json'), 'utf8')) as { slug: string; status: string }[];
  const car = cars.find((c) => c.status === 'in_stock' && sitemap.includes(`/cars/${c.slug}<`));
  if (!car) throw new Error(`${slug} has no in-stock car page to audit`);
  return `/cars/${car.slug}`;
}

/** The first search page of the sitemap (the dealer's stock search). */
function searchPagePath({ slug, sitemap }: { slug: string; sitemap: string }): string {
  const found = /<loc>[^<]*?(\/search\/[^<]*)<\/loc>/.exec(sitemap);
  if (!found) throw new Error(`${slug} has no search page to audit`);
  return found[1];
}

/** What one audited page scored, and the audits that cost it points (weighted, failing first). */
interface PageAudit {
  kind: string;
  path: string;
  noindex?: boolean;
  scores: Record<Category, number>;
  metrics: string;
  losses: string[];
}

/** The `lighthouse` section. */
export const lighthouseSection: BenchSection = {
  name: 'lighthouse',
  async run({ workDir, options, log }): Promise<BenchResult> {
    // --from: another dealers folder (fixtures/measure/dealers: a site with analytics configured and consent not given).
    const dealersDir = typeof options.from === 'string' ? join(REPO_ROOT, options.from) : join(REPO_ROOT, 'dealers');
    const slug = typeof options.dealer === 'string' ? options.dealer : (await listDealers({ dealersDir }))[0];
    if (!slug) throw new Error('no sample dealer to audit');
    const outDir = join(workDir, 'lighthouse-out');
    const now = new Date();
    log(`generating ${slug} ...`);
    const built = await generateSite({ slug, bundle: await bundleRuntime(), dealersDir, outDir, now });
    if (!built.ok) throw new Error(`generate failed for ${slug}`, { cause: built.error });
    const { site } = await loadDealer({ dealersDir, slug, now });
    if (!site) throw new Error(`${slug} does not load`);
    const sitemap = readFileSync(join(outDir, slug, 'sitemap.xml'), 'utf8');
    const pages: { kind: string; path: string; noindex?: boolean }[] = [
      { kind: 'home', path: HOME_PATH },
      { kind: 'search', path: searchPagePath({ slug, sitemap }) },
      { kind: 'car', path: carPagePath({ dealersDir, slug, sitemap }) },
      { kind: 'finance', path: financePath({ paths: site.paths }) },
      { kind: 'trade-in', path: tradeInPath(), noindex: true },
    ];

    const served = await startServe({ slugs: [slug], outDir, port: 0, stateDir: join(workDir, 'lighthouse-state'), warn: log, demo: true });
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
    const audits: PageAudit[] = [];
    try {
      const base = served.sites[0].url.replace(/\/$/, '');
      for (const page of pages) {
        log(`auditing ${base}${page.path} ...`);
        const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
        const { categories, audits: found } = result.lhr;
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as Record<Category, number>;
        const metric = (id: string) => found[id]?.displayValue ?? 'n/a';
        // Weighted audits under full marks (the metrics, and every check of the other categories),
        // then the unweighted performance opportunities and diagnostics that fail (what to fix).
        const losses = CATEGORIES.flatMap((id) =>
          (categories[id]?.auditRefs ?? [])
            .filter((ref) => {
              const score = found[ref.id]?.score;
              return typeof score === 'number' && (ref.weight > 0 ? score < 1 : id === 'performance' && score < 0.9);
            })
            .map((ref) => `${id}: ${ref.id} (${found[ref.id]?.displayValue || found[ref.id]?.score})`),
        );
        audits.push({
          ...page,
          scores,
          metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
          losses: page.noindex ? losses.filter((loss) => !loss.startsWith('seo: is-crawlable')) : losses,
        });
      }
    } finally {
      chrome.kill();
      await served.close();
    }

    const rows: BenchRow[] = audits.flatMap((a) => [
      { label: `${a.kind} ${a.path}`, value: CATEGORIES.map((id) => `${id} ${a.scores[id]}`).join(', '), raw: a.scores.performance },
      { label: `${a.kind} metrics`, value: a.metrics },
      ...a.losses.map((loss) => ({ label: `${a.kind} loses`, value: loss })),
    ]);
    return {
      title: `Lighthouse mobile: ${slug}`,
      rows,
      budgets: audits.flatMap((a) =>
        CATEGORIES.filter((id) => !(a.noindex && id === 'seo')).map((id) => ({
          label: `${a.kind} ${id} >= ${LIGHTHOUSE_BUDGETS[id]}`,
          ok: a.scores[id] >= LIGHTHOUSE_BUDGETS[id],
          detail: String(a.scores[id]),
        })),
      ),
    };
  },
};
