import { describe, expect, it } from 'vitest';
import { privacyPolicy } from './legal.ts';
import { SITE } from '../fixtures/sites/harbourside.ts';
import { regionSettings } from '../domain/region.ts';

const allHtml = (page: ReturnType<typeof privacyPolicy>) =>
  [page.intro ?? '', ...(page.sections ?? []).map((s) => `<h2>${s.heading}</h2>${s.body}`)].join('\n');

describe('privacyPolicy', () => {
  it('covers every topic SPEC §2 lists, under Australian privacy law', () => {
    const page = privacyPolicy({ site: SITE });
    expect(page.title).toBe('Privacy Policy');
    expect(page.path).toBe('/privacy-policy');
    const headings = (page.sections ?? []).map((s) => s.heading.toLowerCase()).join(' | ');
    for (const topic of ['why we collect', 'kinds of personal information', 'cookies', 'disclose', 'secure', 'access', 'opting out', 'complaints', 'changes']) {
      expect(headings).toContain(topic);
    }
    expect(page.intro).toContain('Privacy Act 1988');
    expect(allHtml(page)).toContain('Australian Privacy Principles');
  });

  it("fills in the dealer's name, address, email and phone", () => {
    const html = allHtml(privacyPolicy({ site: SITE }));
    expect(html).toContain('Harbourside Motors');
    expect(html).toContain('12 Wharf Road, Newcastle NSW 2300');
    expect(html).toContain('mailto:hello@harbourside.example.com');
    expect(html).toContain('02 4900 1234');
    expect(html).toContain('href="tel:+61249001234"');
  });

  it('escapes hostile record text', () => {
    const hostile = {
      ...SITE,
      name: 'Evil <script>alert(1)</script> & Co',
      email: '"><img src=x onerror=alert(1)>@x.com',
      address: { ...SITE.address, street: '<b>1</b> Bad St' },
    };
    const html = allHtml(privacyPolicy({ site: hostile }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>1</b>');
    expect(html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
  });

  it('says which template failed when a template does not compile', () => {
    expect(() => privacyPolicy({ site: SITE, source: '{{#section "x"}}unclosed' })).toThrow(/privacy-policy-au\.hbs does not compile|failed to render/);
  });
});

describe('privacyPolicy per region', () => {
  const TOPICS = ['why we collect', 'kinds of personal information', 'cookies', 'disclose', 'secure', 'access', 'opting out', 'complaints', 'changes'];
  it.each([
    ['NZ', ['Privacy Act 2020', 'information privacy principles', 'Office of the Privacy Commissioner', '55 Great South Road, Auckland 1051']],
    [
      'US',
      [
        'California Consumer Privacy Act',
        'Do not sell or share',
        'know',
        'delete',
        'correct',
        'How to submit a request',
        '7800 W Fairview Avenue, Boise, ID 83704',
      ],
    ],
  ] as const)('%s: its own law, the same nine topics, no Australian law', (region, expected) => {
    const address =
      region === 'NZ'
        ? { street: '55 Great South Road', city: 'Auckland', state: 'Auckland', postcode: '1051' }
        : { street: '7800 W Fairview Avenue', city: 'Boise', state: 'ID', postcode: '83704' };
    // The harbourside site moved to the region: privacyPolicy reads the region row, name, address, phone and email.
    const site = { ...SITE, region, regionSettings: regionSettings(region), address: { ...SITE.address, ...address } };
    const page = privacyPolicy({ site });
    const html = allHtml(page);
    const headings = (page.sections ?? []).map((s) => s.heading.toLowerCase()).join(' | ');
    for (const topic of TOPICS) expect(headings).toContain(topic);
    for (const text of expected) expect(html).toContain(text);
    for (const text of ['Privacy Act 1988', 'Australian Privacy Principles', 'OAIC', 'oaic.gov.au']) expect(html).not.toContain(text);
  });
});
