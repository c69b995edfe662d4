/**
 * Where inbox sessions live: in the lead database (migration 006_admin_sessions.sql), so a
 * restarted serve keeps them, or in memory (a test, or an inbox without a database at hand).
 * Sessions are keyed by the SHA-256 of their cookie id.
 */
import type { Queryable } from '../db/database.ts';

/** One stored session. */
export interface StoredSession {
  user: string;
  csrf: string;
  expiresAt: number;
}

/** Sessions by key. */
export interface SessionStore {
  get(key: string): Promise<StoredSession | null>;
  put(key: string, session: StoredSession): Promise<void>;
  delete(key: string): Promise<void>;
  /** Ends every session of `user` (removed from the users file, or given a new password). */
  deleteUser(user: string): Promise<void>;
  /** Forgets every session that ended before `now`. */
  sweep(now: number): Promise<void>;
}

/** Sessions kept by this process only. */
export function memorySessionStore(): SessionStore {
  const sessions = new Map<string, StoredSession>();
  return {
    get: async (key) => sessions.get(key) ?? null,
    put: async (key, session) => void sessions.set(key, session),
    delete: async (key) => void sessions.delete(key),
    deleteUser: async (user) => {
      for (const [key, session] of sessions) if (session.user === user) sessions.delete(key);
    },
    sweep: async (now) => {
      for (const [key, session] of sessions) if (session.expiresAt <= now) sessions.delete(key);
    },
  };
}

/** Sessions in the lead database: every serve on it, and the next one, sees them. */
export function databaseSessionStore({ db }: { db: Queryable }): SessionStore {
  return {
    async get(key) {
      const { rows } = await db.query<{ user_name: string; csrf: string; expires_at: Date | string }>(
        'SELECT user_name, csrf, expires_at FROM admin_sessions WHERE id_hash = $1',
        [key],
      );
      return rows[0] ? { user: rows[0].user_name, csrf: rows[0].csrf, expiresAt: new Date(rows[0].expires_at).getTime() } : null;
    },
    async put(key, session) {
      await db.query('INSERT INTO admin_sessions (id_hash, user_name, csrf, expires_at) VALUES ($1, $2, $3, $4)', [
        key,
        session.user,
        session.csrf,
        new Date(session.expiresAt).toISOString(),
      ]);
    },
    async delete(key) {
      await db.query('DELETE FROM admin_sessions WHERE id_hash = $1', [key]);
    },
    async deleteUser(user) {
      await db.query('DELETE FROM admin_sessions WHERE user_name = $1', [user]);
    },
    async sweep(now) {
      await db.query('DELETE FROM admin_sessions WHERE expires_at <= $1', [new Date(now).toISOString()]);
    },
  };
}

/** A store whose backing store is given once the database is open (serve checks the accounts before it opens anything). */
export function lateSessionStore(): SessionStore & { open(store: SessionStore): void } {
  let backing: SessionStore | null = null;
  const current = () => {
    if (!backing) throw new Error('The inbox sessions are used before the database is open');
    return backing;
  };
  return {
    open: (store) => void (backing = store),
    get: (key) => current().get(key),
    put: (key, session) => current().put(key, session),
    delete: (key) => current().delete(key),
    deleteUser: (user) => current().deleteUser(user),
    sweep: (now) => current().sweep(now),
  };
}
