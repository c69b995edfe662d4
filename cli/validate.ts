/**
 * `forecourt validate [paths...]`: checks dealer records and stock feeds and reports every problem
 * of every file in one run. A path may be a dealers folder, one dealer's folder, or a single
 * dealer.yaml / stock.json. Exit code 1 on any error; warnings (e.g. skipped stock rows, advertising
 * checks) do not fail unless --strict.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { compareDiagnostics, formatDiagnostic, type Diagnostic } from '../renderer/diagnostic.ts';
import { boundedDiagnostic } from '../renderer/longValues.ts';
import { terminalSafe } from './terminalText.ts';
import { loadDealer, loadTemplates } from '../renderer/loadDealer.ts';
import { parseJson, parseYaml } from '../renderer/parse.ts';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../renderer/inputLimits.ts';
import { DEFAULT_DEALERS_DIR, readSourceFile, RECORD_FILE, STOCK_FILE } from '../renderer/readSource.ts';
import { validateRecord, validateStock } from '../renderer/validate.ts';
import { applyStrict } from '../renderer/siteStages.ts';
import { documentEnvironment, INPUT_LIMIT_VARIABLES } from './environment.ts';
import { feedProblems } from '../importer/feedCheck.ts';
import { policyFromEnv } from '../net/addressPolicy.ts';
import type { Feed } from '../schema/resolved.generated.ts';
import { addInputLimitOptions, inputLimitsOf } from './inputLimitOptions.ts';

/** Outcome of one validate run. */
export interface ValidateRun {
  diagnostics: Diagnostic[];
  /** Files read and checked. */
  files: number;
  errors: number;
  warnings: number;
  exitCode: 0 | 1;
}

const problem = (file: string, message: string, hint: string): Diagnostic => ({
  file,
  line: 0,
  col: 0,
  pointer: '',
  severity: 'error',
  code: 'missing-file',
  message,
  hint,
});

