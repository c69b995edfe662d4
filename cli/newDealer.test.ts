import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAll } from '../renderer/generate.ts';
import { nameFromSlug, NewDealerError, nextSteps, scaffoldChoices, scaffoldDealer } from './newDealer.ts';
import { runValidate } from './validate.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'forecourt-new-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('forecourt new', () => {
  it('scaffolds, for every template and region, a dealer that validates and builds at once', async () => {
    const dealersDir = path.join(dir, 'dealers');
    const { templates, regions } = await scaffoldChoices();
    expect(Object.keys(templates).sort()).toEqual(['franchise', 'group', 'used']);
    expect(Object.keys(regions).sort()).toEqual(['AU', 'NZ', 'US']);
    const slugs: string[] = [];
    for (const template of Object.keys(templates)) {
      for (const region of Object.keys(regions)) {
        const slug = `new-${template}-${region.toLowerCase()}`;
        const done = await scaffoldDealer({ slug, template, region, dealersDir });
        expect(done.files).toEqual([path.join(dealersDir, slug, 'dealer.yaml'), path.join(dealersDir, slug, 'stock.json')]);
        const record = await readFile(done.files[0], 'utf8');
        expect(record).toContain(`template: ${template}\n`);
        expect(record).toContain(`region: ${region}\n`);
        expect(record).toMatch(/^# /m);
        expect(await readFile(done.files[1], 'utf8')).toBe('[]\n');
        slugs.push(slug);
      }
    }
    const validated = await runValidate({ paths: [dealersDir] });
    expect(validated.diagnostics).toEqual([]);
    expect(validated.files).toBe(18);

    const run = await generateAll({ slugs, dealersDir, outDir: path.join(dir, 'out'), now: new Date('2026-01-05T00:00:00Z') });
    expect(run.sites.map((site) => [site.slug, site.ok, site.diagnostics.filter((d) => d.severity === 'error'), site.error?.message])).toEqual(
      slugs.map((slug) => [slug, true, [], undefined]),
    );
    for (const slug of slugs) expect(existsSync(path.join(dir, 'out', slug, 'index.html'))).toBe(true);
  }, 600_000);

  it('refuses a bad slug, an unknown template or region, and an existing dealer, writing nothing', async () => {
    const dealersDir = path.join(dir, 'refused');
    await expect(scaffoldDealer({ slug: 'Bad Slug', template: 'used', region: 'AU', dealersDir })).rejects.toThrow(NewDealerError);
    await expect(scaffoldDealer({ slug: 'x--y', template: 'used', region: 'AU', dealersDir })).rejects.toThrow(/not a slug/);
    await expect(scaffoldDealer({ slug: 'ok', template: 'boutique', region: 'AU', dealersDir })).rejects.toThrow(
      /unknown --template boutique: choose franchise, group, used/,
    );
    await expect(scaffoldDealer({ slug: 'ok', template: 'used', region: 'UK', dealersDir })).rejects.toThrow(/unknown --region UK: choose AU, NZ, US/);
    expect(existsSync(path.join(dealersDir, 'ok'))).toBe(false);

    await scaffoldDealer({ slug: 'ok', template: 'used', region: 'NZ', dealersDir });
    await writeFile(path.join(dealersDir, 'ok', 'dealer.yaml'), 'name: edited by hand\n');
    await expect(scaffoldDealer({ slug: 'ok', template: 'used', region: 'NZ', dealersDir })).rejects.toThrow(/already exists: nothing was written/);
    expect(await readFile(path.join(dealersDir, 'ok', 'dealer.yaml'), 'utf8')).toBe('name: edited by hand\n');
  });

  it('names the dealer from its slug and prints the next steps', () => {
    expect(nameFromSlug('harbour-view-motors')).toBe('Harbour View Motors');
    const steps = nextSteps({ slug: 'a-b', dir: 'dealers/a-b', files: ['dealers/a-b/dealer.yaml', 'dealers/a-b/stock.json'] });
    expect(steps).toContain('npx forecourt validate dealers/a-b');
    expect(steps).toContain('npx forecourt dev a-b   (serves');
    expect(steps).toContain('npx forecourt generate a-b   (out/a-b/');
    expect(steps).not.toContain('--dealers');
    // Another dealers folder is named in every command that reads it, so each line runs as printed.
    const elsewhere = nextSteps({ slug: 'a-b', dir: '/tmp/d/a-b', files: ['/tmp/d/a-b/dealer.yaml', '/tmp/d/a-b/stock.json'], dealersDir: '/tmp/d' });
    expect(elsewhere).toContain('npm run stock -- --dealer a-b --dealers /tmp/d --count 50');
    expect(elsewhere).toContain('npx forecourt dev a-b --dealers /tmp/d');
    expect(elsewhere).toContain('npx forecourt generate a-b --dealers /tmp/d');
  });
});
