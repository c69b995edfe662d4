/**
 * deploy/systemd/forecourt.service as written: systemd's own checker finds nothing wrong in it
 * (where systemd-analyze is installed), its ExecStart names only options `forecourt serve`
 * has, and reload sends the SIGHUP serve reads its sites' settings and inbox users again on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = path.resolve('deploy/systemd/forecourt.service');
const ANALYZE = '/usr/bin/systemd-analyze';
const unit = readFileSync(UNIT, 'utf8');
const setting = (name: string) => unit.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1];

describe('deploy/systemd/forecourt.service', () => {
  it.skipIf(!existsSync(ANALYZE))('passes systemd-analyze verify without a complaint about the unit', () => {
    const result = spawnSync(ANALYZE, ['verify', UNIT], { encoding: 'utf8', timeout: 30_000 });
    const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('forecourt.service'));
    expect(complaints).toEqual([]);
  });

  it('starts serve with options serve has, and reloads it with SIGHUP', () => {
    const start = setting('ExecStart')!;
    expect(start).toMatch(/^\/usr\/bin\/node bin\/forecourt\.mjs serve /);
    const help = execFileSync(process.execPath, ['bin/forecourt.mjs', 'serve', '--help'], { encoding: 'utf8' });
    const options = start.match(/--[a-z-]+/g)!;
    expect(options).toEqual(expect.arrayContaining(['--all', '--shared-port', '--trust-proxy']));
    for (const option of options) expect(help, option).toMatch(new RegExp(`(^|[\\s,])${option}[\\s<]`, 'm'));
    expect(setting('ExecReload')).toBe('/bin/kill -HUP $MAINPID');
  });
});
