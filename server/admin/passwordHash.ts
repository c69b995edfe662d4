/**
 * Inbox passwords at rest: scrypt (node:crypto) with a random salt, written as one string
 * `scrypt$N$r$p$salt$hash` (base64url) so an operator's users file carries the cost with it.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
/** scrypt cost of new hashes (N = 2^14, r = 8, p = 1: about 16 MiB and 50 ms). */
const COST = { N: 16_384, r: 8, p: 1 };
const FORMAT = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,128})\$([A-Za-z0-9_-]{43,128})$/;

function derive({ password, salt, N, r, p, length }: { password: string; salt: Buffer; N: number; r: number; p: number; length: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The stored form of `password`. */
export async function hashPassword({ password }: { password: string }): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive({ password, salt, ...COST, length: KEY_LENGTH });
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `hash` is a stored form this code can check. */
export function isPasswordHash(hash: string): boolean {
  const match = FORMAT.exec(hash);
  if (!match) return false;
  const N = Number(match[1]);
  return N >= 1024 && N <= 1_048_576 && (N & (N - 1)) === 0;
}

/** True when `password` is the one `hash` was made from (constant time for a given hash). */
export async function passwordMatches({ password, hash }: { password: string; hash: string }): Promise<boolean> {
  const match = FORMAT.exec(hash);
  if (!match || !isPasswordHash(hash)) return false;
  const expected = Buffer.from(match[5], 'base64url');
  const key = await derive({
    password,
    salt: Buffer.from(match[4], 'base64url'),
    N: Number(match[1]),
    r: Number(match[2]),
    p: Number(match[3]),
    length: expected.length,
  });
  return timingSafeEqual(key, expected);
}
