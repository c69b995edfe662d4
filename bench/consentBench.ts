/**
 * Consent banner benchmark: the first-load JS of every page kind of the measurement fixture
 * dealers (fixtures/measure/dealers: GA4 and the Meta Pixel configured, so every page carries
 * the consent banner), as the check stage counts it, against the 90 KB budget; and the same for
 * a dealer without measurement (the shopper fixture), so the banner's own cost shows as the
 * difference in the same run. The tags load only after consent and are not in it.
 *
 *   npm run bench -- --only consent      or      node --import tsx bench/consentBench.ts
 */
import { pathToFileURL } from 'node:url';
import { bundleRuntime } from '../renderer/bundle.ts';
import { FIRST_LOAD_JS_BUDGET } from '../renderer/check.ts';
import { generateSite } from '../renderer/generate.ts';
import { formatBytes } from '../renderer/progress.ts';
import { runSectionAlone, type BenchContext, type BenchResult, type BenchSection } from './section.ts';

const NOW = new Date('2025-06-10T00:00:00Z');
const WITH_BANNER = { dealersDir: 'fixtures/measure/dealers', slug: 'measure-motors-au' };
const WITHOUT = { dealersDir: 'fixtures/shopper/dealers', slug: 'shopper-motors' };

/** Generates both dealers; one row per page kind (with the banner, and the difference to the dealer without). */
export async function benchConsent({ workDir, log }: BenchContext): Promise<BenchResult> {
  const bundle = await bundleRuntime();
  const built = [];
  for (const { dealersDir, slug } of [WITH_BANNER, WITHOUT]) {
    log(`generating ${slug} ...`);
    const site = await generateSite({ slug, bundle, dealersDir, outDir: `${workDir}/out`, now: NOW });
    if (!site.ok) throw new Error(`generate failed for ${slug}`, { cause: site.error });
    built.push(site.jsByKind);
  }
  const [banner, plain] = built;
  const kinds = Object.keys(banner).sort() as (keyof typeof banner)[];
  const rows = kinds.map((kind) => {
    const js = banner[kind]!.maxGzip;
    const without = plain[kind]?.maxGzip;
    return {
      label: `first-load JS gz with the banner: ${kind}`,
      value: `${formatBytes(js)}${without ? ` (+${formatBytes(js - without)} over ${WITHOUT.slug})` : ''}`,
      raw: js,
    };
  });
  return {
    title: `consent banner (${WITH_BANNER.slug}: GA4 and Meta configured, consent not given)`,
    rows,
    budgets: kinds.map((kind) => {
      const js = banner[kind]!.maxGzip;
      return {
        label: `first-load JS with the banner: ${kind}`,
        ok: js <= FIRST_LOAD_JS_BUDGET,
        detail: `${formatBytes(js)} <= ${formatBytes(FIRST_LOAD_JS_BUDGET)}`,
      };
    }),
  };
}

/** The bench section (bench/run.ts). */
export const consentSection: BenchSection = { name: 'consent', run: benchConsent };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSectionAlone({ section: consentSection });
