/**
 * The trade-in flow, loaded when the shopper starts using it (focus, pointer or submit), so the
 * trade-in and Sell Your Car pages stay within the first-load JS budget. Until then the island
 * shows the flow's server HTML; then it swaps in the live flow seeded with what was typed, keeps
 * focus on the same field and sends a submit that triggered the load. A draft from earlier in
 * the visit loads the flow at once (it resumes at the step the shopper reached).
 */
import type { TradeInFlowProps } from './TradeInFlow.tsx';
import { draftKey, readDraft } from './draft.ts';
import { LiveOnFirstUse } from '../islands/LiveOnFirstUse.tsx';

/** Props of {@link TradeInOnDemand}. */
export interface TradeInOnDemandProps {
  flow: TradeInFlowProps;
  /** ./tradeInMarkup.ts markup of `flow`. */
  html: string;
}

const loadTradeInFlow = () => import('./TradeInFlow.tsx').then((module) => module.TradeInFlow);

/** The flow seeds only the text it was given: what was typed, as strings. */
function typedText(typed: Record<string, string | boolean>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(typed)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The island. */
export function TradeInOnDemand({ flow, html }: TradeInOnDemandProps) {
  return (
    <LiveOnFirstUse
      html={html}
      load={loadTradeInFlow}
      what="The trade-in valuation"
      loadNow={typeof window !== 'undefined' && readDraft(draftKey('trade-in')) !== null}
      render={(TradeInFlow, typed) => <TradeInFlow {...flow} initial={typedText(typed)} />}
    />
  );
}
