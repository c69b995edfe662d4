/**
 * The record's defaults are the schemas' `default` annotations, and nothing else: this fills
 * them in with ajv's `useDefaults`, at every depth (a location's `staff`, a feature switch inside
 * an absent `features`, whose own `default: {}` is filled first).
 */
import type { ValidateFunction } from 'ajv';
import rfdc from 'rfdc';
import { compiledSchemaCode, type StandaloneValidators } from './compiledSchemaCode.ts';
import { createSchemaAjv, SCHEMAS, schemaId, type SchemaAjv, type SchemaName } from './index.ts';

// rfdc, not structuredClone: a stock feed's rows are plain JSON, and rfdc copies them about 6x faster.
const copyJson = rfdc();

/** Schema documents by file name, as in `SCHEMAS` (tests pass an edited copy). */
export type SchemaSet = Record<SchemaName, object>;

/** Fills defaults of one schema document into a copy of a value that schema accepts. */
export type DefaultsFiller = <T>({ name, value }: { name: SchemaName; value: unknown }) => T;

/** The ajv options of a defaults filler (schema/standaloneSource.ts generates its prebuilt code with them). */
export const DEFAULTS_OPTIONS = { useDefaults: true, validateFormats: false, verbose: false } as const;

/**
 * A defaults filler over `schemas`. It fills, it does not judge: the validate stage reported the
 * record's and the feed's problems already, and a value the schema rejects still gets every
 * default ajv reaches (`allErrors` keeps it walking past a failed keyword). Over this folder's
 * schemas the prebuilt CLI fills with standalone code (schema/compiledSchemaCode.ts).
 */
export function defaultsFiller({ schemas = SCHEMAS }: { schemas?: SchemaSet } = {}): DefaultsFiller {
  let ajv: SchemaAjv | undefined;
  let standalone: StandaloneValidators | undefined;
  const compiled = new Map<SchemaName, ValidateFunction>();
  return <T>({ name, value }: { name: SchemaName; value: unknown }): T => {
    let validate = compiled.get(name);
    if (!validate) {
      standalone ??= (schemas === SCHEMAS ? compiledSchemaCode?.defaults() : undefined) ?? {};
      validate = standalone[name] ?? (ajv ??= createSchemaAjv({ schemas, options: DEFAULTS_OPTIONS })).getSchema(schemaId(name))!;
      compiled.set(name, validate);
    }
    const copy = copyJson(value);
    validate(copy);
    return copy as T;
  };
}

/** The defaults filler over this folder's schemas. */
export const fillDefaults: DefaultsFiller = defaultsFiller();

/** The `default` of one top-level property of a schema document (undefined when it has none). */
export function propertyDefault({ name, property, schemas = SCHEMAS }: { name: SchemaName; property: string; schemas?: SchemaSet }): unknown {
  const properties = (schemas[name] as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
  return structuredClone(properties[property]?.default);
}
