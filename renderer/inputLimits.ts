/**
 * The bounds on what `validate` and `generate` read: a record or feed past one of them is refused
 * before it is parsed whole, with an error that names the limit and how to raise it, so no input
 * can make a build run for minutes or take gigabytes (an oversized feed, a YAML alias bomb).
 */

/** The limits of one run; each can be raised with its CLI flag or environment variable. */
export interface InputLimits {
  /** Bytes of a dealer.yaml. */
  recordBytes: number;
  /** Bytes of a stock.json. */
  feedBytes: number;
  /** Cars (rows) of one stock feed. */
  cars: number;
  /** Aliases of one anchor in a YAML record; an alias of a value holding aliases counts once per copy it makes (the yaml library's maxAliasCount). */
  yamlAliases: number;
}

/** What each limit is called, its flag and its variable (one place for the help, the errors and the README). */
export const INPUT_LIMITS: Record<keyof InputLimits, { what: string; flag: string; env: string; unit: 'bytes' | 'count'; default: number }> = {
  recordBytes: { what: 'dealer record size', flag: '--max-record-bytes', env: 'FORECOURT_MAX_RECORD_BYTES', unit: 'bytes', default: 1024 * 1024 },
  feedBytes: { what: 'stock feed size', flag: '--max-feed-bytes', env: 'FORECOURT_MAX_FEED_BYTES', unit: 'bytes', default: 64 * 1024 * 1024 },
  cars: { what: 'cars per stock feed', flag: '--max-cars', env: 'FORECOURT_MAX_CARS', unit: 'count', default: 20_000 },
  // The yaml library's own default; a record uses a handful of aliases.
  yamlAliases: { what: 'YAML alias expansions', flag: '--max-yaml-aliases', env: 'FORECOURT_MAX_YAML_ALIASES', unit: 'count', default: 100 },
};

/** The limits when no flag or variable raises them. */
export const DEFAULT_INPUT_LIMITS: InputLimits = {
  recordBytes: INPUT_LIMITS.recordBytes.default,
  feedBytes: INPUT_LIMITS.feedBytes.default,
  cars: INPUT_LIMITS.cars.default,
  yamlAliases: INPUT_LIMITS.yamlAliases.default,
};

/**
 * Nesting levels of a record or feed (mappings and lists inside each other). Not configurable: a
 * record nests about 6 deep and a feed row 3, while a few hundred levels already overflow the
 * call stack of the YAML composer and of JSON.stringify.
 */
export const MAX_NESTING_DEPTH = 64;

/** '64 MiB', '1 MiB', '512 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/** The limit named as the error says it, e.g. 'the stock feed size limit of 64 MiB (FORECOURT_MAX_FEED_BYTES)'. */
export function limitName(key: keyof InputLimits, value: number): string {
  const { what, env, unit } = INPUT_LIMITS[key];
  return `the ${what} limit of ${unit === 'bytes' ? formatBytes(value) : value} (${env})`;
}

/** How to raise a limit, for the error's hint. */
export function raiseHint(key: keyof InputLimits): string {
  const { flag, env } = INPUT_LIMITS[key];
  return `To allow more, raise the limit with ${flag} N or ${env}=N.`;
}
