/**
 * A breadcrumb trail (domain/breadcrumbs.ts): links to each step but the last, which is the
 * page itself (aria-current). The page's BreadcrumbList structured data lists the same steps.
 */
import type { Crumb } from '../../../domain/breadcrumbs.ts';

/** The trail as an ordered list in a labelled nav. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path}>{i < crumbs.length - 1 ? <a href={crumb.path}>{crumb.name}</a> : <span aria-current="page">{crumb.name}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
