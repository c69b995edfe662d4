/**
 * The trade-in island's props for a site (server side), shared by /cars/trade-in and /valuations.
 */
import type { Site } from '../../domain/site.ts';
import { formSite } from '../forms/formSite.ts';
import type { TradeInFlowProps } from './TradeInFlow.tsx';
import type { TradeInOnDemandProps } from './TradeInOnDemand.tsx';
import { tradeInMarkup } from './tradeInMarkup.ts';

/** Props of the trade-in flow on `site`. */
export function tradeInProps({ site, submitLabel }: { site: Site; submitLabel: string }): TradeInFlowProps {
  return {
    site: formSite({ site }),
    saveMisc: site.forms.save_valuation_misc,
    locale: site.regionSettings.locale,
    currency: site.regionSettings.currency,
    dealershipId: site.config?.dealership_id ?? site.dealer_id,
    submitLabel,
  };
}

/** Props of the on-demand island: the flow's props and its server HTML. */
export function tradeInIsland({ site, submitLabel }: { site: Site; submitLabel: string }): TradeInOnDemandProps {
  const flow = tradeInProps({ site, submitLabel });
  return { flow, html: tradeInMarkup({ flow }) };
}
