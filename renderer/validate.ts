/**
 * validate stage: parsed record / stock feed -> typed values, or diagnostics that say what is
 * wrong, where (file:line:col + JSON pointer) and what to do.
 *
 * Ajv's raw errors are put into words by schema/errorWords.ts (regexes become words through the
 * schema's `x-message`/`x-hint`, anyOf cascades collapse into one message, an unknown key gets a
 * 'did you mean'); here they are placed in the file, and the checks a schema cannot express
 * (duplicate slugs and ids, postcode length by region, unknown template) run after the schema.
 */
import type { DealerRecord } from '../domain/site.ts';
import { isSafeUrl } from '../domain/safeUrl.ts';
import { brandPath, carPath, contactLocationPath, infoPath, locationPath, makeSearchPath, modelPath, normalisePath } from '../domain/routes/paths.ts';
import { overlongPathSegment } from '../domain/routes/pathSegments.ts';
import { isSold } from '../domain/visibility.ts';
import type { CarRecord } from '../domain/types.ts';
import { isRegion, regionSettings } from '../domain/region.ts';
import { DEFAULT_REGION, REGION_TABLE } from '../domain/regionTable.ts';
import { schemaValidators } from '../schema/index.ts';
import { closestMatch } from '../schema/closestMatch.ts';
import { valuationLinkPointers } from '../domain/valuationLinks.ts';
import { describeValue, problemsFromAjv, type SchemaProblem } from '../schema/errorWords.ts';
import { compareDiagnostics, type Diagnostic, type Severity } from './diagnostic.ts';
import { DEFAULT_INPUT_LIMITS, limitName, raiseHint } from './inputLimits.ts';
import { pointerSegments, type ParsedDocument } from './parse.ts';
import { longestOutName } from './swap.ts';
import { carTrustProblems, recordTrustProblems, type OperatorEnv } from './recordTrust.ts';

/** A schema problem in words, before it is placed in a file (the record-trust checks make them too). */
export type Problem = SchemaProblem;

/** The record schemas' validators, with the safe-URL rule of domain/safeUrl.ts (compiled on first use). */
export const recordValidators = schemaValidators({ formats: { 'safe-url': isSafeUrl } });

/** Places problems in the parsed file as diagnostics. */
function place({
  parsed,
  problems,
  severity,
  prefix = '',
  messagePrefix = '',
}: {
  parsed: ParsedDocument;
  problems: readonly Problem[];
  severity: Severity;
  prefix?: string;
  messagePrefix?: string;
}): Diagnostic[] {
  return problems.map((p) => {
    const pointer = prefix + p.pointer;
    const at = parsed.locate({ pointer, target: p.target });
    const message = messagePrefix ? `${messagePrefix}${p.pointer || '/'} ${p.message}` : p.message;
    return { file: parsed.file, ...at, pointer, message, hint: p.hint, severity, code: p.code };
  });
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Reports later entries of `items` whose `field` repeats an earlier one. */
function duplicates({ items, base, field, what, hint }: { items: unknown[]; base: string; field: string; what: string; hint: string }): Problem[] {
  const first = new Map<unknown, number>();
  const problems: Problem[] = [];
  items.forEach((item, index) => {
    if (!isObject(item) || item[field] === undefined || item[field] === null) return;
    const value = item[field];
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, index);
    else
      problems.push({
        pointer: `${base}/${index}/${field}`,
        code: 'duplicate',
        target: 'value',
        message: `duplicate ${what} ${JSON.stringify(value)} (also ${base}/${earlier}/${field})`,
        hint,
      });
  });
  return problems;
}

/** The postcode rule the schema cannot express: the record's region's (domain/regionTable.ts). */
function postcodeProblem({ pointer, postcode, region }: { pointer: string; postcode: unknown; region: string }): Problem[] {
  if (typeof postcode !== 'string' || !/^[0-9]{4}([0-9](-[0-9]{4})?)?$/.test(postcode)) return []; // the schema already said so
  const code = isRegion(region) ? region : DEFAULT_REGION;
  const rule = regionSettings(code).postcode;
  if (new RegExp(rule.pattern).test(postcode)) return [];
  const others = Object.values(REGION_TABLE).filter((row) => row.postcode.pattern !== rule.pattern && new RegExp(row.postcode.pattern).test(postcode));
  const instead = others.length ? `; for a ${others[0].postcode.label} set region: ${others[0].region}` : '';
  return [
    {
      pointer,
      code: 'postcode',
      target: 'value',
      message: rule.record_message,
      hint: `${code} records (region: ${code}) use a ${rule.label} like "${rule.example}"${instead}.`,
    },
  ];
}

