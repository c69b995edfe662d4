/**
 * The record checks that depend on the operator's environment rather than on the record alone:
 * records are written by dealer staff and agencies, so control characters, the variables a record
 * names and the addresses it sends leads to are held to the operator's rules (docs/trust-model.md).
 */
import { policyFromEnv } from '../net/addressPolicy.ts';
import { controlCharacterProblems } from './controlCharacters.ts';
import { destinationHostProblems } from './destinationHosts.ts';
import { envNameProblems } from './envNames.ts';
import type { Problem } from './validate.ts';

/** Control characters, `*_env` names and delivery destinations of a parsed record. */
export function recordTrustProblems({ value, env }: { value: unknown; env: Readonly<Record<string, string | undefined>> }): Problem[] {
  return [...controlCharacterProblems({ value }), ...envNameProblems({ value, env }), ...destinationHostProblems({ value, policy: policyFromEnv(env) })];
}
