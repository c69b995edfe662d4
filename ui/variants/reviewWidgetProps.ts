/**
 * The review widget island's props for a site: SPEC §7's GET path on the dealer's API.
 */
import type { Site } from '../../domain/site.ts';
import { moneyApiRoot } from '../money/apiRoot.ts';
import type { ReviewWidgetProps } from './ReviewWidget.tsx';

/** Props, or null when the record configures no widget. */
export function reviewWidgetProps({ site }: { site: Site }): ReviewWidgetProps | null {
  const widget = site.review_widget;
  if (!widget?.widget || !widget.orgId) return null;
  const api = { api_base: site.forms.api_base ?? '', mock_mode: Boolean(site.forms.mock_mode) };
  return {
    url: `${moneyApiRoot(api)}/reviews/${encodeURIComponent(widget.widget)}?orgId=${encodeURIComponent(widget.orgId)}`,
    min: site.rules.min_review_rating,
  };
}
