/**
 * Signing in to the inbox: the operator's users (./adminUsers.ts, each with their dealers and an
 * scrypt hash) and the one account of FORECOURT_ADMIN_PASSWORD (every dealer; its password kept
 * only as an scrypt hash in memory). Sessions are random ids held in an HttpOnly,
 * SameSite=Strict cookie (Secure over https), each with its own CSRF token, stored in the lead
 * database (./sessionStore.ts) so a restart keeps them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdminUser } from './adminUsers.ts';
import { inboxScope, type ScopedSite } from './inboxScope.ts';
import { hashPassword, passwordMatches } from './passwordHash.ts';
import { memorySessionStore, type SessionStore } from './sessionStore.ts';

/** Fewest characters of an admin password. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Name of the session cookie. */
export const SESSION_COOKIE = 'forecourt_admin';

/** A signed-in session. */
export interface AdminSession {
  user: string;
  /** Website or dealership slugs the user may see (./inboxScope.ts); null: every dealer. */
  dealers: string[] | null;
  /** The token every change must carry (a hidden form field). */
  csrf: string;
  expiresAt: number;
}

/** Sign-in and sessions of one serve. */
export interface AdminAuth {
  /** A new session id when `user` and `password` are right (and the user sees some of `site`, when given), else null. */
  signIn(credentials: { user: string; password: string; site?: ScopedSite }): Promise<string | null>;
  /** The live session of a session id, or null (also when its user is gone). */
  session(id: string | undefined): Promise<AdminSession | null>;
  signOut(id: string | undefined): Promise<void>;
  /**
   * Puts the users of the operator's file in place of the last ones (the file read again); the
   * sessions of a user removed or given a new password end. The FORECOURT_ADMIN_PASSWORD account stays.
   */
  replaceUsers(users: AdminUser[]): Promise<{ added: string[]; removed: string[] }>;
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

/**
 * The inbox's accounts and sessions: `users` from the operator's file, plus the account `user`
 * with `password` (every dealer) when a password is given; sessions in `store` (in memory when none).
 */
export async function createAdminAuth({
  user,
  password,
  users = [],
  store = memorySessionStore(),
  sessionMs = 8 * 3_600_000,
  clock = () => new Date(),
}: {
  user?: string;
  password?: string;
  users?: AdminUser[];
  store?: SessionStore;
  sessionMs?: number;
  clock?: () => Date;
}): Promise<AdminAuth> {
  let accounts = new Map<string, AdminUser>(users.map((known) => [known.user, known]));
  let preview: AdminUser | null = null;
  const clash = (name: string) => new AdminSetupError(`The inbox user ${name} is both FORECOURT_ADMIN_USER and a user of the users file`);
  if (password !== undefined) {
    const problem = await adminPasswordProblem({ password });
    if (problem) throw new AdminSetupError(problem);
    const name = user || 'admin';
    if (accounts.has(name)) throw clash(name);
    preview = { user: name, dealers: null, password_hash: await hashPassword({ password }) };
    accounts.set(name, preview);
  }
  if (accounts.size === 0) throw new AdminSetupError('The inbox has no user: set FORECOURT_ADMIN_PASSWORD or add users with forecourt admin add-user');
  // An unknown user is checked against this hash, so the time taken does not tell it from a wrong password.
  const decoy = await hashPassword({ password: randomBytes(16).toString('hex') });
  const key = (id: string) => createHash('sha256').update(id).digest('hex');
  return {
    async signIn(credentials) {
      const account = accounts.get(credentials.user);
      const ok = await passwordMatches({ password: credentials.password, hash: account?.password_hash ?? decoy });
      if (!ok || !account || (credentials.site && !inboxScope({ dealers: account.dealers, site: credentials.site }))) return null;
      const now = clock().getTime();
      await store.sweep(now);
      const id = randomBytes(32).toString('base64url');
      await store.put(key(id), { user: account.user, csrf: randomBytes(32).toString('base64url'), expiresAt: now + sessionMs });
      return id;
    },
    async session(id) {
      if (!id || id.length > 200) return null;
      const found = await store.get(key(id));
      const account = found ? accounts.get(found.user) : undefined;
      if (!found || !account || found.expiresAt <= clock().getTime()) {
        if (found) await store.delete(key(id));
        return null;
      }
      return { ...found, dealers: account.dealers };
    },
    async signOut(id) {
      if (id) await store.delete(key(id));
    },
    async replaceUsers(next) {
      if (preview && next.some((known) => known.user === preview!.user)) throw clash(preview.user);
      const before = accounts;
      accounts = new Map([...next.map((known): [string, AdminUser] => [known.user, known]), ...(preview ? [[preview.user, preview] as const] : [])]);
      const removed = [...before.keys()].filter((name) => !accounts.has(name));
      const rekeyed = [...before.values()].filter((known) => accounts.has(known.user) && accounts.get(known.user)!.password_hash !== known.password_hash);
      for (const name of [...removed, ...rekeyed.map((known) => known.user)]) await store.deleteUser(name);
      return { added: [...accounts.keys()].filter((name) => !before.has(name)), removed };
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
