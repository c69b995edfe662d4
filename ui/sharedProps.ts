/**
 * Island props that many islands of one page carry alike (the dealer's form settings and a car page's
 * form car, in each of the seven lead forms of a car page) are written once per page instead of once per island: the
 * value goes in `<script type="application/json" data-island-shared="KEY">` before the runtime
 * script (ui/document.ts), and each island's props hold `{"$shared":"KEY"}` in its place, which
 * runtime/hydrate.ts swaps back before hydrating (it spells the format out itself, so the
 * browser's first-load JS carries none of this module; ui/sharedProps.test.ts holds the two to
 * the same format). KEY is made from the value's JSON, so a page renders the same bytes in any
 * build, and one key never names two values.
 */
import { deepFreeze, toInlineJson } from './safeJson.ts';

/** Where a shared value keeps its key (not enumerable: JSON and React never see it). */
const KEY = Symbol.for('forecourt.islandShared');

/** The attribute of a shared value's script (runtime/hydrate.ts reads it). */
const SHARED_ATTRIBUTE = 'data-island-shared';

/** How a reference starts in island props JSON (runtime/hydrate.ts resolves it). */
const REFERENCE = '{"$shared":"';

/**
 * Each shared value's inline JSON by key, the most recently made or written last. Keyed by
 * content, an entry cannot go stale; a car page's form car is one value per car, so the map keeps
 * only the {@link KEPT} latest (a page writes its values right after making them, and a value
 * every page refers to, such as a site's form settings, is refreshed on each page that writes it).
 */
const jsonByKey = new Map<string, string>();

/** Shared values kept: far more than one page makes, a few hundred kilobytes at most. */
const KEPT = 2048;

/** Keeps `json` under `key` as the most recent entry, and forgets the oldest past {@link KEPT}. */
function remember(key: string, json: string): void {
  jsonByKey.delete(key);
  jsonByKey.set(key, json);
  if (jsonByKey.size > KEPT) jsonByKey.delete(jsonByKey.keys().next().value!);
}

/** cyrb53: a 53-bit string hash that runs in the browser bundle too (no node:crypto). */
function cyrb53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * `value` (plain data an island takes as a prop) as written once per page: a frozen copy read back
 * from its JSON, so the server renders with exactly what the browser will parse, and no island can
 * change what every other island of every page holds.
 */
export function shareAcrossIslands<T extends object>(value: T): T {
  const json = toInlineJson(value);
  const key = `s${cyrb53(json)}`;
  const known = jsonByKey.get(key);
  if (known !== undefined && known !== json) throw new Error(`two shared island values hash to ${key}`);
  remember(key, json);
  const copy = JSON.parse(json) as T;
  Object.defineProperty(copy, KEY, { value: key });
  return deepFreeze(copy);
}

/** `value` with each shared value at most `depth` levels down replaced by its reference (copies only what changes). */
function withReferences(value: object, depth: number): object {
  const key = (value as { [KEY]?: string })[KEY];
  if (key) return { $shared: key };
  if (depth === 0 || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | null = null;
  // for...in, not Object.entries: this runs for every island of every page.
  for (const name in value) {
    const item = (value as Record<string, unknown>)[name];
    if (!item || typeof item !== 'object') continue;
    const replaced = withReferences(item, depth - 1);
    if (replaced !== item) (copy ??= { ...value })[name] = replaced;
  }
  return copy ?? value;
}

/**
 * An island's props as inline JSON (ui/safeJson.ts), shared values replaced by references. Shared
 * values sit at most three levels down (a form island's `site`, a form button's `form.site`, the
 * chat button's `fallback.form.site`); one deeper is written whole, which is only longer.
 */
export function islandPropsJson(props: object): string {
  return toInlineJson(withReferences(props, 3));
}

/** The keys of the shared values `html` refers to, each once, in the order first referred to. */
export function sharedReferences(html: string): string[] {
  const keys = new Set<string>();
  for (let at = html.indexOf(REFERENCE); at >= 0; at = html.indexOf(REFERENCE, at + REFERENCE.length)) {
    const start = at + REFERENCE.length;
    keys.add(html.slice(start, html.indexOf('"', start)));
  }
  return [...keys];
}

/** The scripts of the shared values `keys` name (sharedReferences), in that order. */
export function sharedScriptsOf(keys: Iterable<string>): string {
  let scripts = '';
  for (const key of keys) {
    const json = jsonByKey.get(key);
    if (json === undefined) throw new Error(`island props refer to the shared value ${key}, which this build did not make`);
    remember(key, json);
    scripts += `<script type="application/json" ${SHARED_ATTRIBUTE}="${key}">${json}</script>`;
  }
  return scripts;
}

/** The scripts of the shared values `html` refers to, each once, in the order first referred to. */
export function sharedScripts(html: string): string {
  return sharedScriptsOf(sharedReferences(html));
}
