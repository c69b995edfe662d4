/**
 * Reading the import history (its format: domain/importHistory.ts) and giving new cars their ids.
 * The history keeps ids and URLs stable across imports, gives a re-listed car its old id back and
 * lets a car long gone from stock.json keep its redirect.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { emptyHistory, parseHistory, type ImportHistory } from '../domain/importHistory.ts';

/** Reads the history file, or an empty history when there is none; a damaged file is an error (ids must not be reassigned silently). */
export async function readHistory({ file }: { file: string }): Promise<ImportHistory> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyHistory();
    throw new Error(`cannot read ${file}`, { cause: error });
  }
  try {
    return parseHistory(text);
  } catch (error) {
    throw new Error(`${file} is damaged (${(error as Error).message}); restore it from version control: it holds every car's id`, { cause: error });
  }
}

/** SHA-256 of text or bytes, hex. */
export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Ids are nine- and ten-digit integers under 2^31 (any database column takes them). */
const ID_BASE = 100_000_000;
const ID_SPAN = 2_000_000_000;

/**
 * A new car's id: from a hash of its identity, so the same feed gives the same ids even without
 * a history, the next free one on a collision. `taken` is updated.
 */
export function newCarId({ key, taken }: { key: string; taken: Set<number> }): number {
  let id = ID_BASE + (parseInt(sha256(key).slice(0, 12), 16) % ID_SPAN);
  while (taken.has(id)) id = id + 1 >= ID_BASE + ID_SPAN ? ID_BASE : id + 1;
  taken.add(id);
  return id;
}
