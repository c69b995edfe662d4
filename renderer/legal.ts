/**
 * Legal copy of a site (SPEC §2 "Privacy policy page"): the privacy policy rendered from
 * templates/content/privacy-policy.hbs with the dealer's name, address, email and phone.
 *
 * The template marks its parts with block helpers ({{#intro}}, {{#section "Heading"}}) that
 * collect into an InfoPage; PrivacyPage inserts the bodies as HTML. Handlebars escapes every
 * record value (default escaping is kept on purpose), so a hostile dealer name stays text.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { InfoPage, Site } from '../domain/site.ts';
import { safeHref } from '../domain/safeUrl.ts';
import { PRIVACY_PATH } from '../domain/routes/paths.ts';

/** Where the privacy policy template lives. */
export const PRIVACY_TEMPLATE_URL = new URL('../templates/content/privacy-policy.hbs', import.meta.url);

interface Collector {
  intro: string;
  sections: { heading: string; body: string }[];
}

const hb = Handlebars.create();
hb.registerHelper('intro', function (this: unknown, options: Handlebars.HelperOptions) {
  (options.data.collector as Collector).intro = String(options.fn(this)).trim();
  return '';
});
hb.registerHelper('section', function (this: unknown, heading: unknown, options: Handlebars.HelperOptions) {
  if (typeof heading !== 'string') throw new Error('{{#section}} needs a heading string');
  (options.data.collector as Collector).sections.push({ heading, body: String(options.fn(this)).trim() });
  return '';
});

let template: Handlebars.TemplateDelegate | null = null;

/** Compiles a privacy policy template (the file by default; a string for tests). */
export function compilePrivacyTemplate(source: string = readFileSync(PRIVACY_TEMPLATE_URL, 'utf8')): Handlebars.TemplateDelegate {
  try {
    return hb.compile(source, { strict: false });
  } catch (cause) {
    throw new Error('templates/content/privacy-policy.hbs does not compile', { cause });
  }
}

/** The privacy policy of `site` as an information page (bodies are escaped HTML). */
export function privacyPolicy({ site, source }: { site: Site; source?: string }): InfoPage {
  const render = source !== undefined ? compilePrivacyTemplate(source) : (template ??= compilePrivacyTemplate());
  const collector: Collector = { intro: '', sections: [] };
  const phone = site.phone ?? '';
  const contact = {
    ...site.address,
    // A tel: href from the phone's digits; an unusable number links nowhere rather than anywhere.
    tel: safeHref(`tel:${phone.replace(/[^\d+]/g, '')}`) ?? '#',
  };
  try {
    render({ site, contact }, { data: { collector } });
  } catch (cause) {
    throw new Error(`privacy policy for ${site.slug} failed to render`, { cause });
  }
  return { path: PRIVACY_PATH, title: 'Privacy Policy', intro: collector.intro, sections: collector.sections };
}
