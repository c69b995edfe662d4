import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { isSafeUrl } from '../domain/safeUrl.ts';
import type { CompiledSchemaCode } from './compiledSchemaCode.ts';
import { DEFAULTS_OPTIONS } from './defaults.ts';
import { createSchemaAjv, schemaId, schemaValidators, standaloneFormats, type SchemaName } from './index.ts';
import { STANDALONE_SCHEMAS, standaloneSchemaModule } from './standaloneSource.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** Inside the repository, so the module's `require('ajv/dist/runtime/...')` finds node_modules as dist/ does. */
const MODULE_DIR = join(ROOT, '.tmp', `standalone-${process.pid}`);
const FORMATS = { 'safe-url': isSafeUrl };

/** Every file named `name` under `dir`. */
function filesNamed({ dir, name }: { dir: string; name: RegExp }): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every fixture and sample record, and every row of every fixture and sample feed, with a broken copy of each row. */
function inputs(): { name: SchemaName; label: string; value: unknown }[] {
  const found: { name: SchemaName; label: string; value: unknown }[] = [];
  for (const dir of ['fixtures', 'dealers'].map((d) => join(ROOT, d))) {
    for (const file of filesNamed({ dir, name: /^dealer\.yaml$/ })) {
      let value: unknown;
      try {
        value = parseYaml(readFileSync(file, 'utf8'), { merge: true });
      } catch {
        continue; // a fixture that is not YAML at all (the validate stage never reaches ajv with it)
      }
      found.push({ name: 'dealerRecord.schema.json', label: relative(ROOT, file), value });
    }
    for (const file of filesNamed({ dir, name: /^stock.*\.json$/ })) {
      let rows: unknown;
      try {
        rows = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      if (!Array.isArray(rows)) continue;
      rows.forEach((row: unknown, i) => {
        found.push({ name: 'car.schema.json', label: `${relative(ROOT, file)}/${i}`, value: row });
        if (row && typeof row === 'object')
          found.push({
            name: 'car.schema.json',
            label: `${relative(ROOT, file)}/${i} broken`,
            value: { ...row, price: 'call us', km: -1, created_at: '31/12/2025', status: 'reserved', photo_url: 'javascript:alert(1)', colur: 'red' },
          });
      });
    }
  }
  return found;
}

let compiled: CompiledSchemaCode;
const all = inputs();

beforeAll(async () => {
  mkdirSync(MODULE_DIR, { recursive: true });
  const file = join(MODULE_DIR, 'compiledSchemaCode.mjs');
  writeFileSync(file, standaloneSchemaModule());
  compiled = ((await import(pathToFileURL(file).href)) as { compiledSchemaCode: CompiledSchemaCode }).compiledSchemaCode;
});
afterAll(() => rmSync(MODULE_DIR, { recursive: true, force: true }));

describe('standalone validators (the prebuilt CLI) against ajv compiling at run time', () => {
  it('give the same answer and the same errors for every fixture record and feed row', () => {
    const runtime = schemaValidators({ formats: FORMATS });
    const standalone = compiled.validators(standaloneFormats({ formats: FORMATS }));
    expect(all.filter((i) => i.name === 'dealerRecord.schema.json').length).toBeGreaterThan(20);
    let failed = 0;
    for (const { name, label, value } of all) {
      const [a, b] = [runtime.validatorFor(name), standalone[name]!];
      const valid = a(value);
      expect(b(value), label).toBe(valid);
      if (!valid) failed++;
      expect(JSON.stringify(b.errors ?? null), label).toBe(JSON.stringify(a.errors ?? null));
    }
    // The error paths were exercised, not only the happy ones.
    expect(failed).toBeGreaterThan(all.length / 3);
  });

  it('fill the same defaults', () => {
    const ajv = createSchemaAjv({ options: DEFAULTS_OPTIONS });
    const defaults = compiled.defaults();
    for (const { name, label, value } of all) {
      if (label.endsWith(' broken')) continue;
      const [a, b] = [structuredClone(value), structuredClone(value)];
      ajv.getSchema(schemaId(name))!(a);
      defaults[name]!(b);
      expect(JSON.stringify(b), label).toBe(JSON.stringify(a));
    }
  });

  it('cover the schemas the build validates with', () => {
    expect(Object.keys(compiled.validators(standaloneFormats({ formats: FORMATS })))).toEqual(STANDALONE_SCHEMAS);
    expect(Object.keys(compiled.defaults())).toEqual(STANDALONE_SCHEMAS);
  });
});
