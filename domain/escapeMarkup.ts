/**
 * The one escaper of text put into HTML or XML we write as strings (the document head, the
 * sitemap, the server's test payment page): the five characters that could end a text node or
 * an attribute value become entities. Numeric `&#39;` is valid in both HTML and XML.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside an HTML or XML text node or quoted attribute value. */
export function escapeMarkup(text: string): string {
  return String(text).replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}
