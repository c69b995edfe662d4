/** Where this repository's templates/ is: the default templates folder of every build. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** templates/ of this repository. */
export const DEFAULT_TEMPLATES_DIR = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'templates');
