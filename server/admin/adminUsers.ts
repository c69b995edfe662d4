/**
 * The inbox users of an operator: a YAML file (FORECOURT_ADMIN_USERS_FILE, mode 0600), a list of
 * `{ user, dealers: [slug, ...], password_hash: scrypt$... }` written by
 * `forecourt admin add-user`. Each user sees the inbox of their dealers only.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { OWNER_ONLY_FILE } from '../db/ownerOnly.ts';
import { AdminSetupError } from './adminAuth.ts';
import { isPasswordHash } from './passwordHash.ts';

/** One inbox user. */
export interface AdminUser {
  user: string;
  /** Website slugs, or dealership slugs of a group website (./inboxScope.ts), the user sees; null: every dealer (the FORECOURT_ADMIN_PASSWORD account). */
  dealers: string[] | null;
  password_hash: string;
}

/** What a user name may be. */
export const ADMIN_USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
/** What a dealer slug of a user may be. */
export const ADMIN_DEALER_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * The users of `file` (none when it does not exist); an AdminSetupError names the first problem.
 * `following`: read again by a running serve (./adminUsersFollower.ts), where a missing or empty
 * file is one being saved (an editor or a shell redirect empties it before writing, some editors
 * delete and rename) and is a problem rather than "no users": read as none, it would end every
 * user's sessions. `forecourt admin remove-user` writes an empty list as `[]`.
 */
export async function readAdminUsers({ file, following = false }: { file: string; following?: boolean }): Promise<AdminUser[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      if (following) throw new AdminSetupError(`The inbox users file ${file} is missing`);
      return [];
    }
    throw new AdminSetupError(`Could not read the inbox users file ${file}`, { cause: error });
  }
  if (following && text.trim() === '') throw new AdminSetupError(`The inbox users file ${file} is empty`);
  let raw: unknown;
  try {
    raw = parse(text) ?? [];
  } catch (error) {
    throw new AdminSetupError(`The inbox users file ${file} is not YAML`, { cause: error });
  }
  if (!Array.isArray(raw)) throw new AdminSetupError(`The inbox users file ${file} must be a list of users`);
  const seen = new Set<string>();
  return raw.map((entry: unknown, index) => {
    const where = `${file}, entry ${index + 1}`;
    const { user, dealers, password_hash } = (entry ?? {}) as Record<string, unknown>;
    if (typeof user !== 'string' || !ADMIN_USER_NAME.test(user)) throw new AdminSetupError(`${where}: user must be 1 to 64 letters, digits, . _ @ -`);
    if (seen.has(user)) throw new AdminSetupError(`${where}: user ${user} is listed twice`);
    seen.add(user);
    if (!Array.isArray(dealers) || dealers.length === 0 || !dealers.every((slug) => typeof slug === 'string' && ADMIN_DEALER_SLUG.test(slug)))
      throw new AdminSetupError(`${where}: dealers must be a list of dealer slugs`);
    if (typeof password_hash !== 'string' || !isPasswordHash(password_hash))
      throw new AdminSetupError(`${where}: password_hash must be an scrypt hash written by forecourt admin add-user`);
    return { user, dealers: dealers as string[], password_hash };
  });
}

/** Adds `user` to `file` (replacing a user of that name), whole or not at all, mode 0600. */
export async function saveAdminUser({ file, user }: { file: string; user: AdminUser }): Promise<'added' | 'replaced'> {
  const users = await readAdminUsers({ file });
  const at = users.findIndex((known) => known.user === user.user);
  if (at >= 0) users[at] = user;
  else users.push(user);
  await writeAdminUsers({ file, users });
  return at >= 0 ? 'replaced' : 'added';
}

/** Removes `user` from `file`, whole or not at all; false when no such user. */
export async function removeAdminUser({ file, user }: { file: string; user: string }): Promise<boolean> {
  const users = await readAdminUsers({ file });
  const kept = users.filter((known) => known.user !== user);
  if (kept.length === users.length) return false;
  await writeAdminUsers({ file, users: kept });
  return true;
}

/** Writes `users` to a new file renamed over `file` (a running serve never reads half a file). */
async function writeAdminUsers({ file, users }: { file: string; users: AdminUser[] }): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, stringify(users), { mode: OWNER_ONLY_FILE, flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw new Error(`Could not write ${file}`, { cause: error });
  }
}
