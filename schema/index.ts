/**
 * Compiled validators for the record schemas in this folder. Compiled once per process (ajv
 * compilation is the slow part) and shared by `validate`, the lead server and tests.
 *
 * Ajv runs with `allErrors` (every problem reported in one run), `strict` (a typo in a schema is a
 * crash here, not a silently ignored keyword) and `verbose` (errors carry their parent schema, so
 * the renderer can read the `x-message` / `x-hint` annotations that turn a regex into words).
 */
import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { DealerRecord } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import { isSafeUrl } from '../domain/safeUrl.ts';
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

// ajv and ajv-formats are CommonJS with a `default` property; under Node ESM the namespace default is the module object.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

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

let ajvInstance: InstanceType<typeof Ajv2020Module> | undefined;

/** The shared ajv instance with every schema registered (created on first use). */
export function schemaAjv(): InstanceType<typeof Ajv2020Module> {
  if (ajvInstance) return ajvInstance;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  ajv.addFormat('safe-url', { type: 'string', validate: isSafeUrl });
  ajv.addFormat('iso-date', { type: 'string', validate: isIsoDate });
  ajv.addVocabulary([MESSAGE_KEYWORD, HINT_KEYWORD]);
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);
  ajvInstance = ajv;
  return ajv;
}

const compiled = new Map<SchemaName, ValidateFunction>();

/** The compiled validator of one schema document (compiled once, then cached). */
export function validatorFor<T = unknown>(name: SchemaName): ValidateFunction<T> {
  let validate = compiled.get(name);
  if (!validate) {
    const ajv = schemaAjv();
    const id = (SCHEMAS[name] as { $id: string }).$id;
    validate = ajv.getSchema(id);
    if (!validate) throw new Error(`schema ${name} (${id}) is not registered`);
    compiled.set(name, validate);
  }
  return validate as ValidateFunction<T>;
}

/** Validator of a whole dealer record (dealers/<slug>/dealer.yaml). */
export const validateDealerRecord = (): ValidateFunction<DealerRecord> => validatorFor<DealerRecord>('dealerRecord.schema.json');

/** Validator of one stock-feed row (a car). */
export const validateCar = (): ValidateFunction<Car> => validatorFor<Car>('car.schema.json');

/** Validator of a whole stock feed (array of cars). */
export const validateStockFeed = (): ValidateFunction<Car[]> => validatorFor<Car[]>('stockFeed.schema.json');
