/**
 * Where `forecourt leads` reads and erases records: through the running `forecourt serve` that
 * holds the embedded database (its /api/admin/local routes, with the token of its serve.json),
 * or, when none runs or a PostgreSQL URL is given, the database itself.
 */
import { join } from 'node:path';
import { LOCAL_ACCESS_FILE, type LocalAccess, newChallengeNonce, proofMatches, readLocalAccess } from '../server/admin/localAccess.ts';
import { LEADS_COMMAND, LOCAL_ADMIN_PREFIX } from '../server/admin/localAdminApi.ts';
import { type ErasureReport, erasePerson, exportPerson, type PersonExport, type PersonKey } from '../server/admin/personData.ts';
import { recordQueryString } from '../server/admin/recordFilterQuery.ts';
import { type AdminRecord, listRecords, type RecordFilter } from '../server/admin/recordQuery.ts';
import { openLeadDatabase } from '../server/db/openLeadDatabase.ts';

/** What the command does with records, wherever they are. */
export interface RecordSource {
  /** 'serve' when a running server answers, 'database' when the database was opened. */
  readonly via: 'serve' | 'database';
  list(filter: RecordFilter): Promise<AdminRecord[]>;
  exportPerson(request: { slug: string; person: PersonKey; text: string }): Promise<PersonExport>;
  erasePerson(request: { slug: string; person: PersonKey; text: string }): Promise<ErasureReport>;
  close(): Promise<void>;
}

/** Opens the source: the running serve of `stateDir` when there is one (and no database URL), else the database. */
export async function openRecordSource({ databaseUrl, stateDir }: { databaseUrl?: string | null; stateDir: string }): Promise<RecordSource> {
  const access = databaseUrl ? null : await readLocalAccess({ stateDir });
  if (access) {
    await proveServe({ access, stateDir });
    const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      let response: Response;
      try {
        response = await fetch(new URL(`${LOCAL_ADMIN_PREFIX.slice(1)}${path}`, access.url), {
          ...init,
          headers: { authorization: `Bearer ${access.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new Error(`Could not reach the running forecourt serve (process ${access.pid}) at ${access.url}`, { cause: error });
      }
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      if (!response.ok) throw new Error(`forecourt serve answered ${response.status}: ${body?.error ?? 'no reason given'}`);
      if (typeof body !== 'object' || body === null) throw new Error(`forecourt serve at ${access.url} answered ${path.split('?')[0]} without a JSON object`);
      return body as T;
    };
    return {
      via: 'serve',
      list: async ({ slug, ...filter }) => {
        const { records } = await call<{ records?: AdminRecord[] }>(`/records?${recordQueryString(filter)}&slug=${encodeURIComponent(slug)}`);
        if (!Array.isArray(records)) throw new Error(`forecourt serve at ${access.url} answered without a list of records`);
        return records;
      },
      exportPerson: ({ slug, text }) => call(`/person?${new URLSearchParams({ slug, person: text })}`),
      erasePerson: ({ slug, text }) => call('/erase', { method: 'POST', body: JSON.stringify({ slug, person: text }) }),
      close: async () => {},
    };
  }
  const db = await openLeadDatabase({ databaseUrl, stateDir });
  return {
    via: 'database',
    list: (filter) => listRecords({ db, filter }),
    exportPerson: ({ slug, person }) => exportPerson({ db, slug, person }),
    erasePerson: ({ slug, person }) => erasePerson({ db, slug, person, actor: LEADS_COMMAND }),
    close: () => db.close(),
  };
}

/** serve.json names a server that cannot prove it is the serve that wrote it. */
export class StaleServeError extends Error {
  override name = 'StaleServeError';
}

/**
 * Makes the server serve.json names prove it holds the token (./localAccess.ts challenge) before
 * the token is sent anywhere: only a loopback http URL is asked, with a fresh nonce, and anything
 * but the right proof is a StaleServeError saying what to do.
 */
export async function proveServe({ access, stateDir }: { access: LocalAccess; stateDir: string }): Promise<void> {
  const file = join(stateDir, LOCAL_ACCESS_FILE);
  const stale = (reason: string, cause?: unknown) =>
    new StaleServeError(
      `${file} names process ${access.pid} at ${access.url}, but ${reason}, so its access token was not sent. ` +
        `If no forecourt serve of ${stateDir} runs, remove ${file} (it was left by a serve that was killed); otherwise stop that serve and start it again.`,
      { cause },
    );
  let url: URL;
  try {
    url = new URL(`${LOCAL_ADMIN_PREFIX.slice(1)}/challenge`, access.url);
  } catch (error) {
    throw stale('that is not a URL', error);
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) throw stale('that is not a local http address');
  const nonce = newChallengeNonce();
  url.searchParams.set('nonce', nonce);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw stale('nothing answers there', error);
  }
  const answer = (await response.json().catch(() => null)) as { proof?: unknown } | null;
  const proof = response.ok ? answer?.proof : undefined;
  if (!proofMatches({ proof, token: access.token, nonce })) throw stale('what answers there could not prove it is that forecourt serve');
}
