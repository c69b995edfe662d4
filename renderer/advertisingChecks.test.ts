/**
 * The advertising checks over fixture feeds made to break each rule once
 * (fixtures/advertising/dealers/: wattle-adverts in AU, prairie-adverts in the US), as `validate`
 * prints them; warnings by default, errors under --strict; the import history read for was prices.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runValidate, textReport } from '../cli/validate.ts';

const DEALERS = 'fixtures/advertising/dealers';
const NOW = new Date('2026-11-20T00:00:00Z');

const run = await runValidate({ paths: [DEALERS], now: NOW });
const lines = textReport(run)
  .split('\n')
  .filter((line) => line.includes('advert/'));

describe('advertising checks (validate)', () => {
  it('names each broken rule once, at its row and field, as a warning', () => {
    expect(lines).toEqual([
      `${DEALERS}/prairie-adverts/stock.json:2:565  /0/price  warning: row 1  car 900000011  advert/no-fee-disclosure: price $25,990 is shown without a fee disclosure`,
      `${DEALERS}/wattle-adverts/stock.json:3:629  /1/price_type  warning: row 2  car 900000002  advert/no-qualifier: price $25,990 has no qualifier: no price_type`,
      `${DEALERS}/wattle-adverts/stock.json:4:629  /2/price_type  warning: row 3  car 900000003  advert/no-qualifier: price $25,990 has no qualifier: price_type "Negotiable" is not one the region reads`,
      `${DEALERS}/wattle-adverts/stock.json:5:559  /3/price  warning: row 4  car 900000004  advert/implausible-drive-away: drive away price $14,999 is below the region's floor of $15,000 for a new car`,
      `${DEALERS}/wattle-adverts/stock.json:7:1864  /5/finance_lenders  warning: row 6  car 900000006  advert/no-comparison-warning: shows a finance repayment, but its comparison rate has no warning`,
      `${DEALERS}/wattle-adverts/stock.json:9:585  /7/before_price  warning: row 8  car 900000008  advert/unverified-was-price: was price $27,990 is not a price an earlier import listed the car at`,
    ]);
    expect(run.errors).toBe(0);
    expect(run.exitCode).toBe(0);
    expect(run.diagnostics.filter((d) => d.code?.startsWith('advert/')).every((d) => d.hint)).toBe(true);
  });

  it('fails under --strict', async () => {
    const strict = await runValidate({ paths: [DEALERS], now: NOW, strict: true });
    expect(strict.errors).toBe(6);
    expect(strict.exitCode).toBe(1);
  });

  it('names a rule about the record once, at its first car, counting the others', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adverts-'));
    try {
      await cp(path.join(DEALERS, 'prairie-adverts'), path.join(dir, 'prairie-adverts'), { recursive: true });
      const file = path.join(dir, 'prairie-adverts', 'stock.json');
      const [priced, ...rest] = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
      const copies = [1, 2].map((n) => ({ ...priced, id: Number(priced.id) + 100 + n, slug: `${String(priced.slug)}-${n}`, stocknum: `COPY${n}` }));
      await writeFile(file, JSON.stringify([priced, ...rest, ...copies], null, 1));
      const copied = await runValidate({ paths: [path.join(dir, 'prairie-adverts')], now: NOW });
      const messages = copied.diagnostics.filter((d) => d.code === 'advert/no-fee-disclosure').map((d) => d.message);
      expect(messages).toEqual(['row 1  car 900000011  advert/no-fee-disclosure: price $25,990 is shown without a fee disclosure (and 2 more cars)']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('the import history', () => {
    let dir: string;
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('without one, was prices are not checked; a damaged one is a warning naming it', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'adverts-'));
      await cp(path.join(DEALERS, 'wattle-adverts'), path.join(dir, 'wattle-adverts'), { recursive: true });
      const history = path.join(dir, 'wattle-adverts', 'import-history.json');
      await rm(history);
      const without = await runValidate({ paths: [path.join(dir, 'wattle-adverts')], now: NOW });
      expect(without.diagnostics.map((d) => d.code)).not.toContain('advert/unverified-was-price');
      await writeFile(history, '{"version":1,');
      const damaged = await runValidate({ paths: [path.join(dir, 'wattle-adverts')], now: NOW });
      const problem = damaged.diagnostics.find((d) => d.code === 'advert/unverified-was-price');
      expect(problem).toMatchObject({ file: history, severity: 'warning' });
      expect(problem?.message).toMatch(/^was prices not checked: the import history does not parse/);
    });
  });
});
