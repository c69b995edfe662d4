/**
 * Writes the TypeScript types of the record (schema/record.generated.ts and
 * schema/resolved.generated.ts) and of the lead (schema/lead.generated.ts) from the JSON Schemas
 * in schema/. Run after editing a schema:
 *
 *   npm run schema:types
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SCHEMAS } from '../schema/index.ts';
import { GENERATED_FILES, schemaTypes, type TypesView } from '../schema/recordTypes.ts';

const REPO = resolve(import.meta.dirname, '..');

for (const view of Object.keys(GENERATED_FILES) as TypesView[]) {
  const file = join(REPO, GENERATED_FILES[view]);
  await writeFile(file, await schemaTypes({ schemas: SCHEMAS, view }));
  console.log(`wrote ${GENERATED_FILES[view]}`);
}
