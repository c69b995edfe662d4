/**
 * A copy of `text` that does not keep alive the string it was cut from. V8 represents a slice
 * of 13 characters or more as a view of its parent, so one link kept from a page keeps the whole
 * page's HTML (tens of kilobytes) for as long as the link is kept: a checker that remembered the
 * first page of every href held most of a build's pages. Concatenating makes a new string, which
 * the slice then flattens into its own storage; the result holds one character more than `text`.
 */
export function detachedText({ text }: { text: string }): string {
  return (' ' + text).slice(1);
}
