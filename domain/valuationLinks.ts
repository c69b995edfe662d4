/**
 * Links to the valuation pages on a site that builds none (`valuation: off`). Records and
 * templates carry their own menus (header and footer navigation, footer columns, hero actions),
 * so a link to /valuations or /cars/trade-in can come from any of them: the resolved site leaves
 * such links out (they would lead to a 404), and validate names each one the record itself wrote.
 */
import { tradeInPath, VALUATIONS_PATH } from './routes/paths.ts';

const VALUATION_PATHS: readonly string[] = [VALUATIONS_PATH, tradeInPath()];

/** Whether `url` is a link to a valuation page of this site (a root-relative path, any query or fragment). */
export function isValuationLink({ url }: { url: unknown }): boolean {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return false;
  const path = url.split(/[?#]/, 1)[0].replace(/(.)\/+$/, '$1');
  return VALUATION_PATHS.includes(path);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
/** A menu item with items of its own (a dropdown) keeps them when its own link goes. */
const hasChildren = (item: Json): boolean =>
  (Array.isArray(item.dropdownItems) && item.dropdownItems.length > 0) || (Array.isArray(item.dropdownMenus) && item.dropdownMenus.length > 0);

/** Every place in `value` (a record, or a resolved site) where a link item's `url` is a valuation link, as JSON pointers to the url. */
export function valuationLinkPointers({ value, pointer = '' }: { value: unknown; pointer?: string }): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => valuationLinkPointers({ value: item, pointer: `${pointer}/${i}` }));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'url' && isValuationLink({ url: child }) ? [`${pointer}/url`] : valuationLinkPointers({ value: child, pointer: `${pointer}/${key}` }),
  );
}

/**
 * A copy of `value` without its links to the valuation pages: a link item (an object with a
 * valuation `url` in a list) is left out of its list; a dropdown keeps its items and loses only
 * its own link (url null). Everything else is copied as it is.
 */
export function withoutValuationLinks<T>(value: T): T {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node))
      return node.flatMap((item) => {
        if (!isObject(item) || !isValuationLink({ url: item.url })) return [strip(item)];
        return hasChildren(item) ? [{ ...(strip(item) as Json), url: null }] : [];
      });
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, strip(child)]));
  };
  return strip(value) as T;
}
