/**
 * The inbox accounts of `serve --admin`, from the operator's environment: the users file of
 * FORECOURT_ADMIN_USERS_FILE (each user sees their dealers) and/or the one account of
 * FORECOURT_ADMIN_PASSWORD (user FORECOURT_ADMIN_USER, every dealer; for a local preview).
 */
import { AdminSetupError } from '../server/admin/adminAuth.ts';
import { type AdminUser, readAdminUsers } from '../server/admin/adminUsers.ts';

/** The accounts of the inbox. */
export interface AdminAccounts {
  user?: string;
  password?: string;
  users?: AdminUser[];
  /** The users file they came from: serve reads it again when it changes and on SIGHUP. */
  file?: string;
}

/** The accounts the environment names; an AdminSetupError when it names none. */
export async function adminAccountsFromEnv({ env }: { env: NodeJS.ProcessEnv }): Promise<AdminAccounts> {
  const file = env.FORECOURT_ADMIN_USERS_FILE?.trim();
  const users = file ? await readAdminUsers({ file }) : [];
  const password = env.FORECOURT_ADMIN_PASSWORD || undefined;
  if (!password && users.length === 0)
    throw new AdminSetupError(
      '--admin needs inbox users: FORECOURT_ADMIN_USERS_FILE naming a file of forecourt admin add-user, or the inbox password in FORECOURT_ADMIN_PASSWORD',
    );
  return { ...(password ? { user: env.FORECOURT_ADMIN_USER || 'admin', password } : {}), users, ...(file ? { file } : {}) };
}
