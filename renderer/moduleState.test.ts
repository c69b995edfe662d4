/**
 * No build state at module level in renderer/, ui/, domain/ or search/: every cache a build keeps lives in
 * its BuildSession (renderer/buildSession.ts), which `forecourt dev` renews when templates/ change.
 * A module-level `let` or `var`, or a Map/Set/WeakMap/WeakSet filled at run time (an empty or weak
 * one not typed read-only; a Map or Set made from a list is a lookup table), is refused here
 * unless it is on the allow-list below with the reason it cannot go stale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const DIRS = ['renderer', 'ui', 'domain', 'search'];

/** `file:name` -> why it may stay at module level. */
const ALLOWED: Record<string, string> = {
  // Browser-only lazy loaders of code-split islands: each holds the promise of one dynamic import()
  // in the shopper's browser, where a page lives for one visit; the server never runs them.
  'ui/search/SearchView.tsx:chipsLoading': 'browser-only lazy import of the selection chips chunk',
  'ui/search/SearchAppClient.tsx:cards': 'browser-only lazy import of the result cards chunk',
  'ui/search/SearchAppClient.tsx:loaded': 'browser-only: the result cards component once its chunk loaded',
  'ui/islands/LeadFormButton.tsx:loading': 'browser-only lazy import of the lead form dialog chunk',
  'ui/islands/consentStart.ts:tagsStarted': 'browser-only: whether the measurement tags of this page visit started',
  'ui/islands/measurementTags.ts:loaded': 'browser-only: the tags added to each window (WeakMap)',
  'ui/islands/ascDataLayer.ts:installed': 'browser-only: the data layers already translated (WeakSet)',
  'ui/islands/savedCards.ts:cards': "browser-only: the saved cars' cards, fetched once per page visit",
  'ui/islands/CompareStripClient.tsx:loading': 'browser-only lazy import of the compare strip chunk',
  'ui/search/loadEngine.ts:engines': 'browser-only: the search engine of each index URL, loaded once per page visit',
  // Memos keyed weakly by an object a build makes and nothing changes after, each value a pure
  // function of its key: an entry lives as long as that object, and a later build (other inputs)
  // makes new objects, so it can never be handed another build's value.
  'ui/forms/formSite.ts:formSites':
    "keyed by the build's Site (WeakMap), which renderer/resolve.ts makes new for every build and deep-freezes; the slice is made from that Site alone",
  'ui/renderShell.tsx:MASKED_SHELLS':
    'keyed by the shell object renderShell returns (WeakMap), stored in the same call as the variant maker, which closes over the same site and routes',
  'ui/pages/parts/scopeCars.ts:inScopeOf':
    "keyed by the build's searchRanked list (WeakMap), which renderer/siteData.ts makes new for every build and nothing changes after; a scope's entries are a function of that list and the scope",
  'ui/safeJson.ts:frozenJson': 'keyed by deep-frozen values (WeakMap): a frozen value cannot change, and its inline JSON is a pure function of it',
  // Keyed by content: a key names one value's JSON for ever, so no edit can make an entry wrong.
  'ui/sharedProps.ts:jsonByKey': 'keyed by a hash of the JSON it holds (a clash throws): one key, one text, whatever the build',
  // A test helper (imported by the incremental test files only): the bundle, renderers, session and
  // work folder one test file's builds share, set in its beforeAll.
  ...Object.fromEntries(
    ['bundle', 'renderers', 'session', 'work', 'base', 'runId'].map((name) => [`renderer/incrementalScenario.ts:${name}`, "a test file's shared builds"]),
  ),
  // Pure functions of their keys, which no record, feed or template changes (Intl's answers).
  'domain/price.ts:formats': 'Intl.NumberFormat per locale and currency pair, and the text it wrote per amount (at most 20,000 amounts a pair)',
  'domain/feedValues.ts:patterns': "the parsed form of each feed date format string (the record's few formats)",
  'domain/feedValues.ts:zoneFormats': 'Intl.DateTimeFormat per time zone name',
  'domain/feedValues.ts:offsets': "a time zone's UTC offset per quarter hour (Intl's answer)",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const READ_ONLY_TYPES = /^(ReadonlyMap|ReadonlySet)\b/;

/** Module-level state of one file: `file:name — what`. */
function moduleState({ file, text = readFileSync(file, 'utf8') }: { file: string; text?: string }): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const constant = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(source);
      const init = declaration.initializer;
      if (!constant) found.push(`${file}:${name} — module-level let/var`);
      else if (init && ts.isNewExpression(init) && COLLECTIONS.has(init.expression.getText(source))) {
        const kind = init.expression.getText(source);
        const type = declaration.type?.getText(source) ?? '';
        // A Map or Set made from a list is a lookup table; an empty one (or any weak one) is a cache to be filled.
        const table = (kind === 'Map' || kind === 'Set') && (init.arguments?.length ?? 0) > 0;
        if (!table && !READ_ONLY_TYPES.test(type)) found.push(`${file}:${name} — module-level ${kind} filled at run time`);
      }
    }
  }
  return found;
}

describe('module-level state', () => {
  const found = DIRS.flatMap(sources).flatMap((file) => moduleState({ file }));

  it('renderer/, ui/, domain/ and search/ keep no build state at module level (a BuildSession owns it)', () => {
    const refused = found.filter((line) => !(line.split(' — ')[0] in ALLOWED));
    expect(refused, 'move it into renderer/buildSession.ts, make it a ReadonlySet/ReadonlyMap constant, or allow it with a reason').toEqual([]);
  });

  it('the allow-list names only state that still exists', () => {
    const present = new Set(found.map((line) => line.split(' — ')[0]));
    expect(Object.keys(ALLOWED).filter((key) => !present.has(key))).toEqual([]);
  });

  it('refuses a module-level let and a cache, and accepts lookup tables and state inside functions', () => {
    const probe = (text: string) => moduleState({ file: 'probe.ts', text }).length;
    expect(probe('let cache;')).toBe(1);
    expect(probe('const cache = new Map<string, string>();')).toBe(1);
    expect(probe('export const seen = new WeakMap<object, string>();')).toBe(1);
    expect(probe("const KINDS: ReadonlySet<string> = new Set(['car']);")).toBe(0);
    expect(probe("const KINDS = new Set(['car']);")).toBe(0);
    expect(probe('function f() { let n = 0; const m = new Map(); return [n, m]; }')).toBe(0);
  });
});
