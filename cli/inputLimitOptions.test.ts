import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_INPUT_LIMITS } from '../renderer/inputLimits.ts';
import { addInputLimitOptions, inputLimitsOf } from './inputLimitOptions.ts';

/** The limits a fresh command parses from `args` (and the environment). */
function limitsFrom(args: string[]) {
  const command = addInputLimitOptions(new Command('x').exitOverride().configureOutput({ writeErr: () => {} }));
  command.parse(args, { from: 'user' });
  return inputLimitsOf(command.opts());
}

afterEach(() => {
  delete process.env.FORECOURT_MAX_FEED_BYTES;
  delete process.env.FORECOURT_MAX_CARS;
});

describe('input limit flags', () => {
  it('default to DEFAULT_INPUT_LIMITS', () => {
    expect(limitsFrom([])).toEqual(DEFAULT_INPUT_LIMITS);
  });

  it('are raised by their environment variable, and a flag beats its variable', () => {
    process.env.FORECOURT_MAX_FEED_BYTES = '300000000';
    process.env.FORECOURT_MAX_CARS = '50000';
    expect(limitsFrom(['--max-cars', '60000', '--max-record-bytes', '2097152', '--max-yaml-aliases', '500'])).toEqual({
      feedBytes: 300_000_000,
      cars: 60_000,
      recordBytes: 2_097_152,
      yamlAliases: 500,
    });
  });

  it.each(['0', '-1', '1.5', 'lots', '1e9'])('refuse %s', (value) => {
    expect(() => limitsFrom(['--max-cars', value])).toThrow(/must be a whole number above 0/);
  });
});