/** A value that becomes a path segment too long for a file name (domain/routes/pathSegments.ts). */
function pathSegmentProblem({ pointer, path }: { pointer: string; path: string }): Problem[] {
  const long = overlongPathSegment(path);
  if (!long) return [];
  const shown = long.segment.length > 40 ? `${long.segment.slice(0, 37)}...` : long.segment;
  return [
    {
      pointer,
      code: 'path-too-long',
      target: 'value',
      message: `becomes the path segment "${shown}" of ${long.bytes} bytes; a file name holds at most ${long.max}`,
      hint: `Shorten it to at most ${long.max} bytes: each part of a page's path is a folder name in the built site.`,
    },
  ];
}

/** The record's values that become path segments of its pages (or of its output folder), each checked through its path builder. */
function recordPathProblems(value: Json): Problem[] {
  const text = (v: unknown): v is string => typeof v === 'string';
  const checks: { pointer: string; path: string }[] = [];
  if (text(value.slug)) checks.push({ pointer: '/slug', path: longestOutName({ slug: value.slug }) });
  list(value.models).forEach((model, i) => {
    if (isObject(model) && text(model.slug)) checks.push({ pointer: `/models/${i}/slug`, path: modelPath({ slug: model.slug }) });
  });
  list(value.locations).forEach((location, i) => {
    if (!isObject(location)) return;
    if (text(location.name)) checks.push({ pointer: `/locations/${i}/name`, path: contactLocationPath({ location: { name: location.name } }) });
    for (const field of ['slug', 'dealership_slug'] as const) {
      const slug = location[field];
      if (text(slug))
        checks.push({ pointer: `/locations/${i}/${field}`, path: locationPath({ paths: { location_by: field }, location: { slug, dealership_slug: slug } }) });
    }
  });
  list(value.pages).forEach((page, i) => {
    if (isObject(page) && text(page.path)) checks.push({ pointer: `/pages/${i}/path`, path: infoPath({ page: { path: page.path } }) });
  });
  const paths = isObject(value.paths) ? value.paths : {};
  for (const field of ['favourites', 'finance', 'contact'] as const) {
    const path = paths[field];
    if (text(path)) checks.push({ pointer: `/paths/${field}`, path: normalisePath(path) });
  }
  list(paths.extra_search_paths).forEach((path, i) => {
    if (text(path)) checks.push({ pointer: `/paths/extra_search_paths/${i}`, path: normalisePath(path) });
  });
  if (text(value.default_search_path)) checks.push({ pointer: '/default_search_path', path: normalisePath(value.default_search_path) });
  list(value.dealership_websites).forEach((website, i) => {
    if (isObject(website) && text(website.make)) checks.push({ pointer: `/dealership_websites/${i}/make`, path: brandPath({ make: website.make }) });
  });
  return checks.flatMap(pathSegmentProblem);
}

/** A stock row's values that become path segments: its slug (/cars/{slug}), make and model (/search/{make}/{model}, /brands/{make}). */
function carPathProblems(car: CarRecord): Problem[] {
  return [
    ...pathSegmentProblem({ pointer: '/slug', path: carPath({ slug: car.slug }) }),
    ...pathSegmentProblem({ pointer: '/make', path: brandPath({ make: car.make }) }),
    ...(car.model ? pathSegmentProblem({ pointer: '/model', path: makeSearchPath({ make: 'make', model: car.model }) }) : []),
  ];
}

