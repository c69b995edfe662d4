/**
 * The body filter of /models (SPEC §2 /models?body={body-type}): on load and whenever the query
 * changes (a filter link, back and forward) only the chosen body group is shown. The model
 * groups stay server HTML outside this island (their cards are not repeated as props); the
 * island hides the other groups' sections. Without JavaScript every link ends at its group's
 * anchor (domain/routes/paths.ts modelsPath), so it still lands on that group.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { shownBodyGroups } from '../../domain/models.ts';
import { bodyAnchorId, modelsPath } from '../../domain/routes/paths.ts';

/** A body group as the filter lists it. */
export interface BodyGroupLink {
  body: string;
  slug: string;
}

/** Props of {@link ModelsBodyFilter}. */
export interface ModelsBodyFilterProps {
  groups: BodyGroupLink[];
}

/** The attribute each group's section carries (ui/pages/ModelsPage.tsx). */
export const BODY_GROUP_ATTRIBUTE = 'data-body';

function bodyOfLocation(): string | null {
  return new URLSearchParams(window.location.search).get('body');
}

/** 'All' and one link per body group; in the browser, filters the page's groups. */
export function ModelsBodyFilter({ groups }: ModelsBodyFilterProps) {
  // Null until hydrated: the server render and the first client render are the same unfiltered list.
  const [body, setBody] = useState<string | null>(null);
  const slugs = groups.map((g) => g.slug);
  const shown = shownBodyGroups({ body, slugs });
  const current = body === null ? null : shown.length === 1 && slugs.length > 1 ? shown[0] : 'all';

  useEffect(() => {
    const read = () => setBody(bodyOfLocation() ?? 'all');
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  useEffect(() => {
    const visible = new Set(shown);
    for (const section of document.querySelectorAll<HTMLElement>(`section[${BODY_GROUP_ATTRIBUTE}]`)) {
      section.hidden = !visible.has(section.getAttribute(BODY_GROUP_ATTRIBUTE) ?? '');
    }
    // shown is derived from body and the groups; its identity changes each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [body, groups]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, slug: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', modelsPath({ body: slug }));
    setBody(slug);
    if (slug !== 'all') document.getElementById(bodyAnchorId(slug))?.scrollIntoView({ block: 'start' });
  };

  return (
    <nav aria-label="Filter models by body type">
      <ul className="body-filter">
        {[{ body: 'All', slug: 'all' }, ...groups].map((g) => (
          <li key={g.slug}>
            <a href={modelsPath({ body: g.slug })} aria-current={current === g.slug ? 'page' : undefined} onClick={(e) => choose(e, g.slug)}>
              {g.body}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
