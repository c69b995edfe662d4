/**
 * The record checks that depend on the operator's environment rather than on the record alone:
 * records are written by dealer staff and agencies, so control characters, the variables a record
 * names and the addresses it sends leads to are held to the operator's rules (docs/trust-model.md).
 */
import { controlCharacterProblems } from './controlCharacters.ts';
import { destinationHostProblems } from './destinationHosts.ts';
import { envNameProblems } from './envNames.ts';
import type { Problem } from './validate.ts';

/** The operator's environment: which variables a record may name, which destinations it may use. */
export type OperatorEnv = Readonly<Record<string, string | undefined>>;

/** Control characters, `*_env` names and delivery destinations of a parsed record. */
export function recordTrustProblems({ value, env }: { value: unknown; env: OperatorEnv }): Problem[] {
  return [...controlCharacterProblems({ value }), ...envNameProblems({ value, env }), ...destinationHostProblems({ value, env })];
}

/** A stock row's control characters (the row is skipped). */
export function carTrustProblems({ car }: { car: unknown }): Problem[] {
  return controlCharacterProblems({ value: car });
}
