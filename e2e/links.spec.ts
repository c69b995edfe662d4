import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtSlugs, OUT_DIR, pagePaths, siteUrl } from './sites.ts';

// A crawl of every internal link and asset reference of one dealer through the real server.
test('no internal link of a dealer is broken', async ({ request }) => {
  test.setTimeout(240_000);
  const slug = builtSlugs()[0];
  const base = siteUrl(slug);
  const targets = new Map<string, string>();
  for (const path of pagePaths(slug)) {
    const file = join(OUT_DIR, slug, path === '/' ? '' : path, 'index.html');
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/\s(?:href|src)="(\/[^"#?]*)[^"]*"/g)) {
      const target = m[1].replace(/&amp;/g, '&');
      if (!target.startsWith('//') && !targets.has(target)) targets.set(target, path);
    }
  }
  expect(targets.size).toBeGreaterThan(20);
  const broken: string[] = [];
  const queue = [...targets];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [target, from] = next;
        const res = await request.get(base + target, { maxRedirects: 0 });
        if (res.status() !== 200) broken.push(`${target} (${res.status()}) linked from ${from}`);
      }
    }),
  );
  expect(broken).toEqual([]);
});
