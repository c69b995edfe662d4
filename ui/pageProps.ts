/**
 * What every page component receives. `SiteData` is computed once per dealer by the renderer
 * (never once per page) so per-page work stays small.
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from './route.ts';

/** Per-dealer data shared by every page of a build. */
export interface SiteData {
  /** Cars shown on the site (visibility rule of SPEC §4 applied), by custom_rank desc. */
  cars: Car[];
  carsBySlug: Map<string, Car>;
  carsById: Map<number, Car>;
  /** Distinct makes in stock with counts, sorted by name. */
  makes: { make: string; slug: string; count: number }[];
  /** Content-hashed asset URLs, e.g. { css: '/assets/site-1a2b3c4d.css', runtime: '/assets/runtime-....js' }. */
  assets: { css: string; runtime: string };
}

/** Props of every page component in `ui/pages/`. */
export interface PageProps {
  site: Site;
  route: Route;
  data: SiteData;
}
