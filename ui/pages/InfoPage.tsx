/**
 * Information pages from the record (SPEC §2 /faqs, /terms-and-conditions, /instant-price,
 * /special-offers, the group warranty pages): intro, FAQs as <details>, and sections. Special
 * offers state their end date, the last day of the current month (domain offerEndDate).
 */
import type { PageProps } from '../pageProps.ts';
import { offerEndDate } from '../../domain/openingHours.ts';
import { Paragraphs } from './parts/Paragraphs.tsx';
import { siteNow } from './parts/siteText.ts';

/** The path whose page shows an offer end date. */
const SPECIAL_OFFERS_PATH = '/special-offers';

/** Long date in the site locale ('30 June 2025'). */
export function longDate({ date, locale }: { date: Date | string; locale: string }): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** An information page. */
export function InfoPage({ site, route }: PageProps) {
  const page = route.page;
  if (!page) throw new Error(`info route ${route.path} has no page`);
  const offerEndsOn = route.path === SPECIAL_OFFERS_PATH ? offerEndDate({ now: siteNow(site) }) : null;
  const offerEnd = offerEndsOn ? longDate({ date: offerEndsOn, locale: site.regionSettings.locale }) : null;
  return (
    <article className="info-page">
      <h1>{page.title}</h1>
      {page.intro && (
        <div className="lead">
          <Paragraphs text={page.intro} />
        </div>
      )}
      {offerEnd && (
        <p className="offer-end">
          Offers end <time dateTime={offerEndsOn?.toISOString().slice(0, 10)}>{offerEnd}</time>.
        </p>
      )}
      {page.faqs && page.faqs.length > 0 && (
        <section aria-labelledby="faq-heading" className="faqs">
          <h2 id="faq-heading">Questions and answers</h2>
          {page.faqs.map((faq, i) => (
            <details key={i}>
              <summary>{faq.question}</summary>
              <Paragraphs text={faq.answer} />
            </details>
          ))}
        </section>
      )}
      {page.sections?.map((section, i) => (
        <section key={i} aria-labelledby={`info-section-${i}`}>
          <h2 id={`info-section-${i}`}>{section.heading}</h2>
          <Paragraphs text={section.body} />
        </section>
      ))}
    </article>
  );
}
