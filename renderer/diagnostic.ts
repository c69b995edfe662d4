/**
 * Diagnostics: what every checking stage (parse, validate, check) reports. A diagnostic says
 * what is wrong, where (file:line:col and the JSON pointer into the record) and what to do.
 */
import { boundedDiagnostic } from './longValues.ts';

/** 'error' fails `validate`/`generate`; 'warning' is reported but does not fail. */
export type Severity = 'error' | 'warning';

/** One problem found in one file. */
export interface Diagnostic {
  /** Path as the user gave it (relative paths stay relative). */
  file: string;
  /** 1-based line; 0 when the problem has no position (e.g. a missing file). */
  line: number;
  /** 1-based column; 0 when unknown. */
  col: number;
  /** RFC 6901 JSON pointer into the document ('' is the whole document). */
  pointer: string;
  /** What is wrong, in plain words. */
  message: string;
  /** What to do about it. */
  hint?: string;
  severity: Severity;
  /** Machine-readable kind, e.g. 'type', 'unknown-field', 'duplicate-key', 'yaml-syntax'. */
  code?: string;
}

/** `file:line:col` (or just `file` when the position is unknown). */
export function diagnosticLocation(d: Pick<Diagnostic, 'file' | 'line' | 'col'>): string {
  return d.line > 0 ? `${d.file}:${d.line}:${d.col}` : d.file;
}

/**
 * One diagnostic as text: `path:line:col  /json/pointer  message`, then the hint indented on the
 * next line. Warnings are marked so they stand out from errors in CI logs. Values over 200
 * characters are cut (renderer/longValues.ts).
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const d = boundedDiagnostic(diagnostic);
  const head = [diagnosticLocation(d), d.pointer || '/', (d.severity === 'warning' ? 'warning: ' : '') + d.message].join('  ');
  return d.hint ? `${head}\n    ${d.hint}` : head;
}

/** Orders diagnostics by file, then line, then column, so output reads top to bottom. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.pointer.localeCompare(b.pointer);
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Optimal string alignment (Damerau-Levenshtein with adjacent transpositions) distance. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidate closest to `word` (case-insensitive edit distance), or undefined when nothing is
 * close enough to be a plausible typo: at most a third of the word's length, minimum 2 edits.
 * Powers the 'did you mean "<key>"?' hints.
 */
export function closestMatch({ word, candidates }: { word: string; candidates: readonly string[] }): string | undefined {
  const lower = word.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // Lengths further apart than the limit cannot be within it (and a 900 KB key costs no matrix).
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
