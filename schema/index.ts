/**
 * The schemas of this folder (the record's, and the lead contract the browser client, the lead
 * server and delivery share), and validators compiled from them once per process (ajv
 * compilation is the slow part), shared by `validate`, the lead server and tests.
 *
 * Ajv runs with `allErrors` (every problem reported in one run), `strict` (a typo in a schema is a
 * crash here, not a silently ignored keyword) and `verbose` (errors carry their parent schema, so
 * the renderer can read the `x-message` / `x-hint` annotations that turn a regex into words).
 *
 * schema/ imports nothing of ours: the rule behind `format: safe-url` lives in domain/ and the
 * caller hands it in (`schemaValidators({ formats })`).
 */
import { createRequire } from 'node:module';
import type Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { compiledSchemaCode } from './compiledSchemaCode.ts';
import type { Car, DealerRecord } from './record.generated.ts';
import common from './common.schema.json' with { type: 'json' };
import openingHour from './openingHour.schema.json' with { type: 'json' };
import specialHours from './specialHours.schema.json' with { type: 'json' };
import reviewSet from './reviewSet.schema.json' with { type: 'json' };
import location from './location.schema.json' with { type: 'json' };
import navigationItem from './navigationItem.schema.json' with { type: 'json' };
import model from './model.schema.json' with { type: 'json' };
import car from './car.schema.json' with { type: 'json' };
import stockFeed from './stockFeed.schema.json' with { type: 'json' };
import siteConfig from './siteConfig.schema.json' with { type: 'json' };
import dealerRecord from './dealerRecord.schema.json' with { type: 'json' };
import lead from './lead.schema.json' with { type: 'json' };

// ajv's compiler is loaded on first compile only: the prebuilt CLI validates with the standalone
// code generated at build time (./compiledSchemaCode.ts) and never needs it (it costs ~80 ms to load).
const require = createRequire(import.meta.url);
const loadAjv = (): { Ajv2020: typeof Ajv2020Module; addFormats: typeof addFormatsModule } => ({
  Ajv2020: (require('ajv/dist/2020.js') as { default: typeof Ajv2020Module }).default,
  addFormats: (require('ajv-formats') as { default: typeof addFormatsModule }).default,
});

/** Every schema document, by file name; `$ref`s between them use these names. */
export const SCHEMAS = {
  'common.schema.json': common,
  'openingHour.schema.json': openingHour,
  'specialHours.schema.json': specialHours,
  'reviewSet.schema.json': reviewSet,
  'location.schema.json': location,
  'navigationItem.schema.json': navigationItem,
  'model.schema.json': model,
  'car.schema.json': car,
  'stockFeed.schema.json': stockFeed,
  'siteConfig.schema.json': siteConfig,
  'dealerRecord.schema.json': dealerRecord,
  'lead.schema.json': lead,
} as const;

/** Name of one schema document in this folder. */
export type SchemaName = keyof typeof SCHEMAS;

/** Annotation keywords: plain-words message and hint for a failing `pattern`/`format`. */
export const MESSAGE_KEYWORD = 'x-message';
/** See MESSAGE_KEYWORD. */
export const HINT_KEYWORD = 'x-hint';

/** True for an ISO 8601 date or date-time string that parses to a real instant. */
function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** The formats ajv-formats does not have: `iso-date`, and the caller's (whose rules live outside schema/). */
function ownFormats(formats: Record<string, (value: string) => boolean>): Record<string, { type: 'string'; validate: (value: string) => boolean }> {
  const own: Record<string, { type: 'string'; validate: (value: string) => boolean }> = { 'iso-date': { type: 'string', validate: isIsoDate } };
  for (const [name, validate] of Object.entries(formats)) own[name] = { type: 'string', validate };
  return own;
}

/** An ajv instance of the 2020-12 dialect. */
export type SchemaAjv = InstanceType<typeof Ajv2020Module>;

/**
 * A new ajv instance with every schema of this folder (or an edited copy, `schemas`) registered, the standard formats, `iso-date`
 * and the `x-message`/`x-hint` annotations. `formats` adds the formats whose rule lives outside
 * schema/; `options` are ajv's (e.g. `useDefaults`, `validateFormats: false`).
 */
export function createSchemaAjv({
  schemas = SCHEMAS,
  formats = {},
  options = {},
}: {
  schemas?: Record<SchemaName, object>;
  formats?: Record<string, (value: string) => boolean>;
  options?: ConstructorParameters<typeof Ajv2020Module>[0];
} = {}): SchemaAjv {
  const { Ajv2020, addFormats } = loadAjv();
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true, ...options });
  addFormats(ajv);
  for (const [name, definition] of Object.entries(ownFormats(formats))) ajv.addFormat(name, definition);
  ajv.addVocabulary([MESSAGE_KEYWORD, HINT_KEYWORD]);
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  return ajv;
}

/** The `$id` of one schema document. */
export const schemaId = (name: SchemaName): string => (SCHEMAS[name] as { $id: string }).$id;

/** The formats the schemas use whose rules live outside schema/ (the caller supplies them). */
export interface CustomFormats {
  /** common.schema.json `safeUrl`: http(s), tel, mailto or a site-relative path (domain/safeUrl.ts isSafeUrl). */
  'safe-url': (value: string) => boolean;
}

/** Validators of the record schemas, each compiled on first use and then kept. */
export interface SchemaValidators {
  /** The ajv instance with every schema registered. */
  ajv: SchemaAjv;
  /** The compiled validator of one schema document. */
  validatorFor<T = unknown>(name: SchemaName): ValidateFunction<T>;
  /** A whole dealer record (dealers/<slug>/dealer.yaml). */
  dealerRecord(): ValidateFunction<DealerRecord>;
  /** One stock-feed row (a car). */
  car(): ValidateFunction<Car>;
}

/**
 * The formats the standalone validators call, by name, as createSchemaAjv adds them (ajv-formats'
 * full set, then ours): the generated code reads `formats[name]` where ajv would read its own.
 */
export function standaloneFormats({ formats }: { formats: Record<string, (value: string) => boolean> }): Record<string, unknown> {
  return { ...fullFormats, ...ownFormats(formats) };
}

/**
 * Validators of every record schema, checking the custom `formats` with the caller's rules. In the
 * prebuilt CLI the record and car validators are ajv standalone code generated at build time from
 * these schemas with these options (schema/standaloneSource.ts); elsewhere, and for any other
 * schema, ajv compiles them on first use.
 */
export function schemaValidators({ formats }: { formats: CustomFormats }): SchemaValidators {
  let ajv: SchemaAjv | undefined;
  let standalone: Partial<Record<SchemaName, ValidateFunction>> | undefined;
  const compiled = new Map<SchemaName, ValidateFunction>();
  const validatorFor = <T = unknown>(name: SchemaName): ValidateFunction<T> => {
    let validate = compiled.get(name);
    if (!validate) {
      standalone ??= compiledSchemaCode?.validators(standaloneFormats({ formats: { ...formats } })) ?? {};
      validate = standalone[name] ?? (ajv ??= createSchemaAjv({ formats: { ...formats } })).getSchema(schemaId(name));
      if (!validate) throw new Error(`schema ${name} (${schemaId(name)}) is not registered`);
      compiled.set(name, validate);
    }
    return validate as ValidateFunction<T>;
  };
  return {
    get ajv() {
      return (ajv ??= createSchemaAjv({ formats: { ...formats } }));
    },
    validatorFor,
    dealerRecord: () => validatorFor<DealerRecord>('dealerRecord.schema.json'),
    car: () => validatorFor<Car>('car.schema.json'),
  };
}
