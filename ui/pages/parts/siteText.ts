/**
 * Small per-site helpers every page uses: the build time as a Date (rules never read the clock)
 * and region spelling of visible labels through domain/region.ts.
 */
import type { Site } from '../../../domain/site.ts';
import { spell } from '../../../domain/region.ts';

/** The build time of the site; all "now"-relative domain rules take it. */
export function siteNow(site: Site): Date {
  return new Date(site.now);
}

/** A visible label spelt for the site's region (US: enquire -> inquire ...). */
export function say({ site, text }: { site: Site; text: string }): string {
  return site.regionSettings.us_spelling ? spell({ text, region: site.region }) : text;
}
