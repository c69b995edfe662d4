/**
 * Every delivery format carries any text a shopper can type, exactly: random unicode, entity-like
 * (`&amp; &e; &#65;`) and markup-like (`<b>`, `]]>`, `<!--`) text goes into the salesperson email,
 * the ADF document and the webhook body; each ADF document is parsed by a real XML parser
 * (fast-xml-parser) and gives the text back as typed, less only what XML 1.0 cannot carry.
 */
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { adfDocument, xmlSafe } from './adfDocument.ts';
import type { LeadMessage } from './leadMessage.ts';
import { salespersonEmail } from './salespersonEmail.ts';
import { webhookBody } from './senders.ts';

/** Pieces that break hand-written XML or HTML, mixed with arbitrary code points. */
const TRICKY = [
  '&amp;',
  '&e;',
  '&#65;',
  '&#x41;',
  '&lt;',
  '&',
  '<b>',
  '</comments>',
  ']]>',
  '<![CDATA[x]]>',
  '<!--',
  '"',
  "'",
  '\r\n',
  '\r',
  '\n',
  '\t',
  ' ',
  '\u0000',
  '\u001b',
  '\u0085',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\u202e',
  '😀',
];
const shopperText = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(...TRICKY)), { maxLength: 12 })
  .map((parts) => parts.join(''));

function message(text: string, extra: Partial<LeadMessage> = {}): LeadMessage {
  return {
    delivery_id: '3f0c8a4e-7d1b-4c55-9a1e-0d6f1b2c3d4e',
    kind: 'lead',
    id: 7,
    requested_at: '2030-01-01T00:00:00.000Z',
    site: { slug: 'test-motors', name: 'Test Motors', url: 'https://test-motors.example' },
    currency: 'AUD',
    dealership: { slug: 'test-motors', name: 'Test Motors' },
    contact: { first_name: text, last_name: text, email: 'jane@example.com', phone: '0412 345 678', postcode: '4000' },
    category: null,
    subcategory: null,
    comments: text,
    page: null,
    vehicles: [
      {
        interest: 'buy',
        status: 'used',
        year: 2019,
        make: text,
        model: 'Corolla',
        trim: null,
        vin: null,
        stock: text,
        price: 23990,
        odometer: 41000,
        link: null,
      },
    ],
    offer: null,
    reservation: null,
    fields: {},
    ...extra,
  };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: false });
const textOf = (node: unknown): string =>
  typeof node === 'object' && node !== null ? String((node as { '#text'?: string })['#text'] ?? '') : String(node ?? '');
const unescapeHtml = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

describe('delivery formats round-trip any shopper text', () => {
  it('ADF/XML: well-formed, and a real parser reads back every value as typed (less what XML 1.0 cannot carry)', () => {
    fc.assert(
      fc.property(shopperText, (text) => {
        fc.pre(text !== '');
        const xml = adfDocument({ message: message(text) });
        expect(XMLValidator.validate(xml)).toBe(true);
        const prospect = parser.parse(xml).adf.prospect;
        const expected = xmlSafe(text);
        const names = prospect.customer.contact.name as unknown[];
        expect(names.map(textOf)).toEqual([expected, expected]);
        expect(textOf(prospect.vehicle.make)).toBe(expected);
        expect(textOf(prospect.vehicle.stock)).toBe(expected);
        expect(textOf(prospect.customer.comments)).toBe(expected);
        // Nothing XML 1.0 forbids is written raw.
        // eslint-disable-next-line no-control-regex
        expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\r]/);
      }),
      { numRuns: 300 },
    );
  });

  it('ADF/XML: the form fields and category inside the comments read back as typed', () => {
    fc.assert(
      fc.property(shopperText, shopperText, (category, answer) => {
        const xml = adfDocument({ message: message('Hi', { category, fields: { dateTime: answer } }) });
        expect(XMLValidator.validate(xml)).toBe(true);
        const comments = textOf(parser.parse(xml).adf.prospect.customer.comments);
        if (category) expect(comments).toContain(`Enquiry: ${xmlSafe(category)}`);
        expect(comments).toContain(`dateTime: ${xmlSafe(answer)}`);
      }),
      { numRuns: 150 },
    );
  });

  it('the webhook body is JSON that parses back to every value exactly', () => {
    fc.assert(
      fc.property(shopperText, (text) => {
        const body = JSON.parse(webhookBody({ message: message(text, { fields: { dateTime: text } }) }));
        expect(body).toMatchObject({ event: 'lead.created', comments: text, contact: { first_name: text }, fields: { dateTime: text } });
      }),
      { numRuns: 150 },
    );
  });

  it('the salesperson email: the text part carries the message as typed, the HTML part escaped, the subject on one line', () => {
    fc.assert(
      fc.property(shopperText, (text) => {
        const email = salespersonEmail({ message: message(text) });
        if (text) expect(email.text).toContain(`Message:\n${text}`);
        const paragraph = /<p style="white-space:pre-wrap">([^<]*)<\/p>/.exec(email.html);
        if (text) expect(unescapeHtml(paragraph![1])).toBe(text);
        expect(email.html.match(/<b>/g)).toBeNull();
        // eslint-disable-next-line no-control-regex
        expect(email.subject).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/);
      }),
      { numRuns: 150 },
    );
  });
});
