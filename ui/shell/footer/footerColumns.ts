/**
 * Footer navigation columns (SPEC §2 Footers) from site.footer.columns and navigation.footer:
 * a footer nav item with dropdownItems/dropdownMenus becomes its own column, plain items are
 * gathered into one 'Quick Links' column. Unsafe URLs are dropped. Columns of the same heading
 * are one column (a record's own 'Quick Links' and its footer navigation's plain links showed the
 * heading twice), each link once.
 */
import { safeHref } from '../../../domain/safeUrl.ts';
import type { Site } from '../../../domain/site.ts';
import type { NavigationItem } from '../../../domain/types.ts';
import { requireNavigation } from '../navigationGuard.ts';

/** A safe footer link. */
export interface FooterLink {
  name: string;
  url: string;
}

/** A column of links with its heading. */
export interface FooterLinkColumn {
  heading: string;
  links: FooterLink[];
}

function safeLinks(links: { name: string; url?: string | null }[]): FooterLink[] {
  return links.flatMap(({ name, url }) => {
    const href = safeHref(url);
    return href ? [{ name, url: href }] : [];
  });
}

function navColumns(items: NavigationItem[]): FooterLinkColumn[] {
  const plain: NavigationItem[] = [];
  const columns: FooterLinkColumn[] = [];
  for (const item of items) {
    const nested = [...(item.dropdownItems ?? []), ...(item.dropdownMenus ?? []).flatMap((menu) => menu.items)];
    if (nested.length > 0) columns.push({ heading: item.name, links: safeLinks(nested) });
    else plain.push(item);
  }
  return plain.length > 0 ? [{ heading: 'Quick Links', links: safeLinks(plain) }, ...columns] : columns;
}

/** The columns with those of the same heading (ignoring case and spacing) folded into the first, each URL once per column. */
function mergeSameHeadings(columns: FooterLinkColumn[]): FooterLinkColumn[] {
  const byHeading = new Map<string, FooterLinkColumn>();
  for (const { heading, links } of columns) {
    const key = heading.trim().replace(/\s+/g, ' ').toLowerCase();
    const column = byHeading.get(key) ?? { heading, links: [] };
    byHeading.set(key, column);
    for (const link of links) if (!column.links.some((known) => known.url === link.url)) column.links.push(link);
  }
  return [...byHeading.values()];
}

/** Configured columns first, then navigation.footer's; empty columns are left out. Throws SPEC §8's error on a bad footer nav. */
export function footerColumns({ site }: { site: Pick<Site, 'footer' | 'navigation'> }): FooterLinkColumn[] {
  const { footer } = requireNavigation({ navigation: site.navigation });
  const configured = (site.footer.columns ?? []).map(({ heading, links }) => ({ heading, links: safeLinks(links) }));
  return mergeSameHeadings([...configured, ...navColumns(footer)]).filter((column) => column.links.length > 0);
}
