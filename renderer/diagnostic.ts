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
