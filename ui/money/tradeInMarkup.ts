/**
 * Server-only: the trade-in flow's first step as HTML, for ./TradeInOnDemand.tsx to show until
 * the flow's code loads.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TradeInFlow, type TradeInFlowProps } from './TradeInFlow.tsx';

/** The flow's server HTML (inert services: nothing looked up, nothing sent). */
export function tradeInMarkup({ flow }: { flow: TradeInFlowProps }): string {
  return renderToStaticMarkup(createElement(TradeInFlow, flow));
}
