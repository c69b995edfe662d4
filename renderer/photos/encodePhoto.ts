/**
 * Resizes one photo with sharp to every file of domain/responsiveImage.ts localFiles (every width
 * as AVIF, WebP and JPEG, the fallback; the gallery thumbnail as WebP), oriented by its EXIF and
 * stripped of metadata.
 */
import type Sharp from 'sharp';
import { localFiles, localWidths } from '../../domain/responsiveImage.ts';

/**
 * sharp, loaded when a photo is first encoded: a build whose photos go through an image service
 * encodes none, and loading the library costs a new process ~90 ms. The module loader keeps it
 * once loaded.
 */
async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

/** One encoded file: its width, height, extension and bytes. */
export interface EncodedFile {
  width: number;
  height: number;
  ext: string;
  bytes: Uint8Array;
}

/** The photo's own size, oriented by its EXIF, read from its header; throws when the bytes are not an image sharp reads. */
export async function photoSize({ bytes }: { bytes: Uint8Array }): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
  if (!meta.width || !meta.height) throw new Error('not an image');
  const swap = (meta.orientation ?? 1) >= 5;
  return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** The photo's own (oriented) size and its encoded files; throws when the bytes are not an image sharp reads. */
export async function encodePhoto({
  bytes,
  quality,
}: {
  bytes: Uint8Array;
  quality: number;
}): Promise<{ width: number; height: number; files: EncodedFile[] }> {
  const sharp = await loadSharp();
  const source = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('not an image');
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const wanted = localFiles({ width, height });
  // Decoded and shrunk once (JPEG shrink-on-load) to the largest width; every width and format is made from those pixels.
  const largest = localWidths({ width, height }).at(-1) ?? { width, height };
  const top = await source.resize({ width: largest.width, height: largest.height, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const files: EncodedFile[] = [];
  for (const size of new Map(wanted.map((f) => [f.width, f])).values()) {
    const pixels =
      size.width === largest.width
        ? top
        : await sharp(top.data, { raw: top.info }).resize({ width: size.width, height: size.height, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const at = () => sharp(pixels.data, { raw: pixels.info });
    for (const { ext } of wanted.filter((f) => f.width === size.width)) {
      const encoder =
        ext === 'avif'
          ? at().avif({ quality: Math.max(1, quality - 20), effort: 0 })
          : ext === 'webp'
            ? at().webp({ quality, effort: 3 })
            : at().jpeg({ quality, mozjpeg: true });
      files.push({ width: size.width, height: size.height, ext, bytes: await encoder.toBuffer() });
    }
  }
  return { width, height, files };
}
