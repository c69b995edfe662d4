/**
 * Model listing (SPEC §2 /models, /models?body=...): models grouped by manufacturer_body, with the
 * body filter links /models?body={bodyFilterSlug} (and body=all). Each group carries its filter
 * slug and an anchor; the filter island shows one group for a ?body= query.
 */
import type { PageProps } from '../pageProps.ts';
import type { Model } from '../../domain/types.ts';
import { bodyFilterSlug } from '../../domain/models.ts';
import { bodyAnchorId } from '../../domain/routes/paths.ts';
import { ModelList } from './parts/ModelList.tsx';
import { Island } from '../Island.tsx';
import { BODY_GROUP_ATTRIBUTE, ModelsBodyFilter } from '../islands/ModelsBodyFilter.tsx';

/** Models grouped by manufacturer_body in position order; groups in first-seen order. */
export function groupModels(models: Model[]): { body: string; slug: string; models: Model[] }[] {
  const sorted = [...models].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const groups = new Map<string, Model[]>();
  for (const model of sorted) {
    const body = model.manufacturer_body || 'Other';
    groups.set(body, [...(groups.get(body) ?? []), model]);
  }
  return [...groups].map(([body, list]) => ({ body, slug: bodyFilterSlug(body), models: list }));
}

/** The models page. */
export function ModelsPage({ site }: PageProps) {
  const groups = groupModels(site.models);
  return (
    <>
      <h1>{site.manufacturer_name ? `${site.manufacturer_name} Models` : 'Models'}</h1>
      {groups.length > 1 && (
        <Island name="ModelsBodyFilter" component={ModelsBodyFilter} props={{ groups: groups.map(({ body, slug }) => ({ body, slug })) }} />
      )}
      {groups.length === 0 ? (
        <p>
          Our model range is coming soon. In the meantime, <a href={site.default_search_path}>browse the cars in stock</a>.
        </p>
      ) : (
        groups.map((g) => (
          <section key={g.slug} aria-labelledby={bodyAnchorId(g.slug)} {...{ [BODY_GROUP_ATTRIBUTE]: g.slug }}>
            <h2 id={bodyAnchorId(g.slug)}>{g.body}</h2>
            <ModelList models={g.models} />
          </section>
        ))
      )}
    </>
  );
}
