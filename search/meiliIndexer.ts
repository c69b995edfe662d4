/**
 * Pushes a dealer's stock to Meilisearch for `forecourt index`: index with primary key id,
 * the settings the queries of meiliQuery.ts need, documents in batches (each task awaited),
 * then the documents no longer in stock deleted. Re-running with the same stock changes nothing.
 */
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError, type Task } from 'meilisearch';
import { meiliSettings } from './meiliQuery.ts';

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
  const total = documents.length;
  const created = await client.createIndex(indexUid, { primaryKey: 'id' }).waitTask();
  if (created.status !== 'succeeded' && created.error?.code !== 'index_already_exists') ensureSucceeded({ task: created, what: `create index ${indexUid}` });
  const index = client.index(indexUid);
  onProgress?.({ done: 0, total, stage: 'settings' });
  ensureSucceeded({ task: await index.updateSettings(meiliSettings()).waitTask(), what: `settings of ${indexUid}` });

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
  return { indexUid, added: total, deleted: stale.length, batches };
}
