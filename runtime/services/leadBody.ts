/**
 * The lead request of SPEC §7: endpoint and body. Pure, so the exact shape is unit-tested.
 *
 * Body: {lead: {form fields, dealership_slug, website_slug, url, source: 'Website', user_agent,
 * visited_pages, linked_query_params, car_id, car_dealership_id, page_id, location_id, ...}},
 * typed by the lead contract (schema/lead.schema.json) the server checks it against.
 */
import type { FormKind } from '../../domain/formRules.ts';
import type { LeadBody } from '../../domain/leadApi.ts';
import type { LeadApiConfig, LeadContext } from '../../ui/islandServices.ts';
import type { VisitSession } from './sessionTracking.ts';

/** SPEC §3 Lead.source. */
export const LEAD_SOURCE = 'Website';

/** '{api_base}/api' or, in mock mode, '{api_base}/mock' (SPEC §7), without a trailing slash. */
export function apiRoot(api: LeadApiConfig): string {
  const base = (api.api_base ?? '').replace(/\/+$/, '');
  return `${base}${api.mock_mode ? '/mock' : '/api'}`;
}

/** POST /leads, PUT /leads/{id}, or POST /leads/with-files when there are files. */
export function leadEndpoint({ api, leadId, hasFiles }: { api: LeadApiConfig; leadId?: string | number | null; hasFiles: boolean }): {
  method: 'POST' | 'PUT';
  url: string;
} {
  if (hasFiles) return { method: 'POST', url: `${apiRoot(api)}/leads/with-files` };
  if (leadId != null && leadId !== '') return { method: 'PUT', url: `${apiRoot(api)}/leads/${encodeURIComponent(String(leadId))}` };
  return { method: 'POST', url: `${apiRoot(api)}/leads` };
}

/** The `{lead: ...}` body of one submission. Context fields win over same-named form values. */
export function leadBody({
  form,
  values,
  context,
  session,
  url,
  userAgent,
}: {
  form: FormKind;
  values: Record<string, unknown>;
  context: LeadContext;
  session: VisitSession;
  url: string;
  userAgent: string;
}): LeadBody {
  return {
    lead: {
      ...values,
      form,
      dealership_slug: context.dealership_slug,
      website_slug: context.website_slug,
      url,
      source: LEAD_SOURCE,
      user_agent: userAgent,
      visited_pages: session.visited_pages,
      linked_query_params: session.linked_query_params,
      lead_attributes: { visited_pages: session.visited_pages, linked_query_params: session.linked_query_params },
      car_id: context.car_id ?? null,
      car_dealership_id: context.car_dealership_id ?? null,
      page_id: context.page_id ?? null,
      location_id: context.location_id ?? (values.location_id != null && values.location_id !== '' ? Number(values.location_id) : null),
    },
  };
}
