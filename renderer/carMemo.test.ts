import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Car } from '../domain/types.ts';
import { createCarMemo } from './carMemo.ts';
import { MAX_CAR_MEMO_FILES, type CarMemoStore } from './carMemoFile.ts';

let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'forecourt-carmemo-unit-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const car = (id: number, price = 20_000) => ({ id, slug: `car-${id}`, price }) as unknown as Car;
const store = (dir: string, version = 'v1'): CarMemoStore => ({ dir: join(work, dir), version: () => version });

/** Runs one build's worth of `perCar` calls through a new memo (a new process) and counts the values it made. */
async function build({
  at,
  cars,
  context = 'site',
  name = 'probe',
  stored = true,
}: {
  at: CarMemoStore;
  cars: Car[];
  context?: string;
  name?: string;
  stored?: boolean;
}): Promise<{ made: number; values: unknown[] }> {
  const memo = createCarMemo({ store: at });
  await memo.open({ scope: '/dealers/a' });
  let made = 0;
  const values = cars.map((one) =>
    memo.perCar({ car: one, name, context, stored, make: () => ((made += 1), { id: one.id, price: one.price, none: undefined }) }),
  );
  await memo.save();
  return { made, values };
}

const files = async (at: CarMemoStore) => (await readdir(at.dir)).filter((name) => name.endsWith('.v8'));

describe('per-car memo between processes', () => {
  it('reads stored values by car content and context, and makes them again for a changed car, context or version', async () => {
    const at = store('content');
    expect((await build({ at, cars: [car(1), car(2)] })).made).toBe(2);
    // New objects of the same content: read, not made, as they were (undefined fields too).
    const again = await build({ at, cars: [car(1), car(2)] });
    expect(again).toEqual({
      made: 0,
      values: [
        { id: 1, price: 20_000, none: undefined },
        { id: 2, price: 20_000, none: undefined },
      ],
    });
    expect('none' in (again.values[0] as object)).toBe(true);
    expect((await build({ at, cars: [car(1), car(2, 21_000)] })).made).toBe(1);
    expect((await build({ at, cars: [car(1), car(2, 21_000)], context: 'other site' })).made).toBe(2);
    expect((await build({ at: store('content', 'v2'), cars: [car(1), car(2, 21_000)], context: 'other site' })).made).toBe(2);
    // One file per dealer folder: the other version's went.
    expect(await files(at)).toHaveLength(1);
  });

  it('keeps values not marked stored in memory only', async () => {
    const at = store('unstored');
    await build({ at, cars: [car(1)], stored: false });
    expect((await build({ at, cars: [car(1)], stored: false })).made).toBe(1);
  });

  it('writes only when a value changed, and keeps only the cars of the last build', async () => {
    const at = store('unchanged');
    await build({ at, cars: [car(1), car(2)] });
    const [name] = await files(at);
    const past = new Date('2026-01-01T00:00:00Z');
    await utimes(join(at.dir, name), past, past);
    await build({ at, cars: [car(1), car(2)] });
    expect((await stat(join(at.dir, name))).mtimeMs).toBe(past.getTime());
    // A car sold off the feed: its value is dropped from the file, which is written again.
    await build({ at, cars: [car(1)] });
    expect((await stat(join(at.dir, name))).mtimeMs).toBeGreaterThan(past.getTime());
    expect((await build({ at, cars: [car(1), car(2)] })).made).toBe(1);
  });

  it('in one process, hits the same car object in memory whatever the disk holds, with a store or without', async () => {
    const at = store('session');
    const memo = createCarMemo({ store: at });
    const one = car(1);
    await memo.open({ scope: '/dealers/a' });
    const first = memo.perCar({ car: one, name: 'probe', context: 'c', stored: true, make: () => ({}) });
    await memo.save();
    await rm(at.dir, { recursive: true });
    await memo.open({ scope: '/dealers/a' });
    expect(memo.perCar({ car: one, name: 'probe', context: 'c', stored: true, make: () => ({ again: true }) })).toBe(first);
    await memo.save();
    // Kept in memory but on disk no more: written again.
    expect(await files(at)).toHaveLength(1);
    const bare = createCarMemo();
    const kept = bare.perCar({ car: one, name: 'probe', context: 'c', make: () => ({}) });
    expect(bare.perCar({ car: one, name: 'probe', context: 'c', make: () => ({ again: true }) })).toBe(kept);
  });

  it('writes a few changed values beside the whole file, and the whole file again when they grow', async () => {
    const at = store('changes');
    const cars = Array.from({ length: 16 }, (_, i) => car(i + 1));
    await build({ at, cars });
    expect(await files(at)).toHaveLength(1);
    // One price: a change file beside the whole one, read over it by the next process.
    cars[3] = car(4, 30_000);
    expect((await build({ at, cars })).made).toBe(1);
    expect((await files(at)).sort()).toEqual([expect.stringMatching(/\.changes\.v8$/), expect.stringMatching(/[^s]\.v8$/)].sort());
    const again = await build({ at, cars });
    expect(again.made).toBe(0);
    expect(again.values[3]).toEqual({ id: 4, price: 30_000, none: undefined });
    // Three more changed: past an eighth, the whole file is written again and the change file goes.
    for (const i of [5, 6, 7]) cars[i] = car(i + 1, 40_000);
    expect((await build({ at, cars })).made).toBe(3);
    expect(await files(at)).toHaveLength(1);
    expect((await build({ at, cars })).made).toBe(0);
  });

  it('ignores a file it cannot read and builds where the folder cannot be written', async () => {
    const at = store('broken');
    await build({ at, cars: [car(1)] });
    const [name] = await files(at);
    await writeFile(join(at.dir, name), 'not a memo');
    expect((await build({ at, cars: [car(1)] })).made).toBe(1);
    // A data folder that is a file: nothing can be written under it, and the build still gets its values.
    await writeFile(join(work, 'a-file'), '');
    const unwritable: CarMemoStore = { dir: join(work, 'a-file', 'cars'), version: () => 'v1' };
    expect(await build({ at: unwritable, cars: [car(1)] })).toMatchObject({ made: 1 });
    expect((await build({ at: unwritable, cars: [car(1)] })).made).toBe(1);
  });

  it('keeps at most MAX_CAR_MEMO_FILES files, the least recently written going first', async () => {
    const at = store('bounded');
    for (let i = 0; i <= MAX_CAR_MEMO_FILES; i++) {
      const memo = createCarMemo({ store: at });
      await memo.open({ scope: `/dealers/${i}` });
      memo.perCar({ car: car(i), name: 'probe', context: 'c', stored: true, make: () => i });
      await memo.save();
    }
    expect(await files(at)).toHaveLength(MAX_CAR_MEMO_FILES);
  });
});
