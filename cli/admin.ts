/**
 * `forecourt admin add-user <user> --dealer <slug>`: adds an inbox user (or replaces their
 * password and dealers) in the operator's users file (FORECOURT_ADMIN_USERS_FILE or --file);
 * `forecourt admin remove-user <user>` removes one. A running serve follows the file.
 * The password is read from standard input (piped) or a prompt that does not echo it, never
 * from an argument (which the shell history and the process list would show).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { ADMIN_DEALER_SLUG, ADMIN_USER_NAME, removeAdminUser, saveAdminUser } from '../server/admin/adminUsers.ts';
import { adminPasswordProblem } from '../server/admin/adminAuth.ts';
import { hashPassword } from '../server/admin/passwordHash.ts';
import { documentEnvironment } from './environment.ts';
import { loadSiteConfig, SiteConfigMissingError } from '../server/siteConfig.ts';
import { builtSlugs } from './builtSites.ts';
import { errorChain } from './serve.ts';

/**
 * Every slug an inbox user may be given for the sites built in `outDir`: each website's slug and
 * the slugs of its dealerships (as serve's inbox scopes them: server/siteConfig.ts). Empty when
 * nothing is built there.
 */
export async function builtDealerSlugs({ outDir }: { outDir: string }): Promise<string[]> {
  const slugs = new Set<string>();
  for (const slug of await builtSlugs({ outDir })) {
    try {
      const site = await loadSiteConfig({ outDir, slug });
      slugs.add(site.slug);
      for (const dealership of site.dealerships) slugs.add(dealership.slug);
    } catch (error) {
      // A folder without a built site (a killed first build) names no dealer.
      if (!(error instanceof SiteConfigMissingError)) throw error;
    }
  }
  return [...slugs].sort();
}

/**
 * Adds or replaces `user` with `dealers` and `password` in `file`; the line to print. With `known`
 * (the slugs of the built sites: builtDealerSlugs), a dealer none of them names is refused: a typo
 * would otherwise give the user an empty inbox and nobody would notice.
 */
export async function addAdminUser({
  file,
  user,
  dealers,
  password,
  known = null,
}: {
  file: string;
  user: string;
  dealers: string[];
  password: string;
  known?: readonly string[] | null;
}): Promise<string> {
  if (!ADMIN_USER_NAME.test(user)) throw new InvalidArgumentError('The user name must be 1 to 64 letters, digits, . _ @ -');
  const wrong = dealers.find((slug) => !ADMIN_DEALER_SLUG.test(slug));
  if (wrong !== undefined) throw new InvalidArgumentError(`--dealer ${JSON.stringify(wrong)} is not a dealer slug`);
  const unknown = known ? dealers.find((slug) => !known.includes(slug)) : undefined;
  if (unknown !== undefined)
    throw new InvalidArgumentError(
      `--dealer ${JSON.stringify(unknown)} is not a website or dealership of the built sites (${known!.join(', ')}); check the spelling, or build the site first`,
    );
  const problem = await adminPasswordProblem({ password });
  if (problem) throw new InvalidArgumentError(problem);
  const done = await saveAdminUser({ file, user: { user, dealers, password_hash: await hashPassword({ password }) } });
  return `${done === 'added' ? 'Added' : 'Replaced'} inbox user ${user} (${dealers.join(', ')}) in ${file}. A running serve --admin reads it at once.`;
}

/** The password: the first line of piped standard input, or typed at a prompt without echo. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0];
  }
  let muted = false;
  const output = new Writable({
    write: (chunk, _encoding, done) => {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stderr.write('Password (not shown): ');
    muted = true;
    return await new Promise<string>((resolve) => prompt.question('', resolve));
  } finally {
    muted = false;
    process.stderr.write('\n');
    prompt.close();
  }
}

/** Registers `forecourt admin`. */
export function registerAdmin(program: Command): void {
  const admin = program.command('admin').description("Manage the inbox users of serve --admin (each sees only their dealers' leads)");
  const add = admin
    .command('add-user')
    .description('add an inbox user, or replace their password and dealers; the password is read from standard input or a prompt')
    .argument('<user>', 'user name')
    .requiredOption(
      '--dealer <slug>',
      'a dealer the user may see: a website slug, or the slug of one dealership of a group website; repeat for several',
      (slug: string, all: string[] = []) => [...all, slug],
    )
    .addOption(new Option('--file <path>', 'the users file').env('FORECOURT_ADMIN_USERS_FILE').makeOptionMandatory())
    .option('--out <dir>', 'the built sites whose website and dealership slugs --dealer must name', 'out')
    .action(async (user: string, options: { dealer: string[]; file: string; out: string }) => {
      try {
        const known = await builtDealerSlugs({ outDir: options.out });
        if (!known.length) console.error(`forecourt admin add-user: no built sites in ${options.out}, so --dealer is not checked against them`);
        const password = await readPassword();
        console.log(await addAdminUser({ file: options.file, user, dealers: options.dealer, password, known: known.length ? known : null }));
      } catch (error) {
        console.error(`forecourt admin add-user: ${errorChain(error)}`);
        process.exitCode = 1;
      }
    });
  const remove = admin
    .command('remove-user')
    .description('remove an inbox user; a running serve --admin ends their sessions at once')
    .argument('<user>', 'user name')
    .addOption(new Option('--file <path>', 'the users file').env('FORECOURT_ADMIN_USERS_FILE').makeOptionMandatory())
    .action(async (user: string, options: { file: string }) => {
      try {
        if (!(await removeAdminUser({ file: options.file, user }))) throw new Error(`There is no inbox user ${user} in ${options.file}`);
        console.log(`Removed inbox user ${user} from ${options.file}.`);
      } catch (error) {
        console.error(`forecourt admin remove-user: ${errorChain(error)}`);
        process.exitCode = 1;
      }
    });
  for (const command of [admin, add, remove]) documentEnvironment(command, ['FORECOURT_ADMIN_USERS_FILE']);
}
