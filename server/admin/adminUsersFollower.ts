/**
 * The operator's users file read again while serve runs: when it changes (its folder is watched,
 * since `forecourt admin add-user` renames a new file over it) and on reload (SIGHUP), so adding
 * or removing an inbox user needs no restart. A file that does not load, or is missing or empty
 * (being saved), is reported and the last good users stay; a removed user's sessions end
 * (./adminAuth.ts replaceUsers).
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import type { AdminAuth } from './adminAuth.ts';
import { readAdminUsers } from './adminUsers.ts';

/** A users file being followed. */
export interface AdminUsersFollower {
  /** Reads the file now (SIGHUP); resolves once its users are in place or its problem reported. */
  reload(): Promise<void>;
  close(): void;
}

/** Follows `file` into `auth`; `warn` hears of a file that does not load and of the users added and removed. */
export function followAdminUsers({
  file,
  auth,
  warn,
  settleMs = 100,
}: {
  file: string;
  auth: AdminAuth;
  warn: (message: string) => void;
  /** A burst of change events within this time is one read. */
  settleMs?: number;
}): AdminUsersFollower {
  // One read at a time, in order: the last read is of the file as it is now.
  let reading: Promise<void> = Promise.resolve();
  const reload = () => {
    reading = reading.then(async () => {
      try {
        const { added, removed } = await auth.replaceUsers(await readAdminUsers({ file, following: true }));
        if (added.length || removed.length)
          warn(
            `inbox users read again from ${file}${added.length ? `; added ${added.join(', ')}` : ''}${removed.length ? `; removed ${removed.join(', ')}` : ''}`,
          );
      } catch (error) {
        warn(`warning: ${(error as Error).message}; the inbox keeps its last users`);
      }
    });
    return reading;
  };
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(path.dirname(file), { persistent: false }, (_event, name) => {
      if (name !== null && name !== path.basename(file)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), settleMs);
    });
    watcher.on('error', () => watcher?.close());
  } catch (error) {
    warn(`warning: ${path.dirname(file)} cannot be watched (${(error as Error).message}); the inbox users are read again on SIGHUP`);
  }
  return {
    reload,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
