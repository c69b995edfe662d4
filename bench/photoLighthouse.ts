/**
 * The photos section's Lighthouse figure: a car page with 30 local photos (AVIF, WebP and JPEG
 * from the photo cache, `images: { service: local }`) served by `forecourt serve` and audited by
 * Lighthouse 12 with its mobile defaults (simulated throttling) in Debian's Chromium, as the
 * lighthouse section audits the sample dealers' pages. Budget: performance >= 95. The same page
 * without photos (the placeholder) is audited in the same run, so that a machine too busy for
 * Lighthouse's simulated timings is told apart from photos that slow the page.
 */
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServe } from '../cli/serve.ts';
import { generateSite } from '../renderer/generate.ts';
import type { BundleResult } from '../renderer/bundle.ts';
import type { PhotoSources } from '../renderer/photos/buildPhotos.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

/** The budget of the car page with real photos (Lighthouse mobile performance, out of 100). */
export const PHOTO_PAGE_PERFORMANCE_BUDGET = 95;

/** What the car page scored: performance, its metrics, and the audits that cost it points. */
export interface PhotoPageAudit {
  performance: number;
  metrics: string;
  losses: string[];
}

/** Builds `slug` from `dealersDir` (its photos already in the cache), serves it and audits `path`. */
export async function auditPhotoCarPage({
  slug,
  dealersDir,
  path,
  bundle,
  photos,
  workDir,
  now,
  name,
}: {
  slug: string;
  dealersDir: string;
  path: string;
  bundle: BundleResult;
  photos: PhotoSources;
  workDir: string;
  now: Date;
  /** Names this audit's output and state folders. */
  name: string;
}): Promise<PhotoPageAudit> {
  const outDir = join(workDir, `${name}-out`);
  const built = await generateSite({ slug, bundle, dealersDir, outDir, now, photos });
  if (!built.ok) throw new Error(`generate failed for ${slug}`, { cause: built.error });
  const served = await startServe({ slugs: [slug], outDir, port: 0, stateDir: join(workDir, `${name}-state`), warn: () => {}, demo: true });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const url = `${served.sites[0].url.replace(/\/$/, '')}${path}`;
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { categories, audits } = result.lhr;
    const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
    // The weighted metrics under full marks, then the opportunities and diagnostics that fail.
    const losses = (categories.performance?.auditRefs ?? [])
      .filter((ref) => {
        const score = audits[ref.id]?.score;
        return typeof score === 'number' && (ref.weight > 0 ? score < 1 : score < 0.9);
      })
      .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue || audits[ref.id]?.score})`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ${metric('total-byte-weight')}`,
      losses,
    };
  } finally {
    chrome.kill();
    await served.close();
  }
}
