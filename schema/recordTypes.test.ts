import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadTemplates } from '../renderer/loadDealer.ts';
import { resolve } from '../renderer/resolve.ts';
import type { DealerRecord } from '../domain/site.ts';
import { defaultsFiller, type SchemaSet } from './defaults.ts';
import { SCHEMAS } from './index.ts';
import { MINIMAL_RECORD } from '../fixtures/sites/minimal.ts';
import { combinedSchema, GENERATED_FILES, schemaTypes, type TypesView } from './recordTypes.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const VIEWS = Object.keys(GENERATED_FILES) as TypesView[];

/** Type-checks `probe` (a module beside the two generated files) and returns the compiler's messages. */
function typeErrors({ files, probe }: { files: Record<'record' | 'resolved', string>; probe: string }): string[] {
  const dir = '/virtual/schema';
  const sources = new Map([
    [`${dir}/record.generated.ts`, files.record],
    [`${dir}/resolved.generated.ts`, files.resolved],
    [`${dir}/probe.ts`, probe],
  ]);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile: read } = host;
  host.fileExists = (file) => sources.has(file) || fileExists(file);
  host.directoryExists = (directory) => dir.startsWith(directory) || ts.sys.directoryExists(directory);
  host.readFile = (file) => sources.get(file) ?? read(file);
  host.getSourceFile = (file, language, ...rest) =>
    sources.has(file) ? ts.createSourceFile(file, sources.get(file)!, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram([`${dir}/probe.ts`], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('generated record types', () => {
  it.each(VIEWS)('%s view: the committed file is what the schemas generate (else run npm run schema:types)', async (view) => {
    const committed = await readFile(path.join(REPO, GENERATED_FILES[view]), 'utf8');
    expect(committed).toBe(await schemaTypes({ schemas: SCHEMAS, view }));
  });

  it('names a type after its schema file or $defs entry and refuses two with one name', () => {
    const $defs = (combinedSchema({ schemas: SCHEMAS, view: 'record' }) as { $defs: object }).$defs;
    expect(Object.keys($defs)).toEqual(expect.arrayContaining(['DealerRecord', 'Car', 'Location', 'Features', 'Address', 'Review', 'Dealership']));
    const clash = structuredClone(SCHEMAS) as unknown as Record<string, { $defs?: Record<string, object> }>;
    clash['car.schema.json'].$defs = { address: { type: 'object' } };
    expect(() => combinedSchema({ schemas: clash as unknown as SchemaSet, view: 'record' })).toThrow(/both be the type Address/);
  });
});

describe('a field added to the schema with a default, and nothing else edited', () => {
  // The edit a new switch or list makes: one property, with its default, in the schema file.
  const schemas = structuredClone(SCHEMAS) as unknown as SchemaSet;
  const dealer = schemas['dealerRecord.schema.json'] as unknown as {
    properties: Record<string, object>;
    $defs: { features: { properties: Record<string, object> } };
  };
  dealer.$defs.features.properties.probe_switch = { type: 'boolean', default: true, description: 'A new switch. Default true.' };
  dealer.properties.probe_list = { type: 'array', items: { type: 'string' }, default: ['a', 'b'] };

  /** Uses both new fields: compiles only when they are optional as written and required once resolved. */
  const probe = `
    import type * as Written from './record.generated.ts';
    import type * as Resolved from './resolved.generated.ts';
    export const written: Pick<Written.Features, 'probe_switch'> & Pick<Written.DealerRecord, 'probe_list'> = {};
    // @ts-expect-error the resolved record always has them
    export const resolvedEmpty: Pick<Resolved.Features, 'probe_switch'> & Pick<Resolved.DealerRecord, 'probe_list'> = {};
    export const resolved: Pick<Resolved.Features, 'probe_switch'> & Pick<Resolved.DealerRecord, 'probe_list'> = { probe_switch: true, probe_list: [] };
  `;

  it('appears in the generated types: optional in the record, required in the resolved record', async () => {
    const files = { record: await schemaTypes({ schemas, view: 'record' }), resolved: await schemaTypes({ schemas, view: 'resolved' }) };
    expect(files.resolved).toMatch(/export interface Features \{[^}]*\n {2}probe_switch: boolean;/);
    expect(typeErrors({ files, probe })).toEqual([]);
    // The same probe against the types of the unedited schemas does not compile.
    const before = { record: await schemaTypes({ schemas: SCHEMAS, view: 'record' }), resolved: await schemaTypes({ schemas: SCHEMAS, view: 'resolved' }) };
    expect(typeErrors({ files: before, probe }).join('\n')).toMatch(/probe_switch/);
  });

  it('is in every resolved site with its default, and a record or template may set it', async () => {
    const templates = await loadTemplates();
    const fillDefaults = defaultsFiller({ schemas });
    const now = new Date('2025-06-05T10:00:00Z');
    for (const template of Object.keys(templates.templates)) {
      const site = resolve({ record: { ...MINIMAL_RECORD, template }, templates, now, fillDefaults }) as unknown as Record<string, Record<string, unknown>>;
      expect(site.features.probe_switch, template).toBe(true);
      expect(site.probe_list, template).toEqual(['a', 'b']);
    }
    const written = { ...MINIMAL_RECORD, features: { probe_switch: false } } as DealerRecord;
    const site = resolve({ record: written, templates, now, fillDefaults }) as unknown as Record<string, Record<string, unknown>>;
    expect(site.features).toMatchObject({ probe_switch: false, banner: true });
  });
});
