/**
 * A group site's dealerships (SPEC §1 dealerships list, SPEC §3 Site config dealerships): the
 * one list the /dealerships page, the forms' dealership select, the search's dealership labels
 * and the lead server's site config all show or accept.
 */
import type { Site } from './site.ts';
import type { Dealership } from './types.ts';

/**
 * The record's `dealerships`, then those of `config.dealerships` the record does not list (by
 * slug; the record's entry wins), in that order.
 */
export function siteDealerships({ site }: { site: Pick<Site, 'dealerships' | 'config'> }): Dealership[] {
  const listed = new Set<string>();
  const all: Dealership[] = [];
  for (const dealership of [...(site.dealerships ?? []), ...(site.config?.dealerships ?? [])]) {
    if (listed.has(dealership.slug)) continue;
    listed.add(dealership.slug);
    all.push(dealership);
  }
  return all;
}
