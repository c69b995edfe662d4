#!/usr/bin/env node
// Runs the prebuilt CLI in dist/ (scripts/buildCli.mjs; `npm install` builds it). When dist/ is
// missing or older than a source it was built from, it is rebuilt first, saying why, so a
// checkout being edited never runs yesterday's code.

// React picks its development or production build when first imported, and any module may import
// it (through ui/): choose before anything loads, so every part of React agrees.
process.env.NODE_ENV ??= 'production';

const DIST_ENTRY = new URL('../dist/forecourt.mjs', import.meta.url);
const { staleReason, buildCli } = await import('../scripts/buildCli.mjs');
const stale = staleReason();
if (stale) {
  process.stderr.write(`forecourt: building the CLI (${stale})\n`);
  try {
    await buildCli();
  } catch (error) {
    process.stderr.write(`forecourt: the CLI could not be built: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
await import(DIST_ENTRY.href);
