/**
 * `forecourt db backup <file>` and `forecourt db restore <file>`: the embedded lead database to
 * and from one owner-only file. While `forecourt serve` holds the database, backup asks it for
 * the tarball through /api/admin/local (after its challenge, ./recordSource.ts); restore refuses
 * then, and over an existing database without --force.
 */
import { type Command, Option } from 'commander';
import { readLocalAccess } from '../server/admin/localAccess.ts';
import { LOCAL_ADMIN_PREFIX } from '../server/admin/localAdminApi.ts';
import { BackupError, type RestoreReport, restoreBackup, writeBackupFile } from '../server/db/backup.ts';
import { DEFAULT_STATE_DIR, openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { documentEnvironment } from './environment.ts';
import { proveServe } from './recordSource.ts';
import { errorChain } from './serve.ts';

/** Where a backup was taken: from the running serve or from the database opened here. */
export type BackupSource = 'serve' | 'database';

/** Writes a backup of the embedded database of `stateDir` to `file`; says where it came from. */
export async function backupDatabase({ stateDir, file }: { stateDir: string; file: string }): Promise<BackupSource> {
  const access = await readLocalAccess({ stateDir });
  if (access) {
    await proveServe({ access, stateDir });
    const url = new URL(`${LOCAL_ADMIN_PREFIX.slice(1)}/backup`, access.url);
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${access.token}` }, redirect: 'error', signal: AbortSignal.timeout(300_000) });
    } catch (error) {
      throw new Error(`Could not reach the running forecourt serve (process ${access.pid}) at ${access.url}`, { cause: error });
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new BackupError(`forecourt serve answered ${response.status}: ${body?.error ?? 'no reason given'}`);
    }
    await writeBackupFile({ file, data: new Uint8Array(await response.arrayBuffer()) });
    return 'serve';
  }
  const db = await openLeadDatabase({ stateDir });
  try {
    await writeBackupFile({ file, data: await db.dumpDataDir!() });
  } finally {
    await db.close();
  }
  return 'database';
}

/** Restores the backup `file` into `stateDir` (../server/db/backup.ts), refused first while a serve of `stateDir` runs. */
export async function restoreDatabase({ stateDir, file, force }: { stateDir: string; file: string; force?: boolean }): Promise<RestoreReport> {
  const access = await readLocalAccess({ stateDir });
  if (access) throw new BackupError(`forecourt serve (process ${access.pid}) is running on ${stateDir}: stop it before restoring its database`);
  return restoreBackup({ stateDir, file, force });
}

/** Registers `forecourt db` and its subcommands. */
export function registerDb(program: Command): void {
  const db = program.command('db').description('Back up and restore the embedded lead database (.forecourt/db); for PostgreSQL use pg_dump');
  const refusePostgres = () => {
    if (process.env.FORECOURT_DATABASE_URL) {
      throw new BackupError('FORECOURT_DATABASE_URL names a PostgreSQL database: back it up with pg_dump and restore it with pg_restore');
    }
  };
  const backup = db
    .command('backup')
    .description('write the embedded lead database to <file> (mode 0600), also while forecourt serve runs')
    .argument('<file>', 'backup file to write (a gzipped tarball)')
    .action(async (file: string) => {
      try {
        refusePostgres();
        const via = await backupDatabase({ stateDir: DEFAULT_STATE_DIR, file });
        console.log(`Backed up ${DEFAULT_STATE_DIR}/db to ${file}${via === 'serve' ? ' (through the running forecourt serve)' : ''}.`);
      } catch (error) {
        console.error(`forecourt db backup: ${errorChain(error)}`);
        process.exitCode = 1;
      }
    });
  const restore = db
    .command('restore')
    .description('replace the embedded lead database with the backup <file> (forecourt serve must be stopped), then apply newer migrations')
    .argument('<file>', 'backup file written by forecourt db backup')
    .addOption(new Option('--force', 'replace an existing database'))
    .action(async (file: string, options: { force?: boolean }) => {
      try {
        refusePostgres();
        const report = await restoreDatabase({ stateDir: DEFAULT_STATE_DIR, file, force: options.force });
        const migrated = report.applied.length ? `; applied ${report.applied.join(', ')}` : '';
        console.log(`Restored ${DEFAULT_STATE_DIR}/db from ${file}: ${report.leads} ${report.leads === 1 ? 'lead' : 'leads'}${migrated}.`);
      } catch (error) {
        console.error(`forecourt db restore: ${errorChain(error)}`);
        process.exitCode = 1;
      }
    });
  for (const command of [db, backup, restore]) documentEnvironment(command, ['FORECOURT_DATA_DIR', 'FORECOURT_DATABASE_URL']);
}
