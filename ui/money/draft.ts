/**
 * What a shopper typed into a money flow, kept in sessionStorage while the tab lives, so a
 * payment that fails or is abandoned (or a reload) loses nothing (docs/architecture.md "Nothing typed is
 * lost"). Storage may be missing or full: reads fall back to null, failures are warned about.
 */

/** A draft: the values typed, plus whatever the flow needs to resume (lead id, attempt). */
export interface Draft {
  values: Record<string, string | boolean>;
  [extra: string]: unknown;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch (cause) {
    console.warn(new Error('sessionStorage is not available', { cause }));
    return null;
  }
}

/** The storage key of a flow's draft, e.g. draftKey('reserve', 9001). */
export function draftKey(flow: string, id: string | number | null = null): string {
  return `forecourt_draft:${flow}${id != null ? `:${id}` : ''}`;
}

/** The stored draft, or null. */
export function readDraft(key: string): Draft | null {
  const text = (() => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch (cause) {
      console.warn(new Error(`Could not read ${key}`, { cause }));
      return null;
    }
  })();
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Draft;
    return draft && typeof draft === 'object' && draft.values && typeof draft.values === 'object' ? draft : null;
  } catch (cause) {
    console.warn(new Error(`Stored ${key} is not JSON`, { cause }));
    return null;
  }
}

/** Merges `patch` into the stored draft. */
export function writeDraft(key: string, patch: Partial<Draft>): void {
  const next = { values: {}, ...readDraft(key), ...patch };
  try {
    storage()?.setItem(key, JSON.stringify(next));
  } catch (cause) {
    console.warn(new Error(`Could not save ${key}`, { cause }));
  }
}

/** Forgets the draft (the flow completed). */
export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch (cause) {
    console.warn(new Error(`Could not remove ${key}`, { cause }));
  }
}
