/**
 * The schemas' validators as ajv standalone code, generated when the CLI is built: scripts/buildCli.mjs
 * puts the module schema/standaloneSource.ts writes in place of this file, so the prebuilt CLI never
 * compiles a schema (ajv's compile of the record and car schemas cost ~0.7 s of every start). The
 * code is made in the same build as the rest of dist/, from the schemas it bundles, and rebuilt with
 * it when any of them changes: it cannot be older than the schemas.
 *
 * Run from source (tests, tsx) this is null, and ajv compiles at run time (schema/index.ts);
 * schema/standaloneSource.test.ts holds the two to the same answers, errors included.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { SchemaName } from './index.ts';

/** Validators by schema name (only the schemas the build validates with are generated). */
export type StandaloneValidators = Partial<Record<SchemaName, ValidateFunction>>;

/** What the generated module exports. */
export interface CompiledSchemaCode {
  /** The record validators (schema/index.ts schemaValidators), calling `formats` (schema/index.ts standaloneFormats) for formats. */
  validators(formats: Record<string, unknown>): StandaloneValidators;
  /** The defaults fillers' validators (schema/defaults.ts: ajv's useDefaults fills the value it checks). */
  defaults(): StandaloneValidators;
}

/** null here; the generated validators in the prebuilt CLI. */
export const compiledSchemaCode: CompiledSchemaCode | null = null;
