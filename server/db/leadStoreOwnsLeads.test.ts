/**
 * One leads store: no server file outside server/db/leadStore.ts writes SQL on the `leads` table,
 * except the inbox's reservation listing, which joins each reservation to its lead because one
 * query filters by both (the lead's dealership and text, the reservation's reference).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoTextFiles } from '../../scripts/repoFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STORE = 'server/db/leadStore.ts';
const JOINS_ONLY = new Set(['server/admin/recordQuery.ts']);
/** A statement naming the table: FROM/JOIN/INTO/UPDATE/DELETE FROM leads. */
const LEADS_SQL = /\b(?:FROM|JOIN|INTO|UPDATE)\s+leads\b/i;

describe('the leads store', () => {
  it('owns every statement on the leads table', () => {
    const files = repoTextFiles({ root: ROOT }).filter((file) => /^(server|cli)\/.*\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== STORE);
    const found = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (LEADS_SQL.test(line) && !(JOINS_ONLY.has(file) && /JOIN\s+leads\b/i.test(line)) ? [`${file}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found, `call ${STORE} instead`).toEqual([]);
    expect(readFileSync(path.join(ROOT, STORE), 'utf8')).toMatch(LEADS_SQL);
  });
});
