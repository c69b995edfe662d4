/**
 * `forecourt diff <slug>`: what generating the dealer now would change on its live site, before
 * it goes live (renderer/siteDiff.ts builds into a temporary folder; `<out>/<slug>/` is never
 * touched). Exit 0: no change; 1: changes; 2: the dealer does not build, or a bad option.
 */
import { type Command, Option } from 'commander';
import { diffSite, hasChanges, type SiteDiff } from '../renderer/siteDiff.ts';
import { compareDiagnostics, formatDiagnostic } from '../renderer/diagnostic.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';
import { documentEnvironment, INPUT_LIMIT_VARIABLES } from './environment.ts';
import { addInputLimitOptions, inputLimitsOf } from './inputLimitOptions.ts';
import { terminalSafe, terminalSafeJson } from './terminalText.ts';

/** Options of `forecourt diff`. */
interface DiffFlags {
  dealers: string;
  out: string;
  now?: string;
  baseUrl?: string;
  format: 'text' | 'json';
}

/** Counts with their noun: '1 page', '3 pages'. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The text report: a summary line, then each page with what changed, then other files. */
export function diffText(diff: SiteDiff): string[] {
  const { pages, files } = diff;
  const lines = [
    `${diff.slug}: ${count(pages.changed.length, 'page')} changed, ${pages.added.length} added, ${pages.removed.length} removed; ` +
      `${count(files.changed.length + files.added.length + files.removed.length, 'other file')} changed` +
      (diff.live ? '' : ' (no live site yet: everything is new)'),
  ];
  for (const { path, summary } of pages.changed) {
    lines.push(`  changed  ${terminalSafe(path)}`);
    for (const line of summary) lines.push(`           ${terminalSafe(line)}`);
  }
  for (const path of pages.added) lines.push(`  added    ${terminalSafe(path)}`);
  for (const path of pages.removed) lines.push(`  removed  ${terminalSafe(path)}`);
  for (const [label, list] of [
    ['changed', files.changed],
    ['added', files.added],
    ['removed', files.removed],
  ] as const)
    if (list.length > 0) lines.push(`  files ${label}: ${list.map(terminalSafe).join(', ')}`);
  return lines;
}

/** Registers `diff` on the program. */
export function registerDiff(program: Command): void {
  const command = program
    .command('diff')
    .description(
      "Show what generate would change on a dealer's live site (<out>/<slug>/) without touching it: pages added, removed and changed, with what changed on each. Exit 0: no change; 1: changes; 2: the dealer does not build",
    )
    .argument('<slug>', 'dealer to compare')
    .option('--dealers <dir>', 'folder of dealer records', DEFAULT_DEALERS_DIR)
    .option('--out <dir>', 'output folder holding the live site', 'out')
    .option('--now <iso>', "build time for date rules (default: the live build's, so only record and feed changes show)")
    .option('--base-url <url>', "base URL (default: the live build's)")
    .addOption(new Option('--format <format>', 'text: a line per change; json: one JSON report on stdout').choices(['text', 'json']).default('text'));
  addInputLimitOptions(command).action(async (slug: string, flags: DiffFlags) => {
    const errLine = (line: string) => process.stderr.write(`${line}\n`);
    const now = flags.now === undefined ? undefined : new Date(flags.now);
    if (now && Number.isNaN(now.getTime())) {
      errLine(`--now ${flags.now} is not an ISO date (e.g. 2026-11-20T00:00:00Z)`);
      process.exitCode = 2;
      return;
    }
    try {
      const { site, diff } = await diffSite({
        slug,
        dealersDir: flags.dealers,
        outDir: flags.out,
        now,
        baseUrl: flags.baseUrl,
        limits: inputLimitsOf(flags as unknown as Record<string, unknown>),
      });
      if (!diff) {
        for (const d of [...site.diagnostics].sort(compareDiagnostics)) if (d.severity === 'error') errLine(formatDiagnostic(d));
        for (const { path, error } of site.renderErrors) errLine(`${slug}  page ${path} failed: ${error.message}`);
        if (site.error) errLine(`${slug}  build failed: ${site.error.message}`);
        errLine(`${slug} does not build: nothing to compare (the live site is unchanged)`);
        process.exitCode = 2;
        return;
      }
      if (flags.format === 'json') process.stdout.write(`${terminalSafeJson({ changed: hasChanges(diff), ...diff })}\n`);
      else process.stdout.write(`${diffText(diff).join('\n')}\n`);
      process.exitCode = hasChanges(diff) ? 1 : 0;
    } catch (error) {
      errLine(`diff failed: ${(error as Error).message}`);
      for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause) errLine(`    caused by: ${cause.message}`);
      process.exitCode = 2;
    }
  });
  documentEnvironment(command, INPUT_LIMIT_VARIABLES);
}
