/**
 * Signing in to the inbox: one dealer account whose password comes from the environment and is
 * kept only as an scrypt hash (with a random salt) in memory; sessions are random ids held in an
 * HttpOnly, SameSite=Strict cookie (Secure over https), each with its own CSRF token, shared by
 * every site a `serve` runs and forgotten when it stops.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** Fewest characters of an admin password. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Name of the session cookie. */
export const SESSION_COOKIE = 'forecourt_admin';

/** A signed-in session. */
export interface AdminSession {
  user: string;
  /** The token every change must carry (a hidden form field). */
  csrf: string;
  expiresAt: number;
}

/** Sign-in and sessions of one serve. */
export interface AdminAuth {
  /** A new session id when `user` and `password` are right, else null. */
  signIn(credentials: { user: string; password: string }): Promise<string | null>;
  /** The live session of a session id, or null. */
  session(id: string | undefined): AdminSession | null;
  signOut(id: string | undefined): void;
}

/** A problem with the admin settings; serve refuses to start. */
export class AdminSetupError extends Error {
  override name = 'AdminSetupError';
}

/**
 * Why `password` may not guard the inbox, or null: fewer than MIN_ADMIN_PASSWORD_LENGTH
 * characters, only whitespace, or (ignoring case and surrounding spaces) one of the ~49,000 most
 * common passwords of @zxcvbn-ts/language-common (`password1234`, `qwerty123456` ...).
 */
export async function adminPasswordProblem({ password }: { password: string }): Promise<string | null> {
  if (password.trim() === '') return 'The admin password must not be empty or only whitespace';
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) return `The admin password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  // Loaded only when an inbox is served (the list is ~400 KB).
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  const normalised = password.trim().toLowerCase();
  if (dictionary['passwords-common'].includes(normalised)) {
    return 'The admin password is on a list of common passwords, which are guessed first: choose another (a long passphrase of unrelated words)';
  }
  return null;
}

/** Hashes the password (it is not kept) and makes an empty session store. */
export async function createAdminAuth({
  user,
  password,
  sessionMs = 8 * 3_600_000,
  clock = () => new Date(),
}: {
  user: string;
  password: string;
  sessionMs?: number;
  clock?: () => Date;
}): Promise<AdminAuth> {
  const problem = await adminPasswordProblem({ password });
  if (problem) throw new AdminSetupError(problem);
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 64);
  const sessions = new Map<string, AdminSession>();
  const key = (id: string) => createHash('sha256').update(id).digest('hex');
  const same = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
  return {
    async signIn(credentials) {
      // Both checks always run, so the time taken does not tell a wrong user from a wrong password.
      const candidate = await scryptAsync(credentials.password, salt, 64);
      const ok = timingSafeEqual(candidate, hash) && same(credentials.user, user);
      if (!ok) return null;
      const id = randomBytes(32).toString('base64url');
      sessions.set(key(id), { user, csrf: randomBytes(32).toString('base64url'), expiresAt: clock().getTime() + sessionMs });
      return id;
    },
    session(id) {
      if (!id) return null;
      const found = sessions.get(key(id));
      if (!found) return null;
      if (found.expiresAt <= clock().getTime()) {
        sessions.delete(key(id));
        return null;
      }
      return found;
    },
    signOut(id) {
      if (id) sessions.delete(key(id));
    },
  };
}

/** True when `presented` is the session's CSRF token (constant time). */
export function csrfMatches({ session, presented }: { session: AdminSession; presented: unknown }): boolean {
  if (typeof presented !== 'string' || !presented) return false;
  return timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(session.csrf).digest());
}

/** The Set-Cookie value of a session (`id` null: the cookie's removal). */
export function sessionCookie({ id, secure, maxAgeSeconds = 8 * 3600 }: { id: string | null; secure: boolean; maxAgeSeconds?: number }): string {
  return [`${SESSION_COOKIE}=${id ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${id ? maxAgeSeconds : 0}`, ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}

/** The session id a Cookie header carries. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
