import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT } from './environment.ts';
import { buildProgram, commandsFor } from './program.ts';

const run = promisify(execFile);
const BIN = path.resolve('bin/forecourt.mjs');
let dataDir: string;

/** Runs the real CLI as a process; never throws for a non-zero exit. */
async function forecourt(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, FORECOURT_DATA_DIR: dataDir } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'forecourt-conventions-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('CLI conventions', () => {
  it('--version prints the package version', async () => {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    expect(await forecourt('--version')).toMatchObject({ code: 0, stdout: `${version}\n` });
  }, 120_000);

  it('loads only the command being run; help and unknown commands load every one', async () => {
    expect(commandsFor({ args: ['validate', 'dealers/some-dealer', '--strict'] })).toEqual(['validate']);
    expect(commandsFor({ args: ['generate', '--full'] })).toEqual(['generate']);
    expect(commandsFor({ args: ['--version'] })).toEqual([]);
    expect(commandsFor({ args: ['-V'] })).toEqual([]);
    const every = (await buildProgram()).commands.map((command) => command.name());
    for (const args of [[], ['--help'], ['help', 'generate'], ['genrate'], ['--version', 'genrate'], ['toString'], ['-h', 'validate']])
      expect(commandsFor({ args })).toEqual(every);
    expect((await buildProgram({ args: ['serve', '--port', '0'] })).commands.map((command) => command.name())).toEqual(['serve']);
  });

  it("every command's --help ends with the environment variables it reads", async () => {
    const commands = (await buildProgram()).commands;
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const named = new Set<string>();
    for (const command of commands) {
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      command.outputHelp();
      expect(help, command.name()).toMatch(/\nEnvironment variables:/);
      for (const name of Object.keys(ENVIRONMENT)) if (new RegExp(`^  ${name} `, 'm').test(help)) named.add(name);
    }
    // Each declared variable is read by some command, and said so.
    expect([...named].sort()).toEqual(Object.keys(ENVIRONMENT).sort());
  });

  // A known dealer without leads (exit 0) is covered in serve.test.ts through printLeads.
  it('leads of an unknown dealer exits 1 and says so', async () => {
    const unknown = await forecourt('leads', 'no-such-dealer');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown dealer "no-such-dealer"');
  }, 180_000);
});
