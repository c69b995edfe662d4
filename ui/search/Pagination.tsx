/**
 * Result pages as real links (page omitted on page 1, SPEC §2), so they work before hydration
 * and can be opened in a new tab; the island intercepts a plain click to answer locally.
 */
import type { MouseEvent } from 'react';
import { pageWindow } from './searchState.ts';

/** The gap as a character reference, so a search page stays Latin-1 (one byte per character in V8; see PriceSlider.tsx). */
const ELLIPSIS = { __html: '&hellip;' };

/** Props of {@link Pagination}. */
export interface PaginationProps {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  onGo: (page: number) => void;
}

function plainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** Previous, numbered pages and Next. */
export function Pagination({ page, pages, hrefFor, onGo }: PaginationProps) {
  const items = pageWindow({ page, pages });
  if (items.length === 0) return null;
  const link = (p: number, text: string, extra: { rel?: string; current?: boolean; label?: string } = {}) => (
    <a
      href={hrefFor(p)}
      rel={extra.rel}
      aria-current={extra.current ? 'page' : undefined}
      aria-label={extra.label}
      onClick={(e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        onGo(p);
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        {page > 1 ? <li>{link(page - 1, 'Previous', { rel: 'prev' })}</li> : null}
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" dangerouslySetInnerHTML={ELLIPSIS} />
          ) : (
            <li key={item}>{link(item, String(item), { current: item === page, label: `Page ${item}` })}</li>
          ),
        )}
        {page < pages ? <li>{link(page + 1, 'Next', { rel: 'next' })}</li> : null}
      </ul>
    </nav>
  );
}
