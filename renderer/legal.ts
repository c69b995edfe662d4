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
import { join } from 'node:path';
import Handlebars from 'handlebars';
import type { InfoPage, Site } from '../domain/site.ts';
import { safeHref } from '../domain/safeUrl.ts';
import { PRIVACY_PATH } from '../domain/routes/paths.ts';
import { formatAddress } from '../domain/region.ts';
import { formatPhone, phoneTel } from '../domain/phoneFormat.ts';
import { DEFAULT_TEMPLATES_DIR } from './templatesDir.ts';

/** Where a privacy policy template lives (a region row's privacy_template) under a templates folder. */
export function privacyTemplateFile({ templatesDir, name }: { templatesDir: string; name: string }): string {
  return join(templatesDir, 'content', name);
}

/** A region's privacy policy template, by its file name (renderer/buildSession.ts compiles each once per session). */
export type PrivacyTemplates = (name: string) => Handlebars.TemplateDelegate;

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

/** Compiles a privacy policy template source; `name` is the file it came from, for the error. */
export function compilePrivacyTemplate({ source, name }: { source: string; name: string }): Handlebars.TemplateDelegate {
  try {
    return hb.compile(source, { strict: false });
  } catch (cause) {
    throw new Error(`templates/content/${name} does not compile`, { cause });
  }
}

/** Reads and compiles the template `name` of `templatesDir`. */
export function readPrivacyTemplate({ templatesDir, name }: { templatesDir: string; name: string }): Handlebars.TemplateDelegate {
  return compilePrivacyTemplate({ source: readFileSync(privacyTemplateFile({ templatesDir, name }), 'utf8'), name });
}

/**
 * The privacy policy of `site` as an information page (bodies are escaped HTML), from `source`
 * (tests), else the session's `templates`, else the region's template read now from templates/.
 */
export function privacyPolicy({ site, source, templates }: { site: Site; source?: string; templates?: PrivacyTemplates }): InfoPage {
  const name = site.regionSettings.privacy_template;
  const render =
    source !== undefined
      ? compilePrivacyTemplate({ source, name })
      : templates
        ? templates(name)
        : readPrivacyTemplate({ templatesDir: DEFAULT_TEMPLATES_DIR, name });
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
