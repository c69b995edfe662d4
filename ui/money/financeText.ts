/**
 * Finance wording (SPEC §9 Finance): the repayment line and the finance information
 * modal's paragraphs, from domain/finance.ts's display and constants, for car pages and the
 * finance page alike.
 */
import { TAURUS, taurusOfferValidUntil, type FinanceDisplay } from '../../domain/finance.ts';
import { formatPrice } from '../../domain/price.ts';

/** Region formatting of amounts and dates. */
export interface MoneyFormat {
  locale: string;
  currency: string;
}

/** 'From $119 per week' (or month), or null when the display has no repayment. */
export function repaymentText({ display, format }: { display: FinanceDisplay; format: MoneyFormat }): string | null {
  if (!display.show || display.repayment == null || !display.frequency) return null;
  return repaymentLine({ amount: display.repayment, frequency: display.frequency, format });
}

/** 'From $119 per week': the one wording of a repayment, on car pages and search cards. */
export function repaymentLine({ amount, frequency, format }: { amount: number; frequency: 'week' | 'month'; format: MoneyFormat }): string {
  return `From ${formatPrice({ amount, ...format })} per ${frequency}`;
}

/** Taurus's comparison-rate wording: 10% deposit, $30,000 over 5 years, valid one month. */
export function taurusWording({ now, format }: { now: Date; format: MoneyFormat }): string {
  const until = taurusOfferValidUntil({ now }).toLocaleDateString(format.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    `Repayments are based on a ${Math.round(TAURUS.deposit * 100)}% deposit. ` +
    `The comparison rate is based on a secured loan of ${formatPrice({ amount: TAURUS.comparisonAmount, ...format })} over ${TAURUS.comparisonYears} years. ` +
    `WARNING: This comparison rate is true only for the example given and may not include all fees and charges. ` +
    `Offer valid for one month, until ${until}.`
  );
}

/** The finance information modal: rates, term, final payment, the provider's wording and disclaimer. */
export function financeInfoParagraphs({ display, now, format }: { display: FinanceDisplay; now: Date; format: MoneyFormat }): string[] {
  if (!display.show || !display.quote) return [];
  const { quote } = display;
  const lines = [`Interest rate ${quote.interestRate}% p.a., comparison rate ${quote.comparisonRate}% p.a., over ${display.termYears ?? 5} years.`];
  const repayment = repaymentText({ display, format });
  if (repayment) lines.push(`${repayment}.`);
  if (display.finalPayment != null) lines.push(`Final payment ${formatPrice({ amount: display.finalPayment, ...format })}.`);
  if (display.provider === 'Taurus') lines.push(taurusWording({ now, format }));
  if (quote.disclaimer) lines.push(quote.disclaimer);
  return lines;
}
