/**
 * The lead API's contract between the server and the browser clients (SPEC §7), written once:
 * how a created lead's id and update token are read from an answer, the header that carries the
 * token back, what counts as an id, and how long a client waits for an answer.
 */

/** The lead's wire shape (schema/lead.schema.json): what the browser sends and the server checks. */
export type { LeadBody } from '../schema/lead.generated.ts';

/**
 * Header carrying a lead's (or valuation's) update token on every later request about it: PUT
 * /leads/{id}, PUT /valuations, POST /reservations. Only whoever created the lead holds it.
 */
export const UPDATE_TOKEN_HEADER = 'Update-Token';

/** How long a form waits for the lead API before it tells the shopper and lets them send again. */
export const LEAD_REQUEST_TIMEOUT_MS = 15_000;

/** What a create answer carries. */
export interface CreatedAnswer {
  /** The new lead's id: `lead_id` first (SPEC §7's shared create-lead step), else `id`; null when neither. */
  id: string | number | null;
  /** The update token of the lead, when the server issued one. */
  token: string | null;
  /** The server's error text, when it sent one. */
  error: string | null;
}

/**
 * Reads a create answer: SPEC §7 says the shared create-lead step reads `lead_id` (and
 * `error`), and POST /api/leads is read for `id`; both are accepted, `lead_id` first.
 */
export function readCreatedAnswer(answer: unknown): CreatedAnswer {
  const record = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const id = [record.lead_id, record.id].find((value) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== ''));
  return {
    id: (id as string | number | undefined) ?? null,
    token: typeof record.update_token === 'string' && record.update_token !== '' ? record.update_token : null,
    error: typeof record.error === 'string' ? record.error : null,
  };
}

/** True for an id of a stored record or a stock car: a positive safe integer. */
export function isEntityId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Largest id of the lead server's own tables (PostgreSQL `serial`). */
export const MAX_ROW_ID = 2_147_483_647;
