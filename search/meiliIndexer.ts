/**
 * Pushes a dealer's stock to Meilisearch for `forecourt index`: index with primary key id,
 * the settings the queries of meiliQuery.ts need, documents in batches (each task awaited),
 * then the documents no longer in stock deleted. Re-running with the same stock changes nothing.
 */
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError, type Task } from 'meilisearch';
import { meiliSettings } from './meiliQuery.ts';

/** The Meilisearch server versions the backend targets: 1.x from this one (multi-search with facetStats, IN filters). */
export const MIN_MEILISEARCH_VERSION = '1.1.0';

/** Is `version` ('1.12.3', '1.13.0-rc.1') a 1.x release at or above MIN_MEILISEARCH_VERSION? */
export function supportedVersion(version: string): boolean {
  const parse = (v: string) => (/^(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number);
  const [major, minor, patch] = parse(version);
  const [minMajor, minMinor, minPatch] = parse(MIN_MEILISEARCH_VERSION);
  if (major === undefined || Number.isNaN(major) || major !== minMajor) return false;
  return minor > minMinor || (minor === minMinor && patch >= minPatch);
}

/** Documents per addDocuments call. */
export const DEFAULT_BATCH_SIZE = 1000;

/** How long one task may take before we give up (ms). */
const TASK_TIMEOUT_MS = 120_000;

/** Progress of a push: documents sent so far out of the total. */
export type IndexProgress = (progress: { done: number; total: number; stage: 'settings' | 'documents' | 'cleanup' }) => void;

/** What a push did. */
export interface PushReport {
  indexUid: string;
  added: number;
  deleted: number;
  batches: number;
  /** The server version (GET /version). */
  version: string;
  /** The limits pushed and read back. */
  maxTotalHits: number;
  maxValuesPerFacet: number;
}

/** A one-line reason for a failed call: unreachable host, rejected key, or the server's message. */
export function describeMeiliError({ error, host }: { error: unknown; host: string }): string {
  if (error instanceof MeilisearchApiError) {
    const status = error.response.status;
    if (status === 401 || status === 403) return `search service ${host} rejected the key (HTTP ${status}${error.cause?.code ? ` ${error.cause.code}` : ''})`;
    return `search service ${host} answered HTTP ${status}: ${error.message}`;
  }
  if (error instanceof MeilisearchRequestError)
    return `search service ${host} is unreachable (${(error.cause as Error | undefined)?.message ?? error.message})`;
  return error instanceof Error ? error.message : String(error);
}

function ensureSucceeded({ task, what }: { task: Task; what: string }): void {
  if (task.status !== 'succeeded') throw new Error(`${what}: task ${task.uid} ${task.status}${task.error ? `: ${task.error.message}` : ''}`);
}

/** Every document id currently in the index (paged). */
async function existingIds({ client, indexUid }: { client: Meilisearch; indexUid: string }): Promise<(string | number)[]> {
  const ids: (string | number)[] = [];
  const limit = 1000;
  for (let offset = 0; ; offset += limit) {
    const page = await client.index(indexUid).getDocuments<{ id: string | number }>({ fields: ['id'], limit, offset });
    ids.push(...page.results.map((d) => d.id));
    if (page.results.length < limit || ids.length >= page.total) return ids;
  }
}

/** Create-or-reuse the index, apply settings, replace documents in batches, delete stale ones. */
export async function pushStock({
  host,
  apiKey,
  indexUid,
  documents,
  batchSize = DEFAULT_BATCH_SIZE,
  onProgress,
}: {
  host: string;
  apiKey: string;
  indexUid: string;
  documents: readonly { id: number }[];
  batchSize?: number;
  onProgress?: IndexProgress;
}): Promise<PushReport> {
  const client = new Meilisearch({ host, apiKey, defaultWaitOptions: { timeout: TASK_TIMEOUT_MS } });
  const { pkgVersion: version } = await client.getVersion();
  if (!supportedVersion(version))
    throw new Error(`search service ${host} runs Meilisearch ${version}; forecourt needs Meilisearch 1.x from ${MIN_MEILISEARCH_VERSION}: upgrade the server`);
  const total = documents.length;
  const created = await client.createIndex(indexUid, { primaryKey: 'id' }).waitTask();
  if (created.status !== 'succeeded' && created.error?.code !== 'index_already_exists') ensureSucceeded({ task: created, what: `create index ${indexUid}` });
  const index = client.index(indexUid);
  onProgress?.({ done: 0, total, stage: 'settings' });
  const settings = meiliSettings({ documents: documents as readonly Record<string, unknown>[] });
  ensureSucceeded({ task: await index.updateSettings(settings).waitTask(), what: `settings of ${indexUid}` });
  // Read back what the server holds: a setting it dropped would cap totals or facets silently.
  const held = await index.getSettings();
  const mismatched = (['filterableAttributes', 'sortableAttributes', 'pagination', 'faceting'] as const).filter(
    (key) => JSON.stringify(sortedValue(held[key])) !== JSON.stringify(sortedValue(settings[key])),
  );
  if (mismatched.length > 0) throw new Error(`settings of ${indexUid}: the server holds different ${mismatched.join(', ')} than were pushed`);

  let batches = 0;
  for (let start = 0; start < total; start += batchSize) {
    const batch = documents.slice(start, start + batchSize);
    // addDocuments replaces whole documents by primary key: a field dropped from a car is dropped here too.
    ensureSucceeded({
      task: await index.addDocuments(batch as Record<string, unknown>[], { primaryKey: 'id' }).waitTask(),
      what: `documents ${start + 1}-${start + batch.length} of ${indexUid}`,
    });
    batches++;
    onProgress?.({ done: start + batch.length, total, stage: 'documents' });
  }

  onProgress?.({ done: total, total, stage: 'cleanup' });
  const keep = new Set(documents.map((d) => String(d.id)));
  const stale = (await existingIds({ client, indexUid })).filter((id) => !keep.has(String(id)));
  if (stale.length > 0)
    ensureSucceeded({ task: await index.deleteDocuments(stale as string[]).waitTask(), what: `delete ${stale.length} sold or removed cars from ${indexUid}` });
  return {
    indexUid,
    added: total,
    deleted: stale.length,
    batches,
    version,
    maxTotalHits: settings.pagination.maxTotalHits,
    maxValuesPerFacet: settings.faceting.maxValuesPerFacet,
  };
}

/** A setting compared by meaning: lists as sets, objects by the keys pushed. */
function sortedValue(value: unknown): unknown {
  if (Array.isArray(value)) return [...value].map(String).sort();
  if (value && typeof value === 'object') {
    const own = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(own)
        .sort()
        .filter((k) => k !== 'sortFacetValuesBy')
        .map((k) => [k, own[k]]),
    );
  }
  return value;
}

/** What a key may do, read from the server with the admin key (GET /keys/{key}). */
export interface KeyRights {
  /** The key is not known to the server. */
  unknown: boolean;
  /** Actions beyond search ('*', 'documents.add' ...). */
  writeActions: string[];
  /** Indexes the key reaches ('*' for all). */
  indexes: string[];
}

/** Actions a key embedded in public pages may have. */
const READ_ONLY_ACTIONS = new Set(['search']);

/** The rights of `key` (the record's public search key), asked with the admin key. */
export async function keyRights({ host, adminKey, key }: { host: string; adminKey: string; key: string }): Promise<KeyRights> {
  const client = new Meilisearch({ host, apiKey: adminKey });
  try {
    const found = await client.getKey(key);
    return { unknown: false, writeActions: found.actions.filter((a) => !READ_ONLY_ACTIONS.has(a)), indexes: found.indexes };
  } catch (error) {
    if (error instanceof MeilisearchApiError && error.response.status === 404) return { unknown: true, writeActions: [], indexes: [] };
    throw error;
  }
}
