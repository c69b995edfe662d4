/**
 * Legal copy of a site (SPEC §2 "Privacy policy page"): the privacy policy rendered from the
 * region's template (domain/regionTable.ts privacy_template under templates/content/: AU Privacy
 * Act 1988, NZ Privacy Act 2020, a US state-law notice) with the dealer's name, address, email
 * and phone.
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
import { formatAddress } from '../domain/region.ts';
import { formatPhone, phoneTel } from '../domain/phoneFormat.ts';

/** Where a privacy policy template lives (a region row's privacy_template). */
export function privacyTemplateUrl(name: string): URL {
  return new URL(`../templates/content/${name}`, import.meta.url);
}

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

const templates = new Map<string, Handlebars.TemplateDelegate>();

/** Compiles a privacy policy template source; `name` is the file it came from, for the error. */
export function compilePrivacyTemplate({ source, name }: { source: string; name: string }): Handlebars.TemplateDelegate {
  try {
    return hb.compile(source, { strict: false });
  } catch (cause) {
    throw new Error(`templates/content/${name} does not compile`, { cause });
  }
}

function regionTemplate(name: string): Handlebars.TemplateDelegate {
  let template = templates.get(name);
  if (!template) {
    template = compilePrivacyTemplate({ source: readFileSync(privacyTemplateUrl(name), 'utf8'), name });
    templates.set(name, template);
  }
  return template;
}

/** The privacy policy of `site` as an information page (bodies are escaped HTML). */
export function privacyPolicy({ site, source }: { site: Site; source?: string }): InfoPage {
  const name = site.regionSettings.privacy_template;
  const render = source !== undefined ? compilePrivacyTemplate({ source, name }) : regionTemplate(name);
  const collector: Collector = { intro: '', sections: [] };
  const phone = site.phone ?? '';
  const contact = {
    ...site.address,
    // The region's one-line address (no repeated city).
    line: formatAddress({ address: site.address, region: site.region }),
    // The number as the region writes it, and its tel: href in E.164; an unusable number links nowhere rather than anywhere.
    phone: formatPhone({ phone, region: site.region }),
    tel: safeHref(phoneTel({ phone, region: site.region }) ?? '') ?? '#',
  };
  try {
    render({ site, contact }, { data: { collector } });
  } catch (cause) {
    throw new Error(`privacy policy for ${site.slug} failed to render`, { cause });
  }
  return { path: PRIVACY_PATH, title: 'Privacy Policy', intro: collector.intro, sections: collector.sections, blocks: [] };
}
