import { describe, expect, it } from 'vitest';
import { privacyPolicy } from './legal.ts';
import { SITE } from '../fixtures/sites/harbourside.ts';

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
    expect(html).toContain('href="tel:0249001234"');
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
    expect(() => privacyPolicy({ site: SITE, source: '{{#section "x"}}unclosed' })).toThrow(/privacy-policy\.hbs does not compile|failed to render/);
  });
});
