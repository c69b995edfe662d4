/**
 * Webhook signatures: HMAC-SHA256 over `<timestamp>.<body>` with the destination's secret, sent
 * as `X-Forecourt-Signature: t=<timestamp>,v1=<hex>`. A receiver recomputes it and rejects an old
 * timestamp, so a captured request cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying the signature. */
export const SIGNATURE_HEADER = 'X-Forecourt-Signature';
/** Header carrying the stable delivery id (the same on every retry). */
export const DELIVERY_ID_HEADER = 'X-Forecourt-Delivery-Id';

/** The signature header value for `body` sent at `timestamp` (Unix seconds). */
export function signWebhook({ secret, timestamp, body }: { secret: string; timestamp: number; body: string }): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** True when `header` signs `body` with `secret` and its timestamp is within `toleranceSeconds` of `now`. */
export function verifyWebhook({
  secret,
  header,
  body,
  now = new Date(),
  toleranceSeconds = 300,
}: {
  secret: string;
  header: string | undefined;
  body: string;
  now?: Date;
  toleranceSeconds?: number;
}): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook({ secret, timestamp, body }).split('v1=')[1], 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}