/** Checks a schema cannot express. Runs on whatever parsed, so it must tolerate any shape. */
export function crossFieldProblems({ value, templates }: { value: unknown; templates?: readonly string[] }): Problem[] {
  if (!isObject(value)) return [];
  const problems: Problem[] = [];
  const region = typeof value.region === 'string' ? value.region : DEFAULT_REGION;
  const locations = list(value.locations);

  if (isObject(value.address)) problems.push(...postcodeProblem({ pointer: '/address/postcode', postcode: value.address.postcode, region }));
  locations.forEach((location, i) => {
    if (isObject(location) && isObject(location.address))
      problems.push(...postcodeProblem({ pointer: `/locations/${i}/address/postcode`, postcode: location.address.postcode, region }));
  });

  problems.push(
    ...duplicates({
      items: locations,
      base: '/locations',
      field: 'slug',
      what: 'location slug',
      hint: 'Each location needs its own slug: it is its /locations/{slug} URL.',
    }),
  );
  problems.push(...duplicates({ items: locations, base: '/locations', field: 'id', what: 'location id', hint: 'Each location needs its own id.' }));
  problems.push(
    ...duplicates({
      items: list(value.models),
      base: '/models',
      field: 'slug',
      what: 'model slug',
      hint: 'Each model needs its own slug: it is its /models/{slug} URL.',
    }),
  );
  problems.push(...duplicates({ items: list(value.pages), base: '/pages', field: 'path', what: 'page path', hint: 'Two pages cannot share one URL.' }));
  problems.push(
    ...duplicates({
      items: list(value.dealership_websites),
      base: '/dealership_websites',
      field: 'slug',
      what: 'dealership website slug',
      hint: 'List each dealership website once.',
    }),
  );

  // Sibling navigation items need distinct _key values (they key menus and their state).
  const navKeys = (items: unknown, base: string): void => {
    problems.push(...duplicates({ items: list(items), base, field: '_key', what: 'navigation _key', hint: 'Give each item of one menu its own _key.' }));
    list(items).forEach((item, i) => {
      if (!isObject(item)) return;
      navKeys(item.dropdownItems, `${base}/${i}/dropdownItems`);
      list(item.dropdownMenus).forEach((menu, m) => isObject(menu) && navKeys(menu.items, `${base}/${i}/dropdownMenus/${m}/items`));
    });
  };
  if (isObject(value.navigation)) {
    navKeys(value.navigation.header, '/navigation/header');
    navKeys(value.navigation.footer, '/navigation/footer');
  }

  if (templates && typeof value.template === 'string' && value.template !== '' && !templates.includes(value.template)) {
    const suggestion = closestMatch({ word: value.template, candidates: templates });
    problems.push({
      pointer: '/template',
      code: 'unknown-template',
      target: 'value',
      message: `unknown template ${JSON.stringify(value.template)}`,
      hint: suggestion ? `did you mean "${suggestion}"?` : `Use one of: ${templates.join(', ')} (files in templates/).`,
    });
  }

  problems.push(...recordPathProblems(value));

  const configLocations = isObject(value.config) ? list(value.config.locations) : [];
  const locationIds = new Set(locations.filter(isObject).map((l) => l.id));
  configLocations.forEach((id, i) => {
    if (typeof id === 'number' && !locationIds.has(id))
      problems.push({
        pointer: `/config/locations/${i}`,
        code: 'unknown-location',
        target: 'value',
        message: `location id ${id} is not one of /locations`,
        hint: 'List only ids of locations defined under locations:.',
      });
  });
  return problems;
}

/** The record's own links to pages it does not build: left out of the site (renderer/resolve.ts), named here so the author knows. */
function unbuiltLinkProblems({ value }: { value: unknown }): Problem[] {
  if (!isObject(value) || value.valuation !== 'off') return [];
  return valuationLinkPointers({ value }).map((pointer) => ({
    pointer,
    code: 'unbuilt-link',
    target: 'value',
    message: 'links to a valuation page, which valuation: off does not build: the link is left out of the site',
    hint: 'Remove the link, or set valuation: lead to build the valuation pages.',
  }));
}

/** Result of validating a dealer record. */
export interface RecordValidation {
  /** The record when it has no errors, else null. */
  record: DealerRecord | null;
  diagnostics: Diagnostic[];
}

/**
 * Validates a parsed dealer record: syntax diagnostics, then the schema, then cross-field checks.
 * Diagnostics come back in file order.
 * `templates` (the names of templates/*.yaml) enables the unknown-template check; `env` is the
 * operator's (renderer/recordTrust.ts).
 */
export function validateRecord({
  parsed,
  templates,
  env = process.env,
}: {
  parsed: ParsedDocument;
  templates?: readonly string[];
  env?: OperatorEnv;
}): RecordValidation {
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (!parsed.ok) return { record: null, diagnostics };
  const validate = recordValidators.dealerRecord();
  const valid = validate(parsed.value);
  const problems = [...(valid ? [] : problemsFromAjv(validate.errors ?? [])), ...crossFieldProblems({ value: parsed.value, templates })];
  problems.push(...recordTrustProblems({ value: parsed.value, env }));
  diagnostics.push(...place({ parsed, problems, severity: 'error' }));
  diagnostics.push(...place({ parsed, problems: unbuiltLinkProblems({ value: parsed.value }), severity: 'warning' }));
  diagnostics.sort(compareDiagnostics);
  const failed = diagnostics.some((d) => d.severity === 'error');
  return { record: failed ? null : (parsed.value as DealerRecord), diagnostics };
}

/** Removes the value at `pointer` from `root` (used to drop unknown fields from kept rows). */
function removeAt(root: unknown, segments: string[]): void {
  let node = root;
  for (const seg of segments.slice(0, -1)) node = isObject(node) || Array.isArray(node) ? (node as Json)[seg] : undefined;
  if (isObject(node)) delete node[segments[segments.length - 1]];
}

