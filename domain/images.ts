/**
 * Image URLs through the image delivery service (SPEC §7, §9): width, auto format and quality
 * (default 75) as query parameters.
 */

/** SPEC §9 default image quality. */
export const DEFAULT_IMAGE_QUALITY = 75;

/**
 * `src` with w, auto=format and q appended (existing query and fragment kept). Empty src gives
 * ''; a width that is not a positive number is left out.
 */
export function imageUrl({ src, width, quality = DEFAULT_IMAGE_QUALITY }: { src: string; width?: number; quality?: number }): string {
  const text = String(src ?? '').trim();
  if (text === '') return '';
  const hashAt = text.indexOf('#');
  const base = hashAt === -1 ? text : text.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : text.slice(hashAt);
  const params: string[] = [];
  if (typeof width === 'number' && Number.isFinite(width) && width > 0) params.push(`w=${Math.round(width)}`);
  params.push('auto=format');
  params.push(`q=${Number.isFinite(quality) ? Math.round(quality) : DEFAULT_IMAGE_QUALITY}`);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${params.join('&')}${hash}`;
}
