/**
 * Incremental `generate`: what it reuses and renders again, and (half of the property; the other
 * half is renderer/incrementalProperty.test.ts) that it is byte-identical to a full build.
 */
import { describe, expect, it } from 'vitest';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { upToDateFile } from './upToDate.ts';
import { join } from 'node:path';
import { ROUTES } from './routes.ts';
import type { RouteKind } from '../ui/route.ts';
import {
  apply,
  build,
  files,
  incrementalProperty,
  MODELS,
  NOW,
  row,
  RUNS,
  SEED,
  SLUG,
  withIncrementalBuilds,
  workDir,
  writeDealer,
} from './incrementalScenario.ts';

withIncrementalBuilds();

describe('incremental generate', () => {
  it('reuses the pages of unchanged cars and searches after a price change, and renders the changed car again', async () => {
    const dir = join(workDir(), 'price');
    const dealersDir = join(dir, 'dealers');
    const outDir = join(dir, 'out');
    const rows = MODELS.map((_, model) => row({ id: model + 1, model, price: 20_000 + model * 1000 }));
    await writeDealer({ dealersDir, rows });
    const first = await build({ dealersDir, outDir, full: false });
    expect(first.reused).toBe(0);
    // A file of the dealer's folder no page reads: not up to date (renderer/upToDate.ts), so a real build that reuses every page it can.
    await writeFile(join(dealersDir, SLUG, 'notes.txt'), 'not published');
    const again = await build({ dealersDir, outDir, full: false });
    // 4 cars of 4 models: a car page and a reserve page each, the search pages and the pages of
    // every kind that says what it reads of the stock, all reused; only the other kinds render again.
    const searchPages = (await files(join(outDir, SLUG, 'search'))).filter((file) => file.endsWith('index.html')).length;
    expect(searchPages).toBeGreaterThan(4);
    const ownInputs: RouteKind[] = ['car', 'reserve', 'search'];
    const rendered = Object.keys(again.htmlBytes) as RouteKind[];
    expect(rendered.filter((kind) => ownInputs.includes(kind) || ROUTES[kind].reads)).toEqual([]);
    expect(again.reused).toBe(again.pages - Object.values(again.htmlBytes).reduce((sum, pages) => sum + pages.length, 0));
    expect(again.reused).toBeGreaterThan(8 + searchPages);
    // Reused pages count in the first-load JS report as the build that rendered them measured them.
    expect(again.jsByKind).toEqual(first.jsByKind);
    // A price inside the stock's price range (the site-wide JSON-LD every page carries states the range).
    await apply({ dealersDir, rows, edit: { kind: 'price', at: 1, price: 21_490 } });
    const changed = await build({ dealersDir, outDir, full: false });
    // The Camry's own two pages and the searches listing it render again; the other cars' pages and searches do not.
    expect(changed.reused).toBeGreaterThanOrEqual(6 + 1);
    expect(changed.reused).toBeLessThan(again.reused - 2);
    expect(await readFile(join(outDir, SLUG, 'cars/2023-toyota-camry-2/index.html'), 'utf8')).toContain('$21,490');
    expect((await build({ dealersDir, outDir, full: true })).reused).toBe(0);
    // A manifest that names another version than the live one (a build killed after its swap) is not trusted.
    const manifest = join(outDir, `.${SLUG}.manifest.json`);
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"version":"[^"]+"/, '"version":".bayside-cars.site-0"'));
    // The up-to-date record too, or the unchanged inputs would not build at all.
    await rm(upToDateFile({ outDir, slug: SLUG }));
    expect((await build({ dealersDir, outDir, full: false })).reused).toBe(0);
    // Built again unchanged: up to date, nothing built (renderer/upToDate.ts).
    expect((await build({ dealersDir, outDir, full: false })).upToDate).toBe(true);
    // A build three hours later the same day (generate without --now), with a file no page reads
    // changed so it is not up to date: every page is reused, the search pages too, whose island
    // decides the new tag at a time no car's window has moved.
    await writeFile(join(dealersDir, SLUG, 'notes.txt'), 'still not published');
    const later = await build({ dealersDir, outDir, full: false, now: new Date(NOW.getTime() + 3 * 3_600_000) });
    expect(later.reused).toBe(again.reused);
    // A file added to or removed from the dealer's assets: pages may link those files, and a reused
    // page is not link-checked again, so nothing is reused.
    await writeFile(join(dealersDir, SLUG, 'assets', 'extra.txt'), 'x');
    expect((await build({ dealersDir, outDir, full: false })).reused).toBe(0);
  }, 60_000);

  it("renders the search pages again when a car's new tag ends between two builds the same day, and writes only what changed", async () => {
    const dir = join(workDir(), 'tag');
    const dealersDir = join(dir, 'dealers');
    const outDir = join(dir, 'out');
    // The Camry's new tag ends two hours after NOW.
    const rows = MODELS.map((_, model) =>
      row({
        id: model + 1,
        model,
        price: 20_000 + model * 1000,
        ...(model === 1 ? { createdAt: new Date(NOW.getTime() - 8 * 86_400_000 + 2 * 3_600_000).toISOString() } : {}),
      }),
    );
    await writeDealer({ dealersDir, rows });
    await build({ dealersDir, outDir, full: false });
    // A file no page reads, so the build an hour later is not up to date (renderer/upToDate.ts) but reuses what it can.
    await writeFile(join(dealersDir, SLUG, 'notes.txt'), 'not published');
    const hour = await build({ dealersDir, outDir, full: false, now: new Date(NOW.getTime() + 3_600_000) });
    const searchPages = (await files(join(outDir, SLUG, 'search'))).filter((file) => file.endsWith('index.html'));
    const reusedInAnHour = hour.reused;
    expect(reusedInAnHour).toBeGreaterThanOrEqual(8 + searchPages.length);
    const later = await build({ dealersDir, outDir, full: false, now: new Date(NOW.getTime() + 3 * 3_600_000) });
    // Every search page renders again (the tag clock moved), and the Camry's own pages (its tag is in its facts).
    expect(later.reused).toBeLessThanOrEqual(reusedInAnHour - searchPages.length - 1);
    const page = await readFile(join(outDir, SLUG, 'search', searchPages[0]), 'utf8');
    expect(page).toContain(`"now":"${new Date(NOW.getTime() + 2 * 3_600_000 + 1).toISOString()}"`);
    // The third build wrote over the first one's folder: only what changed was touched.
    expect(later.written).toBeLessThan(later.files / 2);
  }, 60_000);

  incrementalProperty({ runs: Math.ceil(RUNS / 2), seed: SEED, of: 'the first half' });
});
