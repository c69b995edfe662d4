/**
 * Signatures for imgproxy and thumbor URLs, from keys only the operator's environment holds
 * (a record never chooses a secret): FORECOURT_SECRET_IMGPROXY_KEY and
 * FORECOURT_SECRET_IMGPROXY_SALT (hex, as imgproxy's IMGPROXY_KEY/IMGPROXY_SALT), and
 * FORECOURT_SECRET_THUMBOR_KEY (thumbor's SECURITY_KEY). Without a key, URLs are unsigned.
 */
import { createHash, createHmac } from 'node:crypto';
import type { PhotoSigner } from '../../domain/photoUrls.ts';

/** The environment variables a signature is made from. */
const SIGNING_KEYS = ['FORECOURT_SECRET_IMGPROXY_KEY', 'FORECOURT_SECRET_IMGPROXY_SALT', 'FORECOURT_SECRET_THUMBOR_KEY'] as const;

/**
 * A sha256 of the signing keys in `env`, never the keys: what a build that keeps signed photo URLs
 * (on disk too, renderer/photos/buildPhotos.ts) keys them by, so new keys make new URLs.
 */
export function signingKeysHash(env: Record<string, string | undefined> = process.env): string {
  return createHash('sha256')
    .update(SIGNING_KEYS.map((name) => env[name] ?? '').join('\0'))
    .digest('base64url');
}

/**
 * imgproxy: URL-safe base64 of HMAC-SHA256(key, salt + path), path with its leading '/'.
 * thumbor: URL-safe base64 (padded, as thumbor writes it) of HMAC-SHA1(key, path).
 */
export function photoSignerFromEnv(env: Record<string, string | undefined> = process.env): PhotoSigner {
  const [imgproxyKey, imgproxySalt, thumborKey] = SIGNING_KEYS.map((name) => env[name]);
  return ({ service, path }) => {
    if (service === 'imgproxy') {
      if (!imgproxyKey || !imgproxySalt) return null;
      return createHmac('sha256', Buffer.from(imgproxyKey, 'hex')).update(Buffer.from(imgproxySalt, 'hex')).update(path).digest('base64url');
    }
    if (!thumborKey) return null;
    return createHmac('sha1', thumborKey).update(path).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
  };
}
