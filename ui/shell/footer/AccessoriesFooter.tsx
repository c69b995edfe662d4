/**
 * The 4x4 accessories footer (SPEC §2 Footers): a 'Subscribe For Updates' form (category General
 * Enquiry, message and location fields removed, button 'Subscribe'), a Contact Us block, an Owners
 * Group button, and Links and Dealers columns. The form here is server markup with data hooks;
 * the form island (a later issue) submits it. Its fields come from domain/formRules.ts.
 */
import { fieldsFor, type FieldSpec } from '../../../domain/formRules.ts';
import { safeHref } from '../../../domain/safeUrl.ts';
import type { Site } from '../../../domain/site.ts';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import { locationPath, visibleLocations } from '../../components/locationLinks.ts';
import { ContactBlock } from './ContactBlock.tsx';
import type { FooterLink, FooterLinkColumn } from './footerColumns.ts';
import { FooterColumns } from './FooterParts.tsx';

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

/** One form control from its domain FieldSpec (server markup; the form island takes it over later). */
function Field({ field }: { field: FieldSpec }) {
  const id = `fc-subscribe-${field.name}`;
  if (field.type === 'hidden') return <input type="hidden" name={field.name} value={String(field.default ?? '')} />;
  if (field.type === 'checkbox') {
    return (
      <p className="form-check">
        <input id={id} type="checkbox" name={field.name} defaultChecked={field.default === true} required={field.required} />
        <label htmlFor={id}>{field.label}</label>
      </p>
    );
  }
  const control =
    field.type === 'select' ? (
      <select id={id} name={field.name} required={field.required} defaultValue={String(field.default ?? '')}>
        {(field.options ?? []).map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    ) : field.type === 'textarea' ? (
      <textarea id={id} name={field.name} required={field.required} defaultValue={String(field.default ?? '')} />
    ) : (
      <input
        id={id}
        type={INPUT_TYPES[field.type] ?? 'text'}
        name={field.name}
        required={field.required}
        maxLength={field.maxLength}
        autoComplete={AUTOCOMPLETE[field.name]}
        {...(field.type === 'postcode' ? { inputMode: 'numeric' as const } : {})}
      />
    );
  return (
    <p className="form-field">
      <label htmlFor={id}>{field.label}</label>
      {control}
    </p>
  );
}

const INPUT_TYPES: Partial<Record<FieldSpec['type'], string>> = { email: 'email', phone: 'tel', date: 'date' };
const AUTOCOMPLETE: Record<string, string> = { name: 'given-name', last_name: 'family-name', email: 'email', phone: 'tel', postcode: 'postal-code' };

function SubscribeForm({ site }: { site: Site }) {
  const fields = fieldsFor({ form: 'subscribe', config: site.forms }).filter((field) => !REMOVED_FIELDS.has(field.name));
  return (
    <section className="footer-subscribe" aria-labelledby="fc-subscribe-title">
      <h2 className="footer-heading" id="fc-subscribe-title">
        Subscribe For Updates
      </h2>
      <form className="subscribe-form" method="post" action="/api/leads" data-form="subscribe" noValidate>
        {fields.map((field) => (
          <Field field={field} key={field.name} />
        ))}
        <button type="submit" className="btn btn-primary">
          Subscribe
        </button>
      </form>
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
