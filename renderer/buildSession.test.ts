import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDealers } from './generate.ts';
import { createBuildSession, currentSession } from './buildSession.ts';
import { loadDealer } from './loadDealer.ts';

const NOW = new Date('2026-01-05T00:00:00Z');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forecourt-session-'));
  await cp('templates', join(dir, 'templates'), { recursive: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('BuildSession', () => {
  it('reads templates/ once, and is renewed by currentSession only when a file of it changed', async () => {
    const templatesDir = join(dir, 'templates');
    const session = createBuildSession({ templatesDir });
    expect(await session.templateSet()).toBe(await session.templateSet());
    expect(session.metaTemplates()).toBe(session.metaTemplates());
    expect(currentSession(session)).toBe(session);

    const meta = join(templatesDir, 'meta.yaml');
    await writeFile(meta, `${await readFile(meta, 'utf8')}\n# edited\n`);
    const renewed = currentSession(session);
    expect(renewed).not.toBe(session);
    expect(renewed.version()).not.toBe(session.version());
    expect(currentSession(renewed)).toBe(renewed);
  });

  it('hands an unchanged feed row back as the same Car object within a session (what the per-car memo keys on), never across sessions', async () => {
    const session = createBuildSession();
    // Any sample dealer: their feeds are written one row per line, as the stock memory reads them again.
    const [slug] = await listDealers({ dealersDir: 'dealers' });
    const load = (s = session) => loadDealer({ dealersDir: 'dealers', slug, now: NOW, templateSet: s.templateSet, stock: s.stock });
    const first = await load();
    const second = await load();
    expect(first.cars.length).toBeGreaterThan(0);
    expect(second.cars[0]).toBe(first.cars[0]);
    const made = session.cars.perCar({ car: first.cars[0], name: 'probe', context: 'c', make: () => ({}) });
    expect(session.cars.perCar({ car: second.cars[0], name: 'probe', context: 'c', make: () => ({}) })).toBe(made);

    const other = await load(createBuildSession());
    expect(other.cars[0]).not.toBe(first.cars[0]);
    expect(other.cars[0]).toEqual(first.cars[0]);
  });
});
