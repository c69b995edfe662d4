/**
 * The email a salesperson reads: who, which car (stock number, link), what they asked, when and
 * from which page, in plain text and HTML. Every value is escaped for HTML; the subject holds no
 * line breaks.
 */
import type { LeadMessage } from './leadMessage.ts';

const KIND_LABELS: Record<LeadMessage['kind'], string> = {
  lead: 'New enquiry',
  valuation: 'New trade-in valuation',
  reservation: 'Car reservation',
  service_booking: 'New service booking',
};

/** Subject, text and HTML of the salesperson email. */
export function salespersonEmail({ message }: { message: LeadMessage }): { subject: string; text: string; html: string } {
  const who = [message.contact.first_name, message.contact.last_name].filter(Boolean).join(' ') || 'A shopper';
  const car = message.vehicles.find((v) => v.interest !== 'trade-in');
  const carName = car ? vehicleName(car) : '';
  const subject = oneLine(
    `${KIND_LABELS[message.kind]}${message.category ? ` (${message.category})` : ''}: ${who}${carName ? ` - ${carName}` : ''}${car?.stock ? ` [${car.stock}]` : ''}`,
  );
  const rows: [string, string][] = [
    ['Name', who],
    ['Email', message.contact.email],
    ['Phone', message.contact.phone],
    ['Postcode', message.contact.postcode],
    ['Enquiry', [message.category, message.subcategory].filter(Boolean).join(' / ')],
    ['Store', message.dealership.name],
  ];
  for (const vehicle of message.vehicles) {
    const label = vehicle.interest === 'trade-in' ? 'Trade-in' : 'Car';
    rows.push([label, vehicleName(vehicle)]);
    if (vehicle.stock) rows.push(['Stock number', vehicle.stock]);
    if (vehicle.vin) rows.push(['VIN', vehicle.vin]);
    if (vehicle.price !== null) rows.push(['Price', `${vehicle.price} ${message.currency}`]);
    if (vehicle.odometer !== null) rows.push(['Odometer', `${vehicle.odometer} km`]);
    if (vehicle.link) rows.push(['Link', vehicle.link]);
  }
  if (message.offer) rows.push(['Offer made', `${message.offer.price} ${message.offer.currency}`]);
  if (message.reservation) {
    rows.push(['Deposit', `${message.reservation.amount} ${message.reservation.currency} via ${message.reservation.provider}`]);
    rows.push(['Payment', message.reservation.status]);
  }
  for (const [key, value] of Object.entries(message.fields)) rows.push([key, value]);
  rows.push(['Sent', message.requested_at]);
  if (message.page) rows.push(['Page', message.page]);
  rows.push(['Delivery id', message.delivery_id]);
  const shown = rows.filter(([, value]) => value !== '');
  const text = [
    `${KIND_LABELS[message.kind]} from ${message.site.name}`,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    ...(message.comments ? ['', 'Message:', message.comments] : []),
    '',
    'Reply to this email to answer the shopper.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif">
<h1 style="font-size:1.2rem">${escapeHtml(KIND_LABELS[message.kind])} from ${escapeHtml(message.site.name)}</h1>
<table>${shown
    .map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding-right:1em">${escapeHtml(label)}</th><td>${cellHtml(label, value)}</td></tr>`)
    .join('\n')}</table>
${message.comments ? `<h2 style="font-size:1rem">Message</h2><p style="white-space:pre-wrap">${escapeHtml(message.comments)}</p>` : ''}
<p>Reply to this email to answer the shopper.</p>
</body></html>`;
  return { subject, text, html };
}

function cellHtml(label: string, value: string): string {
  if ((label === 'Link' || label === 'Page') && /^https?:\/\//.test(value)) return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
  return escapeHtml(value);
}

function vehicleName(vehicle: LeadMessage['vehicles'][number]): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter((part) => part !== null && part !== '').join(' ');
}

function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').slice(0, 200);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
