/**
 * The `forecourt` program: commander wiring only. Each command lives in its own file and
 * registers itself; exit codes are set there.
 */
import { Command } from 'commander';
import { registerValidate } from './validate.ts';
import { registerGenerate } from './generate.ts';
import { registerServe } from './serve.ts';
import { registerIndex } from './indexStock.ts';
import { registerLeads } from './leads.ts';
import { registerNew } from './newDealer.ts';
import { registerDev } from './dev.ts';
import { registerDiff } from './diff.ts';
import { VERSION } from './version.ts';

/** Every command, registered on a fresh program. */
export function buildProgram(): Command {
  const program = new Command()
    .name('forecourt')
    .description('Validate dealer records, generate dealer websites, serve them with a local lead API, index stock.')
    .version(VERSION, '-V, --version', 'print the version and exit')
    .showHelpAfterError();
  for (const register of [registerValidate, registerGenerate, registerServe, registerIndex, registerLeads, registerNew, registerDev, registerDiff])
    register(program);
  return program;
}
