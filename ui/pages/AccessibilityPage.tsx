/**
 * The accessibility statement (/accessibility): the standard the site meets (WCAG 2.2 AA), how
 * it is tested, what others' content may fall short, and how to report a barrier with the
 * dealer's own contact details and contact form. The region's law comes from the region table
 * (accessibility_law) and its spelling from say(); the date is the build's.
 */
import type { PageProps } from '../pageProps.ts';
import { formatAddress, formatShortDate } from '../../domain/region.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { CONTACT_PATH } from '../../domain/routes/paths.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { say } from './parts/siteText.ts';

/** The statement page. */
export function AccessibilityPage({ site }: PageProps) {
  const email = site.email ? safeHref(`mailto:${site.email}`) : undefined;
  const address = formatAddress({ address: site.address, region: site.region });
  return (
    <article className="legal">
      <h1>Accessibility Statement</h1>
      <p className="lead">
        {`${site.name} wants everyone to be able to find, compare and ask about cars on this website, whatever their abilities and whatever technology they use.`}
      </p>
      <section aria-labelledby="accessibility-standard">
        <h2 id="accessibility-standard">What this website meets</h2>
        <p>
          This website aims to meet the <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines (WCAG) 2.2</a> at level AA, in line with{' '}
          {site.regionSettings.accessibility_law}. Every page can be used with a keyboard alone, with a screen reader and with text enlarged to 200%, and keeps
          its text readable against its background.
        </p>
      </section>
      <section aria-labelledby="accessibility-testing">
        <h2 id="accessibility-testing">How it is tested</h2>
        <ul>
          <li>
            Every kind of page is checked with the axe accessibility engine in the Chromium browser, at phone and desktop sizes, and must show no violations
            before it is published.
          </li>
          <li>Every kind of page is checked as valid HTML with the Nu HTML Checker.</li>
          <li>Menus, forms, galleries and dialogs are tested with a keyboard alone.</li>
        </ul>
      </section>
      <section aria-labelledby="accessibility-limits">
        <h2 id="accessibility-limits">Content from others</h2>
        <p>
          Maps, videos, reviews and some car photos and descriptions come from other providers and may not meet the same standard. If one of them stops you,
          tell us and we will give you the same information another way.
        </p>
      </section>
      <section aria-labelledby="accessibility-report">
        <h2 id="accessibility-report">Report a barrier</h2>
        <p>
          {say({
            site,
            text: 'If anything on this website stops you, please tell us which page and what happened, and we will help you and fix it. You can enquire the way that suits you:',
          })}
        </p>
        <ul>
          {site.phone ? (
            <li>
              Phone: <PhoneLink phone={site.phone} region={site.region} />
            </li>
          ) : null}
          {email ? (
            <li>
              Email: <a href={email}>{site.email}</a>
            </li>
          ) : null}
          <li>
            Our <a href={CONTACT_PATH}>contact form</a>
          </li>
          {address ? <li>In person: {address}</li> : null}
        </ul>
      </section>
      <p>{`This statement was prepared on ${formatShortDate({ date: site.now, region: site.region })}.`}</p>
    </article>
  );
}
