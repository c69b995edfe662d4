/**
 * Information pages from the record (SPEC §2 /faqs, /terms-and-conditions, /instant-price,
 * /special-offers, the group warranty pages): intro, FAQs as <details>, sections, then the
 * page's content blocks in order: text, FAQ, call to action, an embedded lead form of a named
 * kind (the instant price request: make, model, budget) and special offers, each with its end
 * date (its own, else the last day of the current month) and the matching cars in stock.
 */
import type { Site } from '../../domain/site.ts';
import type { PageProps, SiteData } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { offerEndDate } from '../../domain/openingHours.ts';
import { offerStock, runningOffers } from '../../domain/offers.ts';
import { carPath } from '../../domain/routes/paths.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { Island } from '../Island.tsx';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { formSite } from '../forms/formSite.ts';
import { Paragraphs } from './parts/Paragraphs.tsx';
import { siteNow } from './parts/siteText.ts';
import { carName } from '../../domain/carName.ts';

type Block = RouteOf<'info'>['page']['blocks'][number];

/** Default heading of an embedded form, by its kind. */
const FORM_HEADINGS: Record<'instant-price' | 'general', string> = { 'instant-price': 'Request an instant price', general: 'Send us a message' };

/** The heading of a list of questions that names none. */
const FAQ_HEADING = 'Questions and answers';

/** Questions and answers under a heading: a FAQ block, or the page's own `faqs`. */
function Faqs({ className, id, heading, items }: { className: string; id: string; heading: string; items: readonly { question: string; answer: string }[] }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {items.map((faq, i) => (
        <details key={i}>
          <summary>{faq.question}</summary>
          <Paragraphs text={faq.answer} />
        </details>
      ))}
    </section>
  );
}

/** One content block of an information page. */
function ContentBlock({ block, index, site, data, path }: { block: Block; index: number; site: Site; data: SiteData; path: string }) {
  const id = `block-${index}`;
  switch (block.type) {
    case 'text':
      return (
        <section className="info-block" aria-labelledby={block.heading ? id : undefined}>
          {block.heading ? <h2 id={id}>{block.heading}</h2> : null}
          <Paragraphs text={block.body} />
        </section>
      );
    case 'faq':
      return <Faqs className="info-block faqs" id={id} heading={block.heading ?? FAQ_HEADING} items={block.items} />;
    case 'cta': {
      const href = safeHref(block.url);
      return href ? (
        <p className="info-block info-cta">
          <a className={block.style === 'link' ? undefined : 'btn btn-primary'} href={href}>
            {block.text}
          </a>
        </p>
      ) : null;
    }
    case 'lead_form': {
      const heading = block.heading ?? FORM_HEADINGS[block.form];
      const form = { form: block.form, site: formSite({ site }), idPrefix: `info-form-${index}`, label: heading, pageId: path };
      return (
        <section className="info-block contact-form" aria-labelledby={id}>
          <h2 id={id}>{heading}</h2>
          <Island name="FormOnDemand" component={FormOnDemand} props={{ form, html: leadFormMarkup({ form }) }} />
        </section>
      );
    }
    case 'offers': {
      const offers = runningOffers({ offers: block.offers, now: siteNow(site) });
      return (
        <section className="info-block offers" aria-labelledby={id}>
          <h2 id={id}>{block.heading ?? 'Current offers'}</h2>
          {offers.length === 0 ? <p>There are no current offers. Please check back soon.</p> : null}
          {offers.map((offer, i) => {
            const cars = offerStock({ offer, cars: data.cars });
            return (
              <article key={i} className="offer" data-offer-card="">
                <h3>{offer.title}</h3>
                {offer.body ? <Paragraphs text={offer.body} /> : null}
                <p className="offer-end">
                  Offer ends{' '}
                  <time dateTime={offer.endsOn.toISOString().slice(0, 10)}>{longDate({ date: offer.endsOn, locale: site.regionSettings.locale })}</time>.
                </p>
                {cars.length > 0 ? (
                  <ul className="offer-stock" aria-label={`Cars in stock for ${offer.title}`}>
                    {cars.map((car) => (
                      <li key={car.id}>
                        <a href={carPath(car)}>{carName({ car })}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            );
          })}
        </section>
      );
    }
    default:
      return null;
  }
}

/** The path whose page shows an offer end date. */
const SPECIAL_OFFERS_PATH = '/special-offers';

/** Long date in the site locale ('30 June 2025'). */
export function longDate({ date, locale }: { date: Date | string; locale: string }): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** An information page. */
export function InfoPage({ site, route, data }: PageProps<RouteOf<'info'>>) {
  const { page } = route;
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
      {page.faqs && page.faqs.length > 0 && <Faqs className="faqs" id="faq-heading" heading={FAQ_HEADING} items={page.faqs} />}
      {page.sections?.map((section, i) => (
        <section key={i} aria-labelledby={`info-section-${i}`}>
          <h2 id={`info-section-${i}`}>{section.heading}</h2>
          <Paragraphs text={section.body} />
        </section>
      ))}
      {(page.blocks ?? []).map((block, i) => (
        <ContentBlock key={i} block={block} index={i} site={site} data={data} path={route.path} />
      ))}
    </article>
  );
}
