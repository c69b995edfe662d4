/**
 * The site header (SPEC §2 Header): logo, the Autocomplete search island when the search bar is on, and the HeaderMenu island
 * (navigation, burger, drawer, 'Book a Service' and 'Finance Pre-Approval').
 * Variants by site.header_style: standard, large, square-logo-large.
 */
import { safeHref } from '../../domain/safeUrl.ts';
import type { HeaderStyle, Site } from '../../domain/site.ts';
import { Island } from '../Island.tsx';
import { HeaderMenu, type HeaderMenuProps } from '../islands/HeaderMenu.tsx';
import { buildHeaderNav, headerButtons } from './navModel.ts';
import { Autocomplete } from '../search/Autocomplete.tsx';
import { autocompleteProps } from '../search/autocompleteProps.ts';

/** Logo box per header variant (width x height attributes; CSS keeps the aspect ratio). */
export const LOGO_SIZE: Record<HeaderStyle, { width: number; height: number }> = {
  standard: { width: 180, height: 56 },
  large: { width: 260, height: 80 },
  'square-logo-large': { width: 96, height: 96 },
};

/** The HeaderMenu island's props for a site (JSON-serialisable). */
export function headerMenuProps({ site }: { site: Site }): HeaderMenuProps {
  return {
    nav: buildHeaderNav({ site }),
    buttons: headerButtons({ site }),
    drawer: site.features.mobile_drawer,
    idPrefix: 'fc-hm',
    label: 'Main',
  };
}

/** The header element. */
export function Header({ site }: { site: Site }) {
  const style = site.header_style;
  const logo = safeHref(site.logo?.url);
  const search = site.features.search_bar ? safeHref(site.default_search_path) : undefined;
  return (
    <header className={`site-header header-${style}`}>
      <div className="container header-inner">
        <a className="header-logo" href="/">
          {logo ? (
            // <picture> keeps React from emitting a stray <link rel="preload"> into the header string.
            <picture>
              <img src={logo} alt={site.name} width={LOGO_SIZE[style].width} height={LOGO_SIZE[style].height} />
            </picture>
          ) : (
            <span>{site.name}</span>
          )}
        </a>
        {/* At idle: the search box works as a plain form until then, and its code stays out of every page's first-load JS. */}
        {search ? <Island name="Autocomplete" component={Autocomplete} props={autocompleteProps({ site, action: search })} when="idle" /> : null}
        <Island name="HeaderMenu" component={HeaderMenu} props={headerMenuProps({ site })} when="load" />
      </div>
    </header>
  );
}
