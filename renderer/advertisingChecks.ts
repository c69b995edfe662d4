/**
 * The advertising checks (domain/advertisingRules.ts) over a dealer's stock, as `validate` and
 * `generate` report them: a warning per problem (an error under --strict), placed at the car's
 * row and field in stock.json, 'row 13  car 1234  advert/no-qualifier: ...'.
 *
 * The was-price check reads the import history beside stock.json (import-history.json, written by
 * `forecourt import`): the prices earlier imports listed each car at. A dealer without a history
 * (a stock.json kept by hand or by another tool) is not checked for was prices, and nor is a car
 * whose history entry predates the price list (docs/advertising.md).
 */
import path from 'node:path';
import { advertFindings, type AdvertFinding, type PriceHistory } from '../domain/advertisingRules.ts';
import { siteFinanceDisplay } from '../domain/finance.ts';
import { HISTORY_FILE, parseHistory, type HistoryEntry } from '../domain/importHistory.ts';
import type { Site } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import { financeInfoParagraphs } from '../ui/money/financeText.ts';
import type { CarMemo } from './carMemo.ts';
import type { Diagnostic } from './diagnostic.ts';
import { parseJson } from './parse.ts';
import { readOptionalText, type SourceFile } from './readSource.ts';

/** Each car's earlier prices by id, or null without a history; a history that does not parse is a warning. */
async function earlierPrices({ stockFile }: { stockFile: string }): Promise<{ byId: Map<number, PriceHistory> | null; problems: Diagnostic[] }> {
  const file = path.join(path.dirname(stockFile), HISTORY_FILE);
  const text = await readOptionalText(file);
  if (text === null) return { byId: null, problems: [] };
  let entries: HistoryEntry[];
  try {
    entries = Object.values(parseHistory(text).cars);
  } catch (cause) {
    const problem: Diagnostic = {
      file,
      line: 0,
      col: 0,
      pointer: '',
      severity: 'warning',
      code: 'advert/unverified-was-price',
      message: `was prices not checked: the import history does not parse (${(cause as Error).message})`,
      hint: 'Restore import-history.json from version control.',
    };
    return { byId: null, problems: [problem] };
  }
  const byId = new Map<number, PriceHistory>();
  // An entry written before the history kept prices says nothing about them (null: not checked).
  for (const entry of entries) byId.set(entry.id, Array.isArray(entry.prices) ? entry.prices : null);
  return { byId, problems: [] };
}

/** The prices before the current one: the list without its last entry when that is the car's price now. */
function before(prices: PriceHistory, price: number): PriceHistory {
  if (prices === null) return null;
  return prices.at(-1) === price ? prices.slice(0, -1) : prices;
}

/** The finance text a car's page shows with a weekly or monthly figure, or null when it shows none. */
function financeShown({ site, car, now }: { site: Site; car: Car; now: Date }): { text: string } | null {
  const display = siteFinanceDisplay({ site, car, now });
  if (!display.show || display.repayment == null) return null;
  const { locale, currency } = site.regionSettings;
  return { text: financeInfoParagraphs({ display, now, format: { locale, currency } }).join(' ') };
}

/** Rules about the record rather than the car: every priced car breaks them alike. */
const RECORD_RULES: ReadonlySet<AdvertFinding['rule']> = new Set(['advert/no-fee-disclosure']);

/** Each record rule once, at its first car, counting the others (a 5,000-car feed gives one line, not 5,000). */
function onceForRecordRules(found: { car: Car; finding: AdvertFinding }[]): { car: Car; finding: AdvertFinding }[] {
  const counts = new Map<string, number>();
  for (const { finding } of found) if (RECORD_RULES.has(finding.rule)) counts.set(finding.rule, (counts.get(finding.rule) ?? 0) + 1);
  const seen = new Set<string>();
  return found.flatMap((item) => {
    const { rule } = item.finding;
    if (!RECORD_RULES.has(rule)) return [item];
    if (seen.has(rule)) return [];
    seen.add(rule);
    const others = (counts.get(rule) ?? 1) - 1;
    return others ? [{ ...item, finding: { ...item.finding, message: `${item.finding.message} (and ${others} more car${others === 1 ? '' : 's'})` } }] : [item];
  });
}

/**
 * The advertising problems of `cars` (the valid rows of `stock`) on `site`, placed at their rows.
 * With the session's per-car `memo`, each car's findings are kept by its content, the site at the
 * build day (the finance rules' day) and its price history (renderer/carMemo.ts, stored): a new
 * process after a price change checks that car alone.
 */
export async function advertisingChecks({
  site,
  cars,
  stock,
  memo,
}: {
  site: Site;
  cars: readonly Car[];
  stock: SourceFile;
  memo?: CarMemo;
}): Promise<Diagnostic[]> {
  const { locale, currency, advertising } = site.regionSettings;
  const now = new Date(site.now);
  const history = await earlierPrices({ stockFile: stock.file });
  const context = memo?.siteContext(site);
  const found: { car: Car; finding: AdvertFinding }[] = [];
  for (const car of cars) {
    // A car the history has never seen was never listed at another price.
    const earlier = history.byId ? before(history.byId.has(car.id) ? (history.byId.get(car.id) ?? null) : [], car.price) : null;
    const make = () =>
      advertFindings({
        car,
        advertising,
        record: site.advertising,
        subscriptions: site.features.subscriptions,
        finance: advertising.comparison_rate_warning ? financeShown({ site, car, now }) : null,
        history: earlier,
        locale,
        currency,
      });
    const findings = memo ? memo.perCar({ car, name: 'advertFindings', context: `${context}|${JSON.stringify(earlier)}`, stored: true, make }) : make();
    for (const finding of findings) found.push({ car, finding });
  }
  const shown = onceForRecordRules(found);
  if (shown.length === 0) return history.problems;
  // Rows and positions only when there is something to place (a feed is parsed again for them).
  const parsed = parseJson(stock);
  const rows = new Map<unknown, number>();
  if (Array.isArray(parsed.value)) parsed.value.forEach((row: unknown, index) => rows.set((row as { id?: unknown } | null)?.id, index));
  return [
    ...history.problems,
    ...shown.map(({ car, finding }): Diagnostic => {
      const index = rows.get(car.id) ?? -1;
      const pointer = index >= 0 ? `/${index}/${finding.field}` : '';
      return {
        file: stock.file,
        ...parsed.locate({ pointer }),
        pointer,
        severity: 'warning',
        code: finding.rule,
        message: `row ${index + 1}  car ${car.id}  ${finding.rule}: ${finding.message}`,
        hint: finding.hint,
      };
    }),
  ];
}
