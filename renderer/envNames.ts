/**
 * The record's `*_env` fields (lead_delivery secrets, recipients, URLs, SMTP credentials) may name
 * only the variables the operator lets records read (domain/recordEnvNames.ts); checked here so
 * `validate` refuses a record that names FORECOURT_ADMIN_PASSWORD before anything is sent.
 */
import { envNameRefusal, RECORD_ENV_ALLOW_ENV, RECORD_SECRET_PREFIX } from '../domain/recordEnvNames.ts';
import { toPointer } from './parse.ts';
import type { Problem } from './validate.ts';

/** One problem per `*_env` field anywhere in `value` that names a variable records may not read. */
export function envNameProblems({ value, env }: { value: unknown; env: Readonly<Record<string, string | undefined>> }): Problem[] {
  const problems: Problem[] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, i]));
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key.endsWith('_env') && typeof child === 'string') {
        const refusal = envNameRefusal({ name: child, env });
        if (refusal)
          problems.push({
            pointer: toPointer([...path, key]),
            code: 'env-name',
            target: 'value',
            message: refusal,
            hint: `Rename the variable to ${RECORD_SECRET_PREFIX}${child.replace(/^FORECOURT_/, '')} (and set that one where serve runs), or ask the operator to list ${child} in ${RECORD_ENV_ALLOW_ENV}.`,
          });
      } else walk(child, [...path, key]);
    }
  };
  walk(value, []);
  return problems;
}
