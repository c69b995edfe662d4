/**
 * The 4x4 accessories footer (SPEC §2 Footers): a 'Subscribe For Updates' form (category General
 * Enquiry, message and location fields removed, button 'Subscribe'), a Contact Us block, an Owners
 * Group button, and Links and Dealers columns. The form is the shared lead form (FormOnDemand
 * island: server markup until the shopper uses it, then the form code loads); its fields come from domain/formRules.ts.
 */
import { Island } from '../../Island.tsx';
import { FormOnDemand } from '../../islands/FormOnDemand.tsx';
import { formSite } from '../../forms/formSite.ts';
import { leadFormMarkup } from '../../forms/formMarkup.ts';
import { safeHref } from '../../../domain/safeUrl.ts';
import type { Site } from '../../../domain/site.ts';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import { visibleLocations } from '../../components/locationLinks.ts';
import { ContactBlock } from './ContactBlock.tsx';
import type { FooterLink, FooterLinkColumn } from './footerColumns.ts';
import { FooterColumns } from './FooterParts.tsx';
import { locationPath } from '../../../domain/routes/paths.ts';

/** SPEC §2: the subscribe form leaves these out. */
const REMOVED_FIELDS = new Set(['message', 'location', 'location_id']);

/** The Dealers column: the group's dealership websites, else its locations. */
export function dealerLinks({ site }: { site: Site }): FooterLink[] {
  const websites = (site.dealership_websites ?? []).flatMap(({ name, url }) => {
    const href = safeHref(url);
    return href ? [{ name, url: href }] : [];
  });
  if (websites.length > 0) return websites;
  return visibleLocations(site.locations ?? []).map((location) => ({ name: location.name, url: locationPath({ paths: site.paths, location }) }));
}

function SubscribeForm({ site }: { site: Site }) {
  const form = { form: 'subscribe' as const, site: formSite({ site }), idPrefix: 'fc-subscribe', remove: [...REMOVED_FIELDS], label: 'Subscribe For Updates' };
  return (
    <section className="footer-subscribe" aria-labelledby="fc-subscribe-title">
      <h2 className="footer-heading" id="fc-subscribe-title">
        Subscribe For Updates
      </h2>
      {/* In the footer: its code waits until the form scrolls into view. */}
      <Island name="FormOnDemand" component={FormOnDemand} props={{ form, html: leadFormMarkup({ form }) }} when="visible" />
    </section>
  );
}

/** Props of {@link AccessoriesFooter}. */
export interface AccessoriesFooterProps {
  site: Site;
  /** Every footer link column; flattened into the one 'Links' column. */
  columns: FooterLinkColumn[];
}

/** The accessories footer body. */
export function AccessoriesFooter({ site, columns }: AccessoriesFooterProps) {
  const owners = safeHref(site.footer.owners_group_url);
  const links: FooterLinkColumn[] = [
    { heading: 'Links', links: columns.flatMap((column) => column.links) },
    { heading: 'Dealers', links: dealerLinks({ site }) },
  ].filter((column) => column.links.length > 0);
  return (
    <>
      {site.footer.subscribe ? <SubscribeForm site={site} /> : null}
      <div className="footer-contact-group">
        <ContactBlock site={site} compact />
        {owners ? (
          <a className="btn btn-outline footer-owners" href={owners} target="_blank" rel="noopener noreferrer">
            Owners Group
          </a>
        ) : null}
        <SocialLinks fields={site} owner={site.name} />
      </div>
      <FooterColumns columns={links} />
    </>
  );
}
