/**
 * Where leads go never leaves the server: generate writes the delivery configuration outside the
 * published folder (out/.<slug>.server.json) and serve reads it from there.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInRenderers } from '../fixtures/build/renderers.tsx';
import { CARS, SITE } from '../fixtures/sites/harbourside.ts';
import { bundleRuntime } from '../renderer/bundle.ts';
import { REPO_ROOT } from '../renderer/emit.ts';
import { generateSite } from '../renderer/generate.ts';
import { loadSiteConfig } from '../server/siteConfig.ts';

let outDir: string;
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'forecourt-server-settings-'));
  const bundle = await bundleRuntime({ root: join(REPO_ROOT, 'fixtures/build') });
  const result = await generateSite({
    slug: SITE.slug,
    dealersDir: join(REPO_ROOT, 'fixtures/sites'),
    outDir,
    now: new Date(SITE.now),
    buildIndex: null,
    bundle,
    renderers: standInRenderers(),
    loadDealer: async () => ({ site: SITE, cars: CARS, diagnostics: [] }),
  });
  expect(result.error).toBeUndefined();
  expect(result.ok).toBe(true);
}, 120_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the delivery configuration of a built site', () => {
  it('is in no file of the published folder: no lead_delivery, no variable name, no inline recipient', async () => {
    const site = join(outDir, SITE.slug);
    const files = (await readdir(site, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    const recipients = SITE.lead_delivery.destinations.flatMap((d) => [d.to, d.to_env, d.url, d.url_env, d.secret_env]).filter((v) => v !== undefined);
    expect(recipients).toContain('service@harbourside.example.com');
    const names = [SITE.lead_delivery.smtp.url_env!, ...recipients.filter((r) => r !== SITE.email)];
    for (const entry of files) {
      const text = await readFile(join(entry.parentPath, entry.name), 'latin1');
      for (const needle of ['lead_delivery', 'secret_env', 'url_env', 'to_env', ...names]) if (text.includes(needle)) leaks.push(`${entry.name}: ${needle}`);
    }
    expect(leaks).toEqual([]);
  });

  it('is beside it, readable by its owner only, and serve reads it from there', async () => {
    const file = join(outDir, `.${SITE.slug}.server.json`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const served = await loadSiteConfig({ outDir, slug: SITE.slug });
    expect(served.lead_delivery.destinations).toEqual(SITE.lead_delivery.destinations);
    expect(served.lead_delivery.smtp.url_env).toBe('FORECOURT_SECRET_TEST_SMTP_URL');
    expect(served.lead_delivery.from).toBe('leads@harbourside.example.com');
  });
});
