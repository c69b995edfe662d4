/**
 * Where `forecourt leads` reads and erases records: through the running `forecourt serve` that
 * holds the embedded database (its /api/admin/local routes, with the token of its serve.json),
 * or, when none runs or a PostgreSQL URL is given, the database itself.
 */
import { readLocalAccess } from '../server/admin/localAccess.ts';
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
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok) throw new Error(`forecourt serve answered ${response.status}: ${body.error ?? 'no reason given'}`);
      return body as T;
    };
    return {
      via: 'serve',
      list: async ({ slug, ...filter }) =>
        (await call<{ records: AdminRecord[] }>(`/records?${recordQueryString(filter)}&slug=${encodeURIComponent(slug)}`)).records,
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
