/**
 * TypeScript types generated from the JSON Schemas of this folder (json-schema-to-typescript):
 * the schemas are the one source of the record's shape, these types and its defaults.
 *
 * Two views, one file each:
 * - `record`: the record as written (dealers/<slug>/dealer.yaml, a stock-feed row): a property
 *   is required only where the schema's `required` says so.
 * - `resolved`: what `resolve` hands on after filling the schema `default`s: every property
 *   with a `default` is required too.
 *
 * Every schema file becomes one named type (car.schema.json -> Car), and so does every entry of
 * a file's `$defs` whose schema is an object (dealerRecord.schema.json#/$defs/features ->
 * Features); scalar definitions (slug, safeUrl, time ...) are inlined where they are used. Run
 * `npm run schema:types` after editing a schema; schema/recordTypes.test.ts fails while the
 * committed files are stale.
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';

/** Which view of the record a generated file declares (see the file comment), or the lead contract. */
export type TypesView = 'record' | 'resolved' | 'lead';

/** The committed file of each view, relative to the repository root. */
export const GENERATED_FILES: Record<TypesView, string> = {
  record: 'schema/record.generated.ts',
  resolved: 'schema/resolved.generated.ts',
  lead: 'schema/lead.generated.ts',
};

/** The lead's wire shape: not part of the record, so it has a file (and view) of its own. */
const LEAD_SCHEMA_FILE = 'lead.schema.json';

/** The schema files a view declares: the lead contract alone, or every record schema. */
function viewSchemas({ schemas, view }: { schemas: Record<string, object>; view: TypesView }): Record<string, object> {
  return Object.fromEntries(Object.entries(schemas).filter(([file]) => (file === LEAD_SCHEMA_FILE) === (view === 'lead')));
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** 'car.schema.json' -> 'Car', 'openingHour' -> 'OpeningHour'. */
const typeName = (name: string): string => name.replace(/\.schema\.json$/, '').replace(/^./, (c) => c.toUpperCase());

/** Keywords that only annotate a schema: dropped beside a `$ref`, so a reference stays the named type. */
const ANNOTATIONS = new Set(['default', 'description', 'title', 'examples', '$comment']);

/** True for a schema that declares an object type (it becomes an interface of its own). */
const isObjectSchema = (schema: Node): boolean =>
  'properties' in schema || schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));

/** Adds every property that has a `default` to its object's `required`, everywhere in `node`. */
function requireDefaulted(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(requireDefaulted);
  if (!isNode(node)) return node;
  const out: Node = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, requireDefaulted(value)]));
  if (isNode(node.properties)) {
    const defaulted = Object.entries(node.properties)
      .filter(([, property]) => isNode(property) && 'default' in property)
      .map(([key]) => key);
    const required = [...((node.required as string[] | undefined) ?? [])];
    for (const key of defaulted) if (!required.includes(key)) required.push(key);
    if (required.length) out.required = required;
  }
  return out;
}

/**
 * One schema document holding every schema file and every `$defs` entry under `$defs`, named as
 * its TypeScript type, with each `$ref` pointing inside it. Object definitions keep their name (a
 * `title`); scalar ones are inlined. Refuses two definitions with the same name.
 */
export function combinedSchema({ schemas, view }: { schemas: Record<string, object>; view: TypesView }): JSONSchema {
  const prepared = Object.fromEntries(
    Object.entries(viewSchemas({ schemas, view })).map(([file, schema]) => [file, (view === 'resolved' ? requireDefaulted(schema) : schema) as Node]),
  );

  // Where each definition lives: `${file}#/$defs/${key}` (or the file itself) -> its schema.
  const targets = new Map<string, { name: string; schema: Node }>();
  for (const [file, schema] of Object.entries(prepared)) {
    const { $defs, ...own } = schema;
    if (isObjectSchema(own) || own.type === 'array') targets.set(file, { name: typeName(file), schema: own });
    for (const [key, def] of Object.entries(($defs as Node | undefined) ?? {}))
      targets.set(`${file}#/$defs/${key}`, { name: typeName(key), schema: def as Node });
  }
  const seen = new Map<string, string>();
  for (const [where, { name }] of targets) {
    if (seen.has(name)) throw new Error(`two schema definitions would both be the type ${name}: ${seen.get(name)} and ${where}; rename one`);
    seen.set(name, where);
  }

  const target = (ref: string, file: string): { name: string; schema: Node } => {
    const [path, fragment = ''] = ref.split('#');
    const key = `${path || file}${fragment ? `#${fragment}` : ''}`;
    const found = targets.get(key);
    if (!found) throw new Error(`${file}: $ref "${ref}" names no schema file or $defs entry`);
    return found;
  };
  const fileOf = (ref: string, file: string): string => ref.split('#')[0] || file;

  const rewrite = (node: unknown, file: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, file));
    if (!isNode(node)) return node;
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      const found = target($ref, file);
      if (isObjectSchema(found.schema) || found.schema.type === 'array') {
        const constraints = Object.fromEntries(Object.entries(siblings).filter(([key]) => !ANNOTATIONS.has(key)));
        return { ...(rewrite(constraints, file) as Node), $ref: `#/$defs/${found.name}` };
      }
      // A scalar definition: its keywords without its own annotations, then the referring property's.
      const keywords = Object.fromEntries(Object.entries(found.schema).filter(([key]) => !ANNOTATIONS.has(key)));
      return rewrite({ ...keywords, ...siblings }, fileOf($ref, file));
    }
    return Object.fromEntries(
      Object.entries(node)
        .map(([key, value]) => [key, key === '$defs' ? undefined : rewrite(value, file)])
        .filter(([, value]) => value !== undefined),
    );
  };

  const $defs: Node = {};
  for (const [where, { name, schema }] of targets) {
    if (!isObjectSchema(schema) && schema.type !== 'array') continue;
    const { $schema: _s, $id: _i, ...body } = schema;
    $defs[name] = { ...(rewrite(body, where.split('#')[0]) as Node), title: name };
  }
  return { $defs } as JSONSchema;
}

const BANNER: Record<TypesView, string> = {
  record: 'The record as written: generated from schema/*.schema.json by `npm run schema:types`; do not edit.',
  resolved:
    'The record after resolve (every property with a schema `default` is present): generated from schema/*.schema.json by `npm run schema:types`; do not edit.',
  lead: 'The lead as the browser sends it and the server checks it: generated from schema/lead.schema.json by `npm run schema:types`; do not edit.',
};

/** The TypeScript source of one view of `schemas`, formatted with the repository's Prettier settings. */
export async function schemaTypes({ schemas, view }: { schemas: Record<string, object>; view: TypesView }): Promise<string> {
  const source = await compile(combinedSchema({ schemas, view }), 'RecordModel', {
    additionalProperties: false,
    unreachableDefinitions: true,
    bannerComment: `/* ${BANNER[view]} */`,
    format: false,
    unknownAny: true,
    customName: (_schema, definitionKey) => definitionKey,
  });
  const body = source
    // The document that only carries `$defs` is not a type of ours.
    .replace(/export interface RecordModel \{[^}]*\}\n/, '')
    // json-schema-to-typescript's note on where each definition came from (the name says it).
    .replace(/\n \* ?\n \* This interface was referenced by `RecordModel`'s JSON-Schema\n \* via the `definition` "\w+"\./g, '')
    .replace(/\/\*\*\n \* This interface was referenced by `RecordModel`'s JSON-Schema\n \* via the `definition` "\w+"\.\n \*\/\n/g, '');
  const options = await prettier.resolveConfig(new URL(import.meta.url).pathname);
  return prettier.format(body, { ...options, parser: 'typescript' });
}
