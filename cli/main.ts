/** `forecourt` command line entry point (bin/forecourt.mjs loads it). */
import { buildProgram } from './program.ts';

await buildProgram().parseAsync(process.argv);
