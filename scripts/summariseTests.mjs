// Sums vitest's and Playwright's JSON reports, and the static checks' exit codes, into the one
// closing line CI reads: "N passed, N failed" (", N skipped" when any). A missing report counts
// as a failed suite; each check (one "<name> <exit code>" line in the checks file) counts as one
// passed or failed item, and a failed one is named. Each unhandled error of the unit suite (the
// optional fourth file, written by scripts/unhandledErrorsReporter.ts) counts as a failed item and
// is printed, since vitest fails the run for it while its JSON report counts only tests.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, checksFile, unhandledFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (checksFile) {
  if (existsSync(checksFile)) {
    const lines = readFileSync(checksFile, 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const [name, code] = line.trim().split(/\s+/);
      if (code === '0') passed += 1;
      else {
        failed += 1;
        console.log(`summary: check ${name} failed (exit code ${code})`);
      }
    }
  } else {
    console.error(`summary: no check results at ${checksFile}`);
    failed += 1;
  }
}

if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
  console.error(`summary: no unit test report at ${vitestFile}`);
  failed += 1;
}

if (unhandledFile && existsSync(unhandledFile)) {
  const errors = JSON.parse(readFileSync(unhandledFile, 'utf8'));
  for (const error of errors) {
    failed += 1;
    console.log(`summary: unit suite: unhandled ${error.name}: ${error.message}\n${error.stack}`);
  }
}

if (playwrightFile && existsSync(playwrightFile)) {
  const r = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  // A test that passed only on its retry is counted as passed but named, so flakiness is seen.
  if (s.flaky) console.log(`summary: ${s.flaky} browser test(s) passed only on retry (flaky)`);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((r.errors ?? []).length > 0 && !s.unexpected) failed += r.errors.length;
} else {
  console.error(`summary: no browser test report at ${playwrightFile}`);
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
