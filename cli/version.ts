/** The CLI's version: package.json's, read once (the repository runs from source, no build step). */
import { readFileSync } from 'node:fs';

/** `version` of package.json, e.g. '0.1.0'. */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
