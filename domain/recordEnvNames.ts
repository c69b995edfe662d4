/**
 * Which environment variables a record may name (`*_env` fields of lead_delivery). Records are
 * written by dealer staff and agencies, the environment belongs to the operator: a record naming
 * FORECOURT_ADMIN_PASSWORD as a webhook's secret_env would sign every delivery with the inbox
 * password. So a record may name only variables with the secret prefix, or ones the operator
 * lists in FORECOURT_RECORD_ENV_ALLOW. Checked by `validate` and again when sending.
 */

/** The prefix of the variables a record may always name. */
export const RECORD_SECRET_PREFIX = 'FORECOURT_SECRET_';

/** The variable the operator lists further names a record may use in (comma or space separated). */
export const RECORD_ENV_ALLOW_ENV = 'FORECOURT_RECORD_ENV_ALLOW';

/** Why a record may not name the variable `name`, or undefined when it may. */
export function envNameRefusal({ name, env }: { name: string; env: Readonly<Record<string, string | undefined>> }): string | undefined {
  if (name.startsWith(RECORD_SECRET_PREFIX) && name.length > RECORD_SECRET_PREFIX.length) return undefined;
  const listed = (env[RECORD_ENV_ALLOW_ENV] ?? '').split(/[\s,]+/).filter(Boolean);
  if (listed.includes(name)) return undefined;
  return `names the variable ${name}, which a record may not read: only variables starting with ${RECORD_SECRET_PREFIX} or listed by the operator in ${RECORD_ENV_ALLOW_ENV}`;
}
