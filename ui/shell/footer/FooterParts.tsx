/**
 * Pieces every footer variant uses (SPEC §2 Footers): link columns, licence numbers, staff
 * contacts, copyright, 'Powered By' credit and the scroll-to-top link.
 */
import { safeHref } from '../../../domain/safeUrl.ts';
import type { Site } from '../../../domain/site.ts';
import type { Location, StaffContact } from '../../../domain/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { PhoneLink } from '../../components/PhoneLink.tsx';
import { visibleLocations } from '../../components/locationLinks.ts';
import type { FooterLinkColumn } from './footerColumns.ts';
import { measurementConfigured } from '../../../domain/measurement.ts';
import { PRIVACY_PATH } from '../../../domain/routes/paths.ts';

/** Columns of links, each a list under its heading, in a nav landmark. */
export function FooterColumns({ columns, label = 'Footer' }: { columns: FooterLinkColumn[]; label?: string }) {
  if (columns.length === 0) return null;
  return (
    <nav className="footer-columns" aria-label={label}>
      {columns.map((column, i) => (
        <div className="footer-column" key={`${column.heading}-${i}`}>
          <h2 className="footer-heading">{column.heading}</h2>
          <ul>
            {column.links.map((entry, j) => (
              <li key={`${entry.url}-${j}`}>
                <a href={entry.url}>{entry.name}</a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Licence and repairer numbers: footer.licence_numbers, else each location's dealer licence and repairer numbers. */
export function licenceLines({ site }: { site: Pick<Site, 'footer' | 'locations'> }): string[] {
  if (site.footer.licence_numbers.length > 0) return site.footer.licence_numbers.map(({ label, number }) => `${label} ${number}`);
  const lines = visibleLocations(site.locations ?? []).flatMap((location) => [
    location.dealer_license_number ? `Dealer Licence ${location.dealer_license_number}` : null,
    location.motor_vehicle_repairer ? `Motor Vehicle Repairer ${location.motor_vehicle_repairer}` : null,
  ]);
  return [...new Set(lines.filter((line): line is string => line !== null))];
}

/** The licence and repairer numbers line. */
export function LicenceNumbers({ site }: { site: Site }) {
  const lines = licenceLines({ site });
  if (lines.length === 0) return null;
  return (
    <p className="footer-licences">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </p>
  );
}

/** Staff contacts of every visible location, once each. */
export function staffContacts(locations: Location[]): StaffContact[] {
  const seen = new Set<string>();
  return visibleLocations(locations)
    .flatMap((location) => location.staff ?? [])
    .filter((person) => {
      const key = `${person.name}|${person.department}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Contact staff with department and phone. */
export function StaffList({ staff, region }: { staff: StaffContact[]; region: Site['region'] }) {
  if (staff.length === 0) return null;
  return (
    <ul className="footer-staff">
      {staff.map((person) => (
        <li key={`${person.name}|${person.department}`}>
          <span className="staff-name">{person.name}</span>
          <span className="staff-department">{person.department}</span>
          <PhoneLink phone={person.phone} region={region} />
        </li>
      ))}
    </ul>
  );
}

/** '© <year of site.now> <dealer name>' and the 'Powered By' credit. */
export function Copyright({ site }: { site: Site }) {
  const year = new Date(site.now).getUTCFullYear();
  const powered = site.footer.powered_by;
  const poweredHref = powered ? safeHref(powered.url) : undefined;
  return (
    <p className="footer-copyright">
      <span>{`© ${year} ${site.name}`}</span>
      {powered ? (
        <span className="powered-by">
          {'Powered By '}
          {poweredHref ? (
            <a href={poweredHref} target="_blank" rel="noopener noreferrer">
              {powered.name}
            </a>
          ) : (
            powered.name
          )}
        </span>
      ) : null}
    </p>
  );
}

/** Back-to-top link: '#top' scrolls to the top in every browser without JavaScript. */
export function ScrollToTop() {
  return (
    <a className="scroll-to-top" href="#top">
      <Icon name="arrow-up" size={20} />
      <span className="visually-hidden">Back to top</span>
    </a>
  );
}

/** The bottom row shared by all variants: licences, copyright, credit, optional scroll-to-top. */
export function FooterBottom({ site }: { site: Site }) {
  return (
    <div className="footer-bottom">
      <div className="container footer-bottom-inner">
        <LicenceNumbers site={site} />
        <Copyright site={site} />
        {measurementConfigured(site.measurement) ? (
          // Opens the consent banner (ui/islands/ConsentBanner.tsx); without script it goes to the privacy policy.
          <a className="footer-consent-link" href={PRIVACY_PATH} data-consent-settings="">
            {site.regionSettings.consent.footer_link}
          </a>
        ) : null}
        {site.footer.scroll_to_top ? <ScrollToTop /> : null}
      </div>
    </div>
  );
}