async function kindOf(target: string): Promise<'file' | 'dir' | null> {
  try {
    return (await stat(target)).isDirectory() ? 'dir' : 'file';
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${target}`, { cause });
  }
}

/** Checks one dealer folder (record, stock feed when present) exactly as `generate` loads it. */
async function checkDealerDir({
  dir,
  templatesDir,
  now,
  limits,
}: {
  dir: string;
  templatesDir?: string;
  now: Date;
  limits: InputLimits;
}): Promise<{ files: number; diagnostics: Diagnostic[] }> {
  const hasStock = (await kindOf(path.join(dir, STOCK_FILE))) === 'file';
  const loaded = await loadDealer({ dealersDir: path.dirname(dir), slug: path.basename(dir), now, templatesDir, limits });
  const feed = loaded.site?.feed;
  if (!feed) return { files: 1 + (hasStock ? 1 : 0), diagnostics: loaded.diagnostics };
  return { files: 1 + (hasStock ? 1 : 0), diagnostics: [...loaded.diagnostics, ...(await feedDiagnostics({ dir, feed, limits }))] };
}

/** The record's feed: problems (a refused URL host, a mapped column the file lacks) at their place in the record. */
async function feedDiagnostics({ dir, feed, limits }: { dir: string; feed: NonNullable<Feed>; limits: InputLimits }): Promise<Diagnostic[]> {
  const problems = await feedProblems({ feed, dealerDir: dir, policy: policyFromEnv() });
  if (problems.length === 0) return [];
  const file = path.join(dir, RECORD_FILE);
  const source = await readSourceFile({ file, limit: 'recordBytes', limits });
  const { locate } = parseYaml({ ...source!, maxAliases: limits.yamlAliases });
  return problems.map(({ pointer, message, hint, severity }) => ({ file, ...locate({ pointer }), pointer, message, hint, severity, code: 'feed' }));
}

/** Checks one file on its own: .json as a stock feed, anything else as a dealer record. */
async function checkFile({ file, templatesDir, limits }: { file: string; templatesDir?: string; limits: InputLimits }): Promise<Diagnostic[]> {
  const feed = /\.json$/i.test(file);
  const source = await readSourceFile({ file, limit: feed ? 'feedBytes' : 'recordBytes', limits });
  if (source === null) return [problem(file, 'file not found', 'Check the path.')];
  if (feed) return validateStock({ parsed: parseJson(source), maxCars: limits.cars }).diagnostics;
  const templates = Object.keys((await loadTemplates({ templatesDir })).templates);
  return validateRecord({ parsed: parseYaml({ ...source, maxAliases: limits.yamlAliases }), templates }).diagnostics;
}

/** Validates every path; never throws for a bad record (problems are diagnostics). */
export async function runValidate({
  paths,
  templatesDir,
  now = new Date(),
  limits = DEFAULT_INPUT_LIMITS,
  strict = false,
}: {
  paths: readonly string[];
  templatesDir?: string;
  now?: Date;
  /** Warnings (skipped stock rows, advertising checks) count as errors. */
  strict?: boolean;
  /** Bounds on records and feeds (renderer/inputLimits.ts). */
  limits?: InputLimits;
}): Promise<ValidateRun> {
  const diagnostics: Diagnostic[] = [];
  let files = 0;
  for (const target of paths.length ? paths : [DEFAULT_DEALERS_DIR]) {
    const kind = await kindOf(target);
    if (kind === null) {
      diagnostics.push(problem(target, 'no such file or folder', 'Pass a dealers folder, a dealer folder, or a dealer.yaml / stock.json file.'));
    } else if (kind === 'file') {
      files++;
      diagnostics.push(...(await checkFile({ file: target, templatesDir, limits })));
    } else if ((await kindOf(path.join(target, RECORD_FILE))) === 'file') {
      const checked = await checkDealerDir({ dir: target, templatesDir, now, limits });
      files += checked.files;
      diagnostics.push(...checked.diagnostics);
    } else {
      // A folder of dealer folders.
      const entries = (await readdir(target, { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
      let dealers = 0;
      for (const name of entries) {
        const dir = path.join(target, name);
        if ((await kindOf(path.join(dir, RECORD_FILE))) === 'file') {
          dealers++;
          const checked = await checkDealerDir({ dir, templatesDir, now, limits });
          files += checked.files;
          diagnostics.push(...checked.diagnostics);
        } else if ((await kindOf(path.join(dir, STOCK_FILE))) === 'file') {
          diagnostics.push(
            problem(path.join(dir, RECORD_FILE), 'dealer record not found (the folder has a stock.json)', `Create ${path.join(dir, RECORD_FILE)}.`),
          );
        }
      }
      if (dealers === 0)
        diagnostics.push(problem(target, `no dealer records found (no */${RECORD_FILE})`, 'Pass a dealers folder containing <slug>/dealer.yaml.'));
    }
  }
  if (strict) diagnostics.splice(0, diagnostics.length, ...applyStrict(diagnostics, strict));
  diagnostics.sort(compareDiagnostics);
  // A 900 KB key must not come back whole, in text or JSON.
  diagnostics.splice(0, diagnostics.length, ...diagnostics.map(boundedDiagnostic));
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { diagnostics, files, errors, warnings: diagnostics.length - errors, exitCode: errors > 0 ? 1 : 0 };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The summary line printed last. */
export function summaryLine(run: ValidateRun): string {
  return `Checked ${plural(run.files, 'file')}: ${plural(run.errors, 'error')}, ${plural(run.warnings, 'warning')}.`;
}

/** The text report: one block per diagnostic, then the summary line. */
export function textReport(run: ValidateRun): string {
  // A record's key or value may hold control characters: shown as \uXXXX, they cannot drive the terminal.
  const lines = run.diagnostics.map((d) => formatDiagnostic(d).split('\n').map(terminalSafe).join('\n'));
  return [...lines, summaryLine(run)].join('\n') + '\n';
}

/** Registers `validate` on the program. Sets process.exitCode (1 on any error). */
export function registerValidate(program: Command): void {
  const command = program
    .command('validate')
    .description('Check dealer records and stock feeds; report every problem with file:line:col, JSON pointer and a hint.')
    .argument('[paths...]', 'dealers folder, dealer folder, dealer.yaml or stock.json (default: dealers/)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--strict', 'treat warnings (a skipped stock row, an advertising check) as errors')
    .option('--templates <dir>', 'templates folder (default: the repository templates/)');
  addInputLimitOptions(command).action(async (paths: string[], options: { format: 'text' | 'json'; templates?: string; strict?: boolean }) => {
    const run = await runValidate({ paths, templatesDir: options.templates, limits: inputLimitsOf(options), strict: options.strict });
    if (options.format === 'json') {
      process.stdout.write(JSON.stringify(run.diagnostics, null, 2) + '\n');
      process.stderr.write(summaryLine(run) + '\n');
    } else {
      process.stdout.write(textReport(run));
    }
    process.exitCode = run.exitCode;
  });
  documentEnvironment(command, [...INPUT_LIMIT_VARIABLES, 'FORECOURT_ALLOW_DESTINATIONS', 'FORECOURT_RECORD_ENV_ALLOW']);
}
