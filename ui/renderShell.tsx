/**
 * The page shell's HTML, rendered ONCE per dealer (the renderer pastes the same strings into every
 * page, so header, footer and navigation are never recomputed per page). SPEC §2 shell order:
 * banner, header, mobile service-and-call bar, compare strip slot, [page], footer, sub-footer.
 *
 * Static parts use renderToStaticMarkup; the header uses renderToString because it contains the
 * HeaderMenu island, whose markup must match the client's first render for hydration.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { Site } from '../domain/site.ts';
import { themeStyle } from './head.tsx';
import type { SiteData } from './pageProps.ts';
import type { Route } from './route.ts';
import { linkedPaths, morePages } from './shell/footer/morePages.ts';
import { Banner } from './shell/Banner.tsx';
import { CompareStripSlot } from './shell/CompareStripSlot.tsx';
import { Footer } from './shell/footer/Footer.tsx';
import { Header } from './shell/Header.tsx';
import { requireNavigation } from './shell/navigationGuard.ts';
import { ServiceBar } from './shell/ServiceBar.tsx';
import { SubFooter } from './shell/SubFooter.tsx';
import { maskedTels, PhoneMaskingContext, type PhoneMasking } from './components/phoneMasking.ts';
import { formSite } from './forms/formSite.ts';
import { Island } from './Island.tsx';
import { ConsentBanner } from './islands/ConsentBanner.tsx';
import { ConsentPanel } from './shell/ConsentPanel.tsx';
import { measurementConfigured } from '../domain/measurement.ts';

/** The shell parts as HTML strings; '' when a part is switched off. */
export interface ShellHtml {
  banner: string;
  header: string;
  /** Mobile service-and-call bar. */
  serviceBar: string;
  /** Placeholder for the compare strip; the document includes it only on paths containing 'cars' or 'search'. */
  compareStrip: string;
  footer: string;
  subFooter: string;
  /** The record's theme as a <style> block for <head> (ui/head.tsx themeStyle), or ''. */
  themeStyle: string;
}

/** Masked variants of each rendered shell, by the shell they vary. */
const MASKED_SHELLS = new WeakMap<ShellHtml, (masking: PhoneMasking) => ShellHtml>();

/**
 * The shell of one page: a car page's keeps every number that has a reveal on the page masked
 * until the reveal (SPEC §4 "Phone reveal"), unless the record starts numbers shown; any other
 * page gets the dealer's shell as rendered.
 */
export function shellForRoute({ site, route, shell }: { site: Site; route: Route; shell: ShellHtml }): ShellHtml {
  if (route.kind !== 'car') return shell;
  const tels = maskedTels({ site, car: route.car });
  const variant = MASKED_SHELLS.get(shell);
  if (tels.length === 0 || !variant) return shell;
  const { websiteId, api } = formSite({ site });
  return variant({ tels, websiteId, api });
}

/**
 * The consent banner after the footer (its panel, and the island that starts it), for a dealer
 * with measurement configured; '' without: no banner, no script of its own.
 */
function consentBanner({ site }: { site: Site }): string {
  if (!measurementConfigured(site.measurement)) return '';
  const { consent } = site.regionSettings;
  return (
    renderToStaticMarkup(<ConsentPanel wording={consent} />) +
    renderToString(<Island name="ConsentBanner" component={ConsentBanner} props={{ measurement: site.measurement, mode: consent.mode }} />)
  );
}

/**
 * Renders every shell part for a dealer. Throws Error('Cannot run without navigation') (SPEC §8)
 * when site.navigation.header is not a list or navigation.footer is neither a list nor absent.
 */
export function renderShell({ site, routes = [] }: { site: Site; data: SiteData; routes?: readonly Route[] }): ShellHtml {
  // Fail before rendering anything, with the SPEC §8 message unwrapped so callers can match it.
  requireNavigation({ navigation: site.navigation });
  try {
    const banner = site.features.banner ? renderToStaticMarkup(<Banner site={site} />) : '';
    const header = renderToString(<Header site={site} />);
    const subFooter = site.sub_footer ? renderToStaticMarkup(<SubFooter config={site.sub_footer} />) : '';
    // The site's pages no navigation of the record links go in the footer, so none is an orphan.
    const navigated = renderToStaticMarkup(<Footer site={site} />);
    const more = morePages({ site, routes, linked: linkedPaths(banner + header + navigated + subFooter) });
    const consent = consentBanner({ site });
    const shell: ShellHtml = {
      banner,
      header,
      serviceBar: site.features.service_call_bar ? renderToStaticMarkup(<ServiceBar site={site} />) : '',
      compareStrip: site.features.compare ? renderToStaticMarkup(<CompareStripSlot searchPath={site.default_search_path} />) : '',
      footer: (more.length ? renderToStaticMarkup(<Footer site={site} more={more} />) : navigated) + consent,
      subFooter,
      themeStyle: themeStyle(site.theme),
    };
    // The parts that show numbers, again with some of them masked (a car page's reveals); one render per set of numbers.
    const variants = new Map<string, ShellHtml>();
    MASKED_SHELLS.set(shell, (masking) => {
      const key = masking.tels.join(' ');
      const cached = variants.get(key);
      if (cached) return cached;
      const masked = (node: ReactNode) => renderToStaticMarkup(<PhoneMaskingContext.Provider value={masking}>{node}</PhoneMaskingContext.Provider>);
      const variant: ShellHtml = {
        ...shell,
        banner: site.features.banner ? masked(<Banner site={site} />) : '',
        serviceBar: site.features.service_call_bar ? masked(<ServiceBar site={site} />) : '',
        // The consent banner has no numbers, but a car page needs it as much as any other page.
        footer: masked(more.length ? <Footer site={site} more={more} /> : <Footer site={site} />) + consent,
      };
      variants.set(key, variant);
      return variant;
    });
    return shell;
  } catch (error) {
    throw new Error(`Rendering the page shell of ${site.slug} failed`, { cause: error });
  }
}
