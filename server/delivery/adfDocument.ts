/**
 * ADF/XML 1.0 (Auto-lead Data Format), what dealer CRMs ingest: one prospect with its request
 * date, the vehicles (the car asked about; a trade-in as interest="trade-in"), the customer's
 * contact and comments, the vendor (the dealership) and the provider (the site). Built only
 * with xmlbuilder2, every value through {@link xmlText}: characters XML 1.0 cannot carry are
 * dropped first, and every '&' is escaped (xmlbuilder2 leaves an '&' that looks like an entity,
 * `&amp;` or `&e;`, as it is, which made a shopper's "&e;" an undefined entity for the CRM).
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { LeadMessage } from './leadMessage.ts';

/** Media type of an ADF document sent over HTTP or attached to an email. */
export const ADF_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** The ADF document of a delivery. */
export function adfDocument({ message }: { message: LeadMessage }): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ins('adf', 'version="1.0"').ele('adf');
  const prospect = root.ele('prospect', { status: 'new' });
  text(prospect.ele('id', { sequence: '1', source: attribute(message.site.name) }), message.delivery_id);
  text(prospect.ele('requestdate'), message.requested_at);
  for (const vehicle of message.vehicles) {
    const node = prospect.ele('vehicle', { interest: attribute(vehicle.interest), status: attribute(vehicle.status) });
    optional(node, 'year', vehicle.year);
    optional(node, 'make', vehicle.make);
    optional(node, 'model', vehicle.model);
    optional(node, 'vin', vehicle.vin);
    optional(node, 'stock', vehicle.stock);
    optional(node, 'trim', vehicle.trim);
    if (vehicle.odometer !== null) text(node.ele('odometer', { status: 'original', units: 'km' }), String(vehicle.odometer));
    if (vehicle.price !== null) text(node.ele('price', { type: 'asking', currency: attribute(message.currency) }), String(vehicle.price));
    if (vehicle.interest === 'trade-in' && message.offer)
      text(node.ele('price', { type: 'offer', currency: attribute(message.offer.currency) }), String(message.offer.price));
  }
  const customer = prospect.ele('customer');
  const contact = customer.ele('contact');
  const { first_name, last_name, email, phone, postcode } = message.contact;
  if (first_name) text(contact.ele('name', { part: 'first' }), first_name);
  if (last_name) text(contact.ele('name', { part: 'last' }), last_name);
  if (!first_name && !last_name) text(contact.ele('name', { part: 'full' }), '');
  if (email) text(contact.ele('email'), email);
  if (phone) text(contact.ele('phone', { type: 'voice' }), phone);
  if (postcode) text(contact.ele('address').ele('postalcode'), postcode);
  const comments = commentsOf(message);
  if (comments) text(customer.ele('comments'), comments);
  const vendor = prospect.ele('vendor');
  text(vendor.ele('vendorname'), message.dealership.name);
  text(vendor.ele('contact').ele('name', { part: 'full' }), message.dealership.name);
  const provider = prospect.ele('provider');
  text(provider.ele('name', { part: 'full' }), message.site.name);
  text(provider.ele('service'), 'Forecourt dealer website');
  if (message.site.url) text(provider.ele('url'), message.site.url);
  return root.end({ prettyPrint: true });
}

/** The comments of the prospect: what the shopper wrote, then what else the form said. */
function commentsOf(message: LeadMessage): string {
  const lines = [message.comments];
  if (message.category) lines.push(`Enquiry: ${message.category}${message.subcategory ? ` / ${message.subcategory}` : ''}`);
  if (message.reservation) lines.push(`Deposit ${message.reservation.amount} ${message.reservation.currency}: ${message.reservation.status}`);
  for (const [key, value] of Object.entries(message.fields)) lines.push(`${key}: ${value}`);
  if (message.page) lines.push(`Page: ${message.page}`);
  return lines.filter(Boolean).join('\n');
}

function optional(node: XMLBuilder, name: string, value: string | number | null): void {
  if (value !== null && value !== '') text(node.ele(name), String(value));
}

function text(node: XMLBuilder, value: string): void {
  node.txt(xmlText(value));
}

/** An attribute value: as text, with tabs and line breaks as spaces (what a parser reads them as). */
function attribute(value: string): string {
  return xmlText(value).replace(/[\t\n]/g, ' ');
}

/**
 * A value as xmlbuilder2 must be given it: {@link xmlSafe}, then every '&' written as '&amp;'.
 * xmlbuilder2 escapes '<', '>' and an '&' that starts no entity, but passes `&name;` and `&#n;`
 * through as markup; escaping each '&' first leaves it nothing to pass through.
 */
function xmlText(value: string): string {
  return xmlSafe(value).replaceAll('&', '&amp;');
}

/**
 * The text an ADF document carries for `value`, which a parser reads back exactly: what XML 1.0
 * cannot hold is dropped (C0 controls but tab and line feed, lone surrogates, U+FFFE/U+FFFF), and
 * a carriage return (CRLF or alone) becomes a line feed, as every XML parser reads it anyway.
 */
export function xmlSafe(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
  );
}
