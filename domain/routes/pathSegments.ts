/**
 * Every segment of a page's path is a folder name in the built site (decoded: '%20' is a space),
 * and file systems hold at most 255 bytes in one name (NAME_MAX): a longer model, slug or
 * location name would fail the build with ENAMETOOLONG. Records and feeds are checked against
 * this when validated, and the plan stage never plans such a path.
 */

/** The most bytes of one file or folder name (Linux, macOS, and NTFS for ASCII names). */
const MAX_PATH_SEGMENT_BYTES = 255;

const utf8 = new TextEncoder();

const utf8Bytes = (text: string): number => utf8.encode(text).length;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The first segment of `path` whose name, decoded, is over the limit, its size and the limit; null when none is. */
export function overlongPathSegment(path: string): { segment: string; bytes: number; max: number } | null {
  // A segment of n characters is at most 3n bytes decoded (a character is at most 3 UTF-8 bytes, and
  // decoding only shortens), so a path that short needs no decoding or encoding: most of them.
  if (path.length * 3 <= MAX_PATH_SEGMENT_BYTES) return null;
  for (const raw of path.split('/')) {
    if (raw.length * 3 <= MAX_PATH_SEGMENT_BYTES) continue;
    const segment = decoded(raw);
    const bytes = utf8Bytes(segment);
    if (bytes > MAX_PATH_SEGMENT_BYTES) return { segment, bytes, max: MAX_PATH_SEGMENT_BYTES };
  }
  return null;
}
