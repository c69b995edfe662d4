/**
 * `forecourt new <slug> [--template ...] [--region ...]`: scaffolds dealers/<slug>/ with a
 * commented dealer record (templates/scaffold/dealer.yaml.hbs) and an empty stock feed, both of
 * which validate and build at once, and prints the next steps. Never overwrites a dealer.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Command, Option } from 'commander';
import Handlebars from 'handlebars';
import { parse as parseYaml } from 'yaml';
import { loadTemplates } from '../renderer/loadDealer.ts';
import { DEFAULT_TEMPLATES_DIR } from '../renderer/templatesDir.ts';
import { DEFAULT_DEALERS_DIR, RECORD_FILE, STOCK_FILE } from '../renderer/readSource.ts';
import { documentEnvironment } from './environment.ts';

/** A slug is lower-case words joined by single hyphens: it becomes a folder and URLs. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A problem with the arguments; printed without a stack, exit code 2. */
export class NewDealerError extends Error {
  override name = 'NewDealerError';
}

/** 'harbour-view-motors' -> 'Harbour View Motors'. */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The templates and regions `new` offers: read from templates/, so a new one needs no code. */
export async function scaffoldChoices({ templatesDir = DEFAULT_TEMPLATES_DIR }: { templatesDir?: string } = {}): Promise<{
  templates: Record<string, string>;
  regions: Record<string, Record<string, string | number>>;
}> {
  const templates: Record<string, string> = {};
  for (const name of Object.keys((await loadTemplates({ templatesDir })).templates)) {
    const doc = parseYaml(await readFile(path.join(templatesDir, `${name}.yaml`), 'utf8')) as { description?: string };
    templates[name] = doc.description ?? name;
  }
  const examples = parseYaml(await readFile(path.join(templatesDir, 'scaffold', 'regions.yaml'), 'utf8')) as {
    regions: Record<string, Record<string, string | number>>;
  };
  return { templates, regions: examples.regions };
}

/** What `new` wrote. */
export interface Scaffolded {
  dir: string;
  files: string[];
}

/** Writes dealers/<slug>/dealer.yaml and stock.json; refuses a bad slug, template or region, or an existing folder. */
export async function scaffoldDealer({
  slug,
  template,
  region,
  dealersDir,
  name = nameFromSlug(slug),
  dealerId = 1,
  templatesDir = DEFAULT_TEMPLATES_DIR,
}: {
  slug: string;
  template: string;
  /** A region of templates/scaffold/regions.yaml; default its first. */
  region?: string;
  dealersDir: string;
  name?: string;
  dealerId?: number;
  templatesDir?: string;
}): Promise<Scaffolded> {
  if (!SLUG.test(slug)) throw new NewDealerError(`"${slug}" is not a slug: use lower-case letters, digits and single hyphens (e.g. harbour-view-motors)`);
  const choices = await scaffoldChoices({ templatesDir });
  if (!(template in choices.templates)) throw new NewDealerError(`unknown --template ${template}: choose ${Object.keys(choices.templates).join(', ')}`);
  region ??= Object.keys(choices.regions)[0];
  const example = choices.regions[region];
  if (!example) throw new NewDealerError(`unknown --region ${region}: choose ${Object.keys(choices.regions).join(', ')}`);
  const dir = path.join(dealersDir, slug);
  if (existsSync(dir)) throw new NewDealerError(`${dir} already exists: nothing was written (pick another slug, or edit that record)`);

  const render = Handlebars.compile(await readFile(path.join(templatesDir, 'scaffold', 'dealer.yaml.hbs'), 'utf8'), { noEscape: true, strict: true });
  const record = render({ slug, name, template, region, dealerId, example, templateDescription: choices.templates[template].replace(/\.$/, '') });
  const files = [path.join(dir, RECORD_FILE), path.join(dir, STOCK_FILE)];
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  try {
    await writeFile(files[0], record, { flag: 'wx' });
    await writeFile(files[1], '[]\n', { flag: 'wx' });
  } catch (error) {
    // Half a dealer is worse than none: the folder was ours (it did not exist above).
    await rm(dir, { recursive: true, force: true });
    throw new Error(`could not write ${dir}`, { cause: error });
  }
  return { dir, files };
}

/**
 * The lines printed after a scaffold: what was written and what to do next. Each command names
 * the dealers folder when it is not the one the commands default to, so every line runs as printed.
 */
export function nextSteps({ slug, dir, files, dealersDir = DEFAULT_DEALERS_DIR }: Scaffolded & { slug: string; dealersDir?: string }): string {
  const dealers = path.normalize(dealersDir) === DEFAULT_DEALERS_DIR ? '' : ` --dealers ${dealersDir}`;
  return [
    `Created ${files.join(' and ')} (and ${path.join(dir, 'assets')}/ for the logo and images).`,
    '',
    'Next steps:',
    `  1. Edit ${files[0]}: name, dealer_id, url, contact details and locations (every field is commented).`,
    `  2. Check it:         npx forecourt validate ${dir}`,
    `  3. Add stock:        a JSON array of cars in ${files[1]} (a demo feed: npm run stock -- --dealer ${slug}${dealers} --count 50 --out ${files[1]})`,
    `  4. Build and look:   npx forecourt dev ${slug}${dealers}   (serves the site, rebuilds and reloads it on every save)`,
    `  5. Publish:          npx forecourt generate ${slug}${dealers}   (out/${slug}/ is the deployable folder)`,
  ].join('\n');
}

/** Registers `forecourt new`. */
export function registerNew(program: Command): void {
  const command = program
    .command('new')
    .description('Scaffold a dealer: a commented dealers/<slug>/dealer.yaml and an empty stock.json that validate and build at once')
    .argument('<slug>', 'the new dealer slug (lower-case words joined by hyphens; the folder name)')
    .addOption(new Option('--template <name>', 'franchise, used or group (templates/<name>.yaml)').default('franchise'))
    .addOption(new Option('--region <code>', 'a region of templates/scaffold/regions.yaml (default: its first, AU)'))
    .option('--name <name>', 'the dealer display name (default: from the slug)')
    .option('--dealers <dir>', 'folder of dealer records', DEFAULT_DEALERS_DIR)
    .action(async (slug: string, options: { template: string; region?: string; name?: string; dealers: string }) => {
      try {
        const done = await scaffoldDealer({ slug, template: options.template, region: options.region, name: options.name, dealersDir: options.dealers });
        process.stdout.write(`${nextSteps({ slug, ...done, dealersDir: options.dealers })}\n`);
      } catch (error) {
        process.stderr.write(`forecourt new: ${(error as Error).message}\n`);
        process.exitCode = error instanceof NewDealerError ? 2 : 1;
      }
    });
  documentEnvironment(command, []);
}
