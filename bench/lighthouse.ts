/**
 * Benchmark section: Lighthouse 12 (mobile, its default form factor and simulated throttling)
 * against a car page of a sample dealer served by `forecourt serve`, in Debian's Chromium.
 * Budgets: performance >= 95 and accessibility 100.
 *
 *   npm run bench -- --only lighthouse [--dealer <slug>]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServe } from '../cli/serve.ts';
import { bundleRuntime } from '../renderer/bundle.ts';
import { generateSite, listDealers } from '../renderer/generate.ts';
import { REPO_ROOT } from '../renderer/emit.ts';
import type { BenchResult, BenchSection } from './section.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

/** The Lighthouse budgets. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100 };

// Lighthouse drives its own headless Chromium; the rest is how every tool of ours starts it.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** The first car of the dealer's feed that has a page in the built site. */
function carPagePath({ outDir, dealersDir, slug }: { outDir: string; dealersDir: string; slug: string }): string {
  const cars = JSON.parse(readFileSync(join(dealersDir, slug, 'stock.json'), 'utf8')) as { slug: string; status: string }[];
  const sitemap = readFileSync(join(outDir, slug, 'sitemap.xml'), 'utf8');
  const car = cars.find((c) => c.status === 'in_stock' && sitemap.includes(`/cars/${c.slug}<`));
  if (!car) throw new Error(`${slug} has no in-stock car page to audit`);
  return `/cars/${car.slug}`;
}

/** The `lighthouse` section. */
export const lighthouseSection: BenchSection = {
  name: 'lighthouse',
  async run({ workDir, options, log }): Promise<BenchResult> {
    const dealersDir = join(REPO_ROOT, 'dealers');
    const slug = typeof options.dealer === 'string' ? options.dealer : (await listDealers({ dealersDir }))[0];
    if (!slug) throw new Error('no sample dealer to audit');
    const outDir = join(workDir, 'lighthouse-out');
    log(`generating ${slug} ...`);
    const built = await generateSite({ slug, bundle: await bundleRuntime(), dealersDir, outDir, now: new Date() });
    if (!built.ok) throw new Error(`generate failed for ${slug}`, { cause: built.error });
    const path = carPagePath({ outDir, dealersDir, slug });

    const served = await startServe({ slugs: [slug], outDir, port: 0, stateDir: join(workDir, 'lighthouse-state'), warn: log });
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
    try {
      const url = served.sites[0].url.replace(/\/$/, '') + path;
      log(`auditing ${url} ...`);
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      if (!result) throw new Error('Lighthouse returned no result');
      const { categories, audits } = result.lhr;
      const score = (id: 'performance' | 'accessibility') => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
      const performance = score('performance');
      const accessibility = score('accessibility');
      return {
        title: `Lighthouse ${result.lhr.lighthouseVersion} mobile: ${slug} ${path}`,
        rows: [
          { label: 'performance', value: String(performance), raw: performance },
          { label: 'accessibility', value: String(accessibility), raw: accessibility },
          { label: 'first contentful paint', value: metric('first-contentful-paint') },
          { label: 'largest contentful paint', value: metric('largest-contentful-paint') },
          { label: 'total blocking time', value: metric('total-blocking-time') },
          { label: 'cumulative layout shift', value: metric('cumulative-layout-shift') },
        ],
        budgets: [
          { label: `performance >= ${LIGHTHOUSE_BUDGETS.performance}`, ok: performance >= LIGHTHOUSE_BUDGETS.performance, detail: String(performance) },
          {
            label: `accessibility = ${LIGHTHOUSE_BUDGETS.accessibility}`,
            ok: accessibility >= LIGHTHOUSE_BUDGETS.accessibility,
            detail: String(accessibility),
          },
        ],
      };
    } finally {
      chrome.kill();
      await served.close();
    }
  },
};
