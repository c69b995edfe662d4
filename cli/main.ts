/** `forecourt` command line entry point (bin/forecourt.mjs loads it). */
import { buildProgram } from './program.ts';

await (await buildProgram({ args: process.argv.slice(2) })).parseAsync(process.argv);