/** Result of validating a stock feed. */
export interface StockValidation {
  /** Rows that passed (unknown fields removed), in feed order. */
  cars: CarRecord[];
  /** One warning per problem of a skipped or trimmed row; an error when the feed itself is unusable. */
  diagnostics: Diagnostic[];
  /** Number of rows skipped. */
  skipped: number;
}

/**
 * Validates a parsed stock feed row by row: a bad car is skipped with warnings naming its index
 * and id ("/37 car id 9123: /price must be number"); a row whose only problem is an unknown field
 * is kept without that field. Duplicate ids and slugs keep the first row.
 */
export function validateStock({
  parsed,
  severity = 'warning',
  maxCars = DEFAULT_INPUT_LIMITS.cars,
}: {
  parsed: ParsedDocument;
  severity?: Severity;
  /** More rows than this refuse the whole feed (before any row is checked). */
  maxCars?: number;
}): StockValidation {
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (!parsed.ok) return { cars: [], diagnostics, skipped: 0 };
  if (!Array.isArray(parsed.value)) {
    const at = parsed.locate({ pointer: '' });
    diagnostics.push({
      file: parsed.file,
      ...at,
      pointer: '',
      severity: 'error',
      code: 'type',
      message: `must be a list of cars, found ${describeValue(parsed.value)}`,
      hint: 'A stock feed is a JSON array: [ {car}, {car}, ... ].',
    });
    return { cars: [], diagnostics, skipped: 0 };
  }
  if (parsed.value.length > maxCars) {
    const pointer = `/${maxCars}`;
    diagnostics.push({
      file: parsed.file,
      ...parsed.locate({ pointer }),
      pointer,
      severity: 'error',
      code: 'too-many-cars',
      message: `lists ${parsed.value.length} cars, over ${limitName('cars', maxCars)}; this is the first car past it`,
      hint: raiseHint('cars'),
    });
    return { cars: [], diagnostics, skipped: 0 };
  }
  const validate = recordValidators.car();
  const cars: CarRecord[] = [];
  const seenIds = new Map<unknown, number>();
  const seenSlugs = new Map<unknown, number>();
  let skipped = 0;
  /** Problems when a row repeats an earlier row's id or slug (the earlier row wins). */
  const duplicateProblems = (car: CarRecord): Problem[] =>
    (
      [
        ['id', seenIds],
        ['slug', seenSlugs],
      ] as const
    ).flatMap(([field, seen]) => {
      const earlier = seen.get(car[field]);
      return earlier === undefined
        ? []
        : [
            {
              pointer: `/${field}`,
              code: 'duplicate',
              target: 'value' as const,
              message: `duplicates the ${field} of row /${earlier}; row skipped`,
              hint: `Each car needs its own ${field}.`,
            },
          ];
    });
  parsed.value.forEach((row: unknown, index) => {
    const label = isObject(row) && (typeof row.id === 'number' || typeof row.id === 'string') ? `car id ${row.id}: ` : `car ${index}: `;
    const prefix = `/${index}`;
    const report = (problems: Problem[]): void => void diagnostics.push(...place({ parsed, problems, severity, prefix, messagePrefix: label }));
    const keep = (car: CarRecord): void => {
      const own = [...carPathProblems(car), ...carTrustProblems({ car })];
      const dup = [...duplicateProblems(car), ...own.map((p) => ({ ...p, hint: `${p.hint} This car is skipped until fixed.` }))];
      if (dup.length) {
        skipped++;
        report(dup);
        return;
      }
      seenIds.set(car.id, index);
      seenSlugs.set(car.slug, index);
      cars.push(car);
      if (isSold(car) && !car.sold_date)
        diagnostics.push(
          ...place({
            parsed,
            problems: [
              {
                pointer: car.sold === true ? '/sold' : '/status',
                code: 'sold-without-date',
                target: 'value',
                message: 'is sold but has no sold_date; the car is hidden because its sold window cannot be counted',
                hint: 'Add sold_date (the ISO date it was sold): the include_sold_cars_days window counts from it.',
              },
            ],
            severity: 'warning',
            prefix,
            messagePrefix: label,
          }),
        );
    };
    if (validate(row)) return keep(row);
    const problems = problemsFromAjv(validate.errors ?? []);
    if (isObject(row) && problems.every((p) => p.code === 'unknown-field')) {
      const trimmed = structuredClone(row);
      for (const p of problems) removeAt(trimmed, pointerSegments(p.pointer));
      if (validate(trimmed)) {
        report(problems.map((p) => ({ ...p, message: `${p.message} (ignored)` })));
        return keep(trimmed);
      }
    }
    skipped++;
    report(problems.map((p) => ({ ...p, hint: `${p.hint ?? ''} This car is skipped until fixed.`.trim() })));
  });
  return { cars, diagnostics, skipped };
}
