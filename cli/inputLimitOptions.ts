/**
 * The flags that raise the input limits of `validate`, `generate` and `dev` (renderer/inputLimits.ts),
 * each bound to its environment variable; a flag beats its variable.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_INPUT_LIMITS, INPUT_LIMITS, type InputLimits } from '../renderer/inputLimits.ts';

const KEYS = Object.keys(INPUT_LIMITS) as (keyof InputLimits)[];

/** Commander's camel-cased property of a limit's flag ('--max-feed-bytes' -> 'maxFeedBytes'). */
const property = (key: keyof InputLimits): string => INPUT_LIMITS[key].flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number above 0');
  return n;
}

/** Adds --max-record-bytes, --max-feed-bytes, --max-cars and --max-yaml-aliases to `command`. */
export function addInputLimitOptions(command: Command): Command {
  for (const key of KEYS) {
    const { flag, env, what } = INPUT_LIMITS[key];
    command.addOption(new Option(`${flag} <n>`, `${what} limit`).env(env).argParser(positiveInteger).default(DEFAULT_INPUT_LIMITS[key]));
  }
  return command;
}

/** The limits a command's parsed options set. */
export function inputLimitsOf(options: Record<string, unknown>): InputLimits {
  const limits = { ...DEFAULT_INPUT_LIMITS };
  for (const key of KEYS) {
    const value = options[property(key)];
    if (typeof value === 'number') limits[key] = value;
  }
  return limits;
}
