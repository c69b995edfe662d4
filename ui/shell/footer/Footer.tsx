/**
 * The dealership footer (SPEC §2 Footers), by site.footer.style:
 * - standard: link columns, contact block (staff, hours, map), social links;
 * - group: every location of the group with its details, then the columns;
 * - perth: compact quick-links/services columns, licence numbers and social icons;
 * - accessories: 'Subscribe For Updates', a Contact Us block, an Owners Group button, Links and Dealers columns.
 * All variants end with licences, copyright, 'Powered By' and (footer.scroll_to_top) the scroll-to-top link.
 */
import type { Site } from '../../../domain/site.ts';
import { LocationInfo } from '../../components/LocationInfo.tsx';
import { visibleLocations } from '../../components/locationLinks.ts';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import { AccessoriesFooter } from './AccessoriesFooter.tsx';
import { ContactBlock } from './ContactBlock.tsx';
import { footerColumns } from './footerColumns.ts';
import { FooterBottom, FooterColumns } from './FooterParts.tsx';
import type { PageLink } from './morePages.ts';
import { PriceDisclaimer } from '../../pages/parts/PriceDisclaimer.tsx';

function Body({ site }: { site: Site }) {
  const columns = footerColumns({ site });
  switch (site.footer.style) {
    case 'group':
      return (
        <>
          <ul className="footer-locations">
            {visibleLocations(site.locations ?? []).map((location) => (
              <li key={location.id}>
                <LocationInfo site={site} location={location} headingLevel={2} showContact={false} extras={false} />
              </li>
            ))}
          </ul>
          <FooterColumns columns={columns} />
          <SocialLinks fields={site} owner={site.name} />
        </>
      );
    case 'perth':
      return (
        <>
          <FooterColumns columns={columns} />
          <ContactBlock site={site} compact />
          <SocialLinks fields={site} owner={site.name} size={22} />
        </>
      );
    case 'accessories':
      return <AccessoriesFooter site={site} columns={columns} />;
    default:
      return (
        <>
          <FooterColumns columns={columns} />
          <ContactBlock site={site} />
          <SocialLinks fields={site} owner={site.name} />
        </>
      );
  }
}

/** The footer element for the site's footer style, with links to the pages no navigation links (`more`). */
export function Footer({ site, more = [] }: { site: Site; more?: readonly PageLink[] }) {
  return (
    <footer className={`site-footer footer-${site.footer.style}`}>
      <div className="container footer-inner">
        <Body site={site} />
      </div>
      {more.length > 0 && (
        <nav className="container footer-more" aria-label="More pages">
          <ul>
            {more.map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* The price disclaimer: the region's text, then the dealer's (domain/priceQualifier.ts). */}
      <PriceDisclaimer site={site} className="container footer-disclaimer" />
      <FooterBottom site={site} />
    </footer>
  );
}
