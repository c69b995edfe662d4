/**
 * `npm run shots`: full-page screenshots of every page kind of chosen dealers, at a phone and a
 * desktop size, with an index.html gallery to look at them side by side.
 *
 *   npm run shots -- [slug ...] [--kinds home,search,car] [--sizes 390x844,1366x900] [--out shots] [--port 0] [--no-generate]
 *
 * Without slugs it takes every dealer under dealers/. It generates the chosen dealers into out/
 * (unless --no-generate), serves them in-process on loopback with a throwaway lead database, and
 * opens each page in Debian's Chromium (e2e/chromium.ts). Favourites and compare pages are shot
 * with three of the dealer's cars saved, so they show cards rather than an empty state.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startServe } from '../cli/serve.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { OUT_DIR, onePathPerKind } from '../e2e/sites.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    kinds: { type: 'string' },
    sizes: { type: 'string', default: '390x844,1366x900' },
    out: { type: 'string', default: 'shots' },
    port: { type: 'string', default: '0' },
    'no-generate': { type: 'boolean', default: false },
  },
});

/** A viewport from 'WIDTHxHEIGHT'. */
function parseSize(text: string): { width: number; height: number } {
  const match = /^(\d{3,4})x(\d{3,4})$/.exec(text.trim());
  if (!match) throw new Error(`--sizes: '${text}' is not WIDTHxHEIGHT (e.g. 390x844)`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

const slugs = positionals.length ? positionals : readdirSync('dealers').filter((d) => existsSync(join('dealers', d, 'dealer.yaml')));
for (const slug of slugs) if (!existsSync(join('dealers', slug, 'dealer.yaml'))) throw new Error(`no dealer record dealers/${slug}/dealer.yaml`);
const sizes = values.sizes.split(',').map(parseSize);
const wantedKinds = values.kinds ? new Set(values.kinds.split(',')) : null;
const outDir = values.out;

if (!values['no-generate']) {
  console.error(`generating ${slugs.join(' ')} ...`);
  execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', ...slugs], { stdio: 'inherit' });
}

/** Up to three car ids of a generated site, for the saved-cars pages. */
function someCarIds(slug: string): number[] {
  const config = JSON.parse(readFileSync(join(OUT_DIR, slug, 'site-config.json'), 'utf8')) as { car_ids?: (number | string)[] };
  return (config.car_ids ?? []).slice(0, 3).map(Number);
}

const stateDir = mkdtempSync(join(tmpdir(), 'forecourt-shots-'));
const running = await startServe({ slugs, outDir: OUT_DIR, port: Number(values.port), stateDir, warn: () => {}, demo: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const rows: { slug: string; kind: string; path: string; files: string[] }[] = [];
const failures: string[] = [];
try {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const { slug, url } of running.sites) {
    const base = url.replace(/\/$/, '');
    const saved = JSON.stringify(someCarIds(slug).map((id) => ({ id })));
    for (const { kind, path } of onePathPerKind(slug)) {
      if (wantedKinds && !wantedKinds.has(kind)) continue;
      const files: string[] = [];
      for (const size of sizes) {
        const file = `${slug}--${kind}--${size.width}x${size.height}.png`;
        const context = await browser.newContext({ viewport: size });
        try {
          await context.addInitScript((value) => localStorage.setItem('favourites', value), saved);
          const page = await context.newPage();
          page.setDefaultTimeout(120_000);
          await page.goto(base + path, { waitUntil: 'networkidle' });
          // Lazy images below the fold load once scrolled to; the shot is of the whole page.
          await page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
              scrollTo(0, y);
              await new Promise((r) => setTimeout(r, 50));
            }
            scrollTo(0, 0);
          });
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: join(outDir, file), fullPage: true, timeout: 120_000 });
          files.push(file);
        } catch (error) {
          // One slow or broken page must not cost the other shots: say so and go on.
          failures.push(`${file}: ${(error as Error).message.split('\n')[0]}`);
          console.error(`failed: ${file}`);
        } finally {
          await context.close();
        }
      }
      rows.push({ slug, kind, path, files });
      console.error(`${slug} ${kind} ${path}`);
    }
  }
} finally {
  await browser.close();
  await running.close();
  rmSync(stateDir, { recursive: true, force: true });
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Forecourt screenshots</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem}section{margin:0 0 2rem}figure{display:inline-block;vertical-align:top;margin:0 1rem 1rem 0}
img{border:1px solid #ccc;width:360px;height:auto}figure.w img{width:680px}nav a{margin-right:.75rem}</style>
<h1>Forecourt screenshots</h1><nav>${[...new Set(rows.map((r) => r.slug))].map((s) => `<a href="#${esc(s)}">${esc(s)}</a>`).join('')}</nav>
${rows
  .map(
    (
      r,
      i,
    ) => `${i === 0 || rows[i - 1].slug !== r.slug ? `<h2 id="${esc(r.slug)}">${esc(r.slug)}</h2>` : ''}<section><h3>${esc(r.kind)} <code>${esc(r.path)}</code></h3>
${r.files.map((f) => `<figure class="${Number(/--(\d+)x/.exec(f)![1]) > 800 ? 'w' : ''}"><a href="${esc(f)}"><img src="${esc(f)}" alt="${esc(f)}" loading="lazy"></a><figcaption>${esc(f)}</figcaption></figure>`).join('')}</section>`,
  )
  .join('\n')}
</html>`;
writeFileSync(join(outDir, 'index.html'), html);
console.log(`${rows.reduce((n, r) => n + r.files.length, 0)} screenshots in ${join(outDir, 'index.html')}`);
if (failures.length) {
  console.error(`${failures.length} failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
}
