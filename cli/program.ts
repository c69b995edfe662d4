/**
 * The `forecourt` program: commander wiring only. Each command lives in its own file and
 * registers itself; exit codes are set there.
 *
 * Only the command being run is loaded: the commands between them import the lead server, the
 * renderer and the search indexer, and loading all of them took about 2 s before `validate`,
 * `--version` or `new` could start. Help, `help <command>` and an unknown command load every one,
 * so the listing and commander's suggestions stay complete.
 */
import { Command } from 'commander';
import { VERSION } from './version.ts';

/** A command's registration: adds the command, its options and its action to the program. */
type Register = (program: Command) => void;

/** Each command by name, and how to load its registration. */
const COMMANDS: Record<string, () => Promise<Register>> = {
  validate: async () => (await import('./validate.ts')).registerValidate,
  generate: async () => (await import('./generate.ts')).registerGenerate,
  serve: async () => (await import('./serve.ts')).registerServe,
  index: async () => (await import('./indexStock.ts')).registerIndex,
  leads: async () => (await import('./leads.ts')).registerLeads,
  new: async () => (await import('./newDealer.ts')).registerNew,
  dev: async () => (await import('./dev.ts')).registerDev,
  diff: async () => (await import('./diff.ts')).registerDiff,
  import: async () => (await import('./import.ts')).registerImport,
  db: async () => (await import('./db.ts')).registerDb,
  admin: async () => (await import('./admin.ts')).registerAdmin,
};

/**
 * The commands `args` (the words after the program name) needs: none for a bare `--version`,
 * the named one for a known command, every one otherwise (help, an unknown or missing command).
 */
export function commandsFor({ args }: { args: readonly string[] }): string[] {
  const at = args.findIndex((arg) => !arg.startsWith('-'));
  const first = at < 0 ? undefined : args[at];
  // `forecourt -h validate` is the program's help, which lists every command.
  const programHelp = args.slice(0, at < 0 ? args.length : at).some((arg) => arg === '-h' || arg === '--help');
  if (first !== undefined && !programHelp && Object.hasOwn(COMMANDS, first)) return [first];
  if (first === undefined && args.length > 0 && args.every((arg) => arg === '-V' || arg === '--version')) return [];
  return Object.keys(COMMANDS);
}

/** The program with the commands `args` needs registered (every command when `args` is not given). */
export async function buildProgram({ args }: { args?: readonly string[] } = {}): Promise<Command> {
  const program = new Command()
    .name('forecourt')
    .description('Validate dealer records, generate dealer websites, serve them with a local lead API, index stock.')
    .version(VERSION, '-V, --version', 'print the version and exit')
    .showHelpAfterError();
  const names = args ? commandsFor({ args }) : Object.keys(COMMANDS);
  for (const register of await Promise.all(names.map((name) => COMMANDS[name]()))) register(program);
  return program;
}
