/**
 * The document <head> as a string (SPEC §2 page metadata): title, description, keywords,
 * canonical, Open Graph, twitter card, site verification, theme colours, stylesheet and JSON-LD.
 *
 * Built by concatenation because it runs for every page of every build; each value is escaped
 * for its context (attribute, text, inline JSON, CSS value allowlist).
 */
import { escapeMarkup } from '../domain/escapeMarkup.ts';
import { brandPalette } from '../domain/brandColours.ts';
import { safeHref } from '../domain/safeUrl.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from './route.ts';
import { inlineJsonOnce } from './safeJson.ts';

/** Page metadata (SPEC §2): title, metaDescription, metaType, metaImage, canonical, keywords. */
export interface PageMeta {
  title: string;
  metaDescription: string;
  /** Open Graph type ('website', 'product' ...). */
  metaType: string;
  /** Absolute image URL, or '' for none. */
  metaImage: string;
  /** The image's pixel size, when known (og:image:width and og:image:height). */
  metaImageWidth?: number;
  metaImageHeight?: number;
  /** site.baseUrl + route.path */
  canonical: string;
  /** Comma-separated keywords. */
  keywords: string;
}

/**
 * CSS colour values allowed into the inline theme style: hex, rgb()/rgba()/hsl()/hsla() with
 * plain numbers, or a named colour. Anything else (a `;`, `}`, `<`, url() ...) is dropped.
 */
const CSS_COLOUR = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(?:rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/+-]+\)|[a-z]{3,30})$/i;

/** The colour when it matches the CSS colour pattern, else null. */
export function safeCssColour(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && CSS_COLOUR.test(trimmed) ? trimmed : null;
}

/** A font-family list: names, spaces, commas, hyphens and quotes only. */
const CSS_FONT = /^[\w\s,'"-]{1,200}$/;

/**
 * The inline `<style>:root{...}</style>` of the site's theme, or '' when nothing is valid: the
 * brand colours with their derived shades and contrast-safe text colours (domain/brandColours.ts)
 * and the font. It follows the stylesheet, whose tokens (ui/styles/_tokens.css) name these
 * properties without setting them, so the record's brand is what every site computes.
 */
export function themeStyle(theme: Site['theme'] | undefined): string {
  if (!theme) return '';
  const props: string[] = [];
  const primary = safeCssColour(theme.primary);
  const accent = safeCssColour(theme.accent);
  if (primary && accent && HEX.test(primary) && HEX.test(accent)) {
    for (const [name, value] of Object.entries(brandPalette({ primary, accent }))) props.push(`--${name}:${value}`);
  } else {
    // Not hex (only possible for a theme built in code): the colours as given, without shades.
    if (primary) props.push(`--primary:${primary}`);
    if (accent) props.push(`--accent:${accent}`);
  }
  if (theme.font && CSS_FONT.test(theme.font)) props.push(`--font:${theme.font}`);
  return props.length ? `<style>:root{${props.join(';')}}</style>` : '';
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const meta = (attr: 'name' | 'property', key: string, content: string) => (content ? `<meta ${attr}="${key}" content="${escapeMarkup(content)}">` : '');

/** Props of {@link renderHead}. */
export interface HeadProps {
  site: Site;
  route: Route;
  meta: PageMeta;
  jsonLd: object[];
  assets: { css: string };
  /** The theme's <style> block (themeStyle), made once per dealer with the shell. */
  themeStyle: string;
}

/** The inner HTML of <head>. */
export function renderHead({ site, route, meta: m, jsonLd, assets, themeStyle: theme }: HeadProps): string {
  const parts = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeMarkup(m.title)}</title>`,
    meta('name', 'description', m.metaDescription),
    meta('name', 'keywords', m.keywords),
    route.indexable ? '' : '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeMarkup(m.canonical)}">`,
    meta('property', 'og:type', m.metaType),
    meta('property', 'og:title', m.title),
    meta('property', 'og:description', m.metaDescription),
    meta('property', 'og:image', m.metaImage),
    m.metaImage && m.metaImageWidth && m.metaImageHeight ? meta('property', 'og:image:width', String(m.metaImageWidth)) : '',
    m.metaImage && m.metaImageWidth && m.metaImageHeight ? meta('property', 'og:image:height', String(m.metaImageHeight)) : '',
    // The page's title names what the image shows: the car, the model, the location or the dealer.
    m.metaImage ? meta('property', 'og:image:alt', m.title) : '',
    meta('property', 'og:url', m.canonical),
    meta('property', 'og:site_name', site.name),
    // Open Graph writes locales with an underscore (en_AU).
    meta('property', 'og:locale', site.regionSettings.locale.replace('-', '_')),
    meta('name', 'twitter:card', m.metaImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', m.title),
    meta('name', 'twitter:description', m.metaDescription),
    meta('name', 'twitter:image', m.metaImage),
    m.metaImage ? meta('name', 'twitter:image:alt', m.title) : '',
    site.google_site_verification ? meta('name', 'google-site-verification', site.google_site_verification) : '',
    // Browsers ask for /favicon.ico on their own; naming the dealer's logo answers that with
    // a file the site has instead of a 404.
    site.logo?.url && safeHref(site.logo.url) ? `<link rel="icon" href="${escapeMarkup(site.logo.url)}">` : '',
    `<link rel="stylesheet" href="${escapeMarkup(assets.css)}">`,
    theme,
    ...jsonLd.map((obj) => `<script type="application/ld+json">${inlineJsonOnce(obj)}</script>`),
  ];
  return parts.filter(Boolean).join('');
}
