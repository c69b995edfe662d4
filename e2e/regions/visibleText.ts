/**
 * What a shopper reads on a generated page, from its HTML: the text between tags (scripts and
 * styles left out), the attributes a browser shows or reads aloud (aria-label, title,
 * placeholder, alt, value of buttons, meta descriptions) and the JSON-LD text. Island props and
 * stored option values are data, not text a shopper sees, so they are not included.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

const SHOWN_ATTRIBUTES = /\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g;
const META_TEXT = /<meta\s[^>]*(?:name|property)="(?:description|og:description|og:title|twitter:description|twitter:title)"[^>]*content="([^"]*)"/g;
const JSON_LD = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;

/** The page's visible text and shown attribute values, one string. */
export function visibleText(html: string): string {
  const parts: string[] = [];
  for (const m of html.matchAll(META_TEXT)) parts.push(decode(m[1]));
  const title = /<title>([\s\S]*?)<\/title>/.exec(html);
  if (title) parts.push(decode(title[1]));
  const body = html
    .replace(/<head[\s\S]*?<\/head>/, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<template[\s\S]*?<\/template>/g, ' ');
  for (const m of body.matchAll(SHOWN_ATTRIBUTES)) parts.push(decode(m[1]));
  parts.push(decode(body.replace(/<[^>]+>/g, ' ')));
  return parts.join('\n').replace(/[ \t]+/g, ' ');
}

/** The string values of the page's JSON-LD objects (names, descriptions, units ...). */
export function jsonLdText(html: string): string {
  const values: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') values.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const m of html.matchAll(JSON_LD)) walk(JSON.parse(m[1]));
  return values.join('\n');
}
