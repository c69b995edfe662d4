/**
 * Signatures for imgproxy and thumbor URLs, from keys only the operator's environment holds
 * (a record never chooses a secret): FORECOURT_SECRET_IMGPROXY_KEY and
 * FORECOURT_SECRET_IMGPROXY_SALT (hex, as imgproxy's IMGPROXY_KEY/IMGPROXY_SALT), and
 * FORECOURT_SECRET_THUMBOR_KEY (thumbor's SECURITY_KEY). Without a key, URLs are unsigned.
 */
import { createHmac } from 'node:crypto';
import type { PhotoSigner } from '../../domain/photoUrls.ts';

/** The environment variables a signature is made from (a build that keeps photo URLs keys them by a hash of these). */
export const SIGNING_KEYS = ['FORECOURT_SECRET_IMGPROXY_KEY', 'FORECOURT_SECRET_IMGPROXY_SALT', 'FORECOURT_SECRET_THUMBOR_KEY'] as const;

/**
 * imgproxy: URL-safe base64 of HMAC-SHA256(key, salt + path), path with its leading '/'.
 * thumbor: URL-safe base64 (padded, as thumbor writes it) of HMAC-SHA1(key, path).
 */
export function photoSignerFromEnv(env: Record<string, string | undefined> = process.env): PhotoSigner {
  const imgproxyKey = env.FORECOURT_SECRET_IMGPROXY_KEY;
  const imgproxySalt = env.FORECOURT_SECRET_IMGPROXY_SALT;
  const thumborKey = env.FORECOURT_SECRET_THUMBOR_KEY;
  return ({ service, path }) => {
    if (service === 'imgproxy') {
      if (!imgproxyKey || !imgproxySalt) return null;
      return createHmac('sha256', Buffer.from(imgproxyKey, 'hex')).update(Buffer.from(imgproxySalt, 'hex')).update(path).digest('base64url');
    }
    if (!thumborKey) return null;
    return createHmac('sha1', thumborKey).update(path).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
  };
}
