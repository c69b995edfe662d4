/**
 * The dealership's contact block in footers: address, phone, email, staff, opening hours and the
 * static map (each part switched by site.footer flags).
 */
import { safeHref } from '../../../domain/safeUrl.ts';
import type { Site } from '../../../domain/site.ts';
import { addressLine, visibleLocations } from '../../components/locationLinks.ts';
import { OpeningHours } from '../../components/OpeningHours.tsx';
import { PhoneLink } from '../../components/PhoneLink.tsx';
import { StaticMap } from '../../components/StaticMap.tsx';
import { StaffList, staffContacts } from './FooterParts.tsx';

/** Props of {@link ContactBlock}. */
export interface ContactBlockProps {
  site: Site;
  heading?: string;
  /** Leave out staff, hours and map (compact variants). */
  compact?: boolean;
}

/** Contact details of the dealership as a whole. */
export function ContactBlock({ site, heading = 'Contact Us', compact = false }: ContactBlockProps) {
  const primary = visibleLocations(site.locations ?? []).find((location) => location.primary) ?? visibleLocations(site.locations ?? [])[0];
  const hours = site.opening_hours?.length ? site.opening_hours : primary?.contact_detail?.opening_hours;
  const email = safeHref(site.email ? `mailto:${site.email}` : null);
  return (
    <div className="footer-contact">
      <h2 className="footer-heading">{heading}</h2>
      <address>
        <span>{addressLine({ address: site.address, region: site.region })}</span>
        <PhoneLink phone={site.phone} region={site.region} icon />
        {email ? <a href={email}>{site.email}</a> : null}
      </address>
      {!compact && site.footer.show_staff ? <StaffList staff={staffContacts(site.locations ?? [])} region={site.region} /> : null}
      {!compact && site.footer.show_opening_hours ? <OpeningHours hours={hours} monSat={site.features.hours_mon_sat} caption="Opening Hours" /> : null}
      {!compact && site.footer.show_map ? <StaticMap address={site.address} name={site.name} width={320} height={180} directions /> : null}
    </div>
  );
}
