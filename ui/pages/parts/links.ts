/**
 * Search links with a refinement the pages share (SPEC §2 'See more from this dealer'), built by
 * the search URL codec. Every other site path comes from its route kind's path builder
 * (domain/routes/paths.ts).
 */
import type { Site } from '../../../domain/site.ts';
import { encode } from '../../../search/urlCodec.ts';

/** 'See more from this dealer': default search path with refinementList[dealership_slug][0]={slug}. */
export function dealerStockPath({ site, dealershipSlug }: { site: Site; dealershipSlug: string }): string {
  return encode({ path: site.default_search_path, state: { refinements: { dealership_slug: [dealershipSlug] } } });
}

/** The default search path refined to one location's stock. */
export function locationStockPath({ site, locationName }: { site: Site; locationName: string }): string {
  return encode({ path: site.default_search_path, state: { refinements: { location_name: [locationName] } } });
}

/** tel: link for a displayed phone number (ui/components/PhoneLink.tsx). */
export { telHref } from '../../components/PhoneLink.tsx';
