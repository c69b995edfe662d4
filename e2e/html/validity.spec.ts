import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { builtSlugs, onePathPerKind, OUT_DIR, redirectedPaths } from '../sites.ts';

/**
 * One page of every kind of every generated sample dealer, its 404 page and a sold car's refresh page pass the Nu HTML
 * Checker (the W3C validator, run locally from the vnu-jar package on Debian's JRE) with zero
 * errors: the DOM a browser builds is the one React rendered.
 */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  firstLine?: number;
  firstColumn?: number;
  extract?: string;
}

test('every page kind of every sample dealer is valid HTML', async () => {
  test.setTimeout(600_000);
  const files = builtSlugs().flatMap((slug) => [
    ...onePathPerKind(slug).map(({ path }) => join(OUT_DIR, slug, path, 'index.html')),
    join(OUT_DIR, slug, '404.html'),
    // The refresh page left at a sold car's old path for hosts that ignore _redirects.
    ...redirectedPaths(slug)
      .slice(0, 1)
      .map((path) => join(OUT_DIR, slug, path, 'index.html')),
  ]);
  expect(files.length).toBeGreaterThan(0);
  // Exit code 1 means "errors found"; the JSON report says which, so it is read either way.
  const run = await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files], {
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    if (!error.stdout) throw new Error(`The Nu HTML Checker did not run (java and vnu-jar are needed): ${error.stderr || error.message}`);
    return { stdout: error.stdout };
  });
  const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal')
    .map((m) => `${(m.url ?? '').replace(/^file:.*?\/out\//, '')}:${m.firstLine ?? 0}:${m.firstColumn ?? 0} ${m.message} [${(m.extract ?? '').slice(0, 80)}]`);
  expect(errors).toEqual([]);
});
