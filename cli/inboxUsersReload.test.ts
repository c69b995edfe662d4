/**
 * The users file followed by a running `serve --admin`: a user added by `forecourt admin
 * add-user` signs in at once (the file's change is seen), a user removed by `admin remove-user`
 * loses their session on the next reload (SIGHUP) and their stored sessions are gone, a new
 * password ends the old sessions, and a broken file keeps the last good users.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeAdminUser } from '../server/admin/adminUsers.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { addAdminUser } from './admin.ts';
import { adminAccountsFromEnv } from './adminAccounts.ts';
import { type RunningServe, startServe } from './serve.ts';

const ALICE_PASSWORD = 'alice keeps the used yard books';
const BOB_PASSWORD = 'bob sells the demonstrators';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('serve --admin follows its users file', () => {
  let root: string;
  let usersFile: string;
  let running: RunningServe;
  let base: string;
  const warnings: string[] = [];
  let addresses = 0;
  // Each sign-in from its own loopback address: five a minute per address is the limit.
  const signIn = (user: string, password: string) =>
    new Promise<{ status: number; cookie: string }>((resolve, reject) => {
      const outgoing = request(`${base}admin/login`, { method: 'POST', headers: FORM, localAddress: `127.0.3.${++addresses}` }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, cookie: String(answer.headers['set-cookie']).split(';')[0] }));
      });
      outgoing.on('error', reject);
      outgoing.end(new URLSearchParams({ user, password }).toString());
    });
  const inboxStatus = async (cookie: string) => (await fetch(`${base}admin/`, { headers: { cookie }, redirect: 'manual' })).status;
  const storedSessions = async (user: string) =>
    (await running.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_sessions WHERE user_name = $1', [user])).rows[0].n;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'forecourt-users-reload-'));
    usersFile = path.join(root, 'users.yaml');
    await seedPgliteDataDir({ dataDir: path.join(root, 'state', 'db') });
    await addAdminUser({ file: usersFile, user: 'alice', dealers: ['test-motors'], password: ALICE_PASSWORD });
    running = await startServe({
      slugs: ['test-motors'],
      outDir: path.resolve('fixtures/server/sites'),
      port: 0,
      stateDir: path.join(root, 'state'),
      warn: (message) => warnings.push(message),
      admin: await adminAccountsFromEnv({ env: { FORECOURT_ADMIN_USERS_FILE: usersFile } }),
    });
    base = running.sites[0].url;
  }, 120_000);
  afterAll(async () => {
    await running?.close().catch(() => {});
    await rm(root, { recursive: true, force: true });
  });

  it('lets a user added while serve runs sign in without a restart', async () => {
    expect((await signIn('bob', BOB_PASSWORD)).status).toBe(401);
    await addAdminUser({ file: usersFile, user: 'bob', dealers: ['test-motors'], password: BOB_PASSWORD });
    await expect.poll(async () => (await signIn('bob', BOB_PASSWORD)).status, { timeout: 10_000, interval: 200 }).toBe(303);
    expect(warnings).toContain(`inbox users read again from ${usersFile}; added bob`);
  });

  it("ends a removed user's sessions on reload (SIGHUP), and a replaced password's", async () => {
    const alice = (await signIn('alice', ALICE_PASSWORD)).cookie;
    const bob = (await signIn('bob', BOB_PASSWORD)).cookie;
    expect([await inboxStatus(alice), await inboxStatus(bob)]).toEqual([200, 200]);
    expect(await removeAdminUser({ file: usersFile, user: 'alice' })).toBe(true);
    await addAdminUser({ file: usersFile, user: 'bob', dealers: ['test-motors'], password: `${BOB_PASSWORD} again` });
    await running.reload();
    expect([await inboxStatus(alice), await inboxStatus(bob)]).toEqual([303, 303]);
    expect([await storedSessions('alice'), await storedSessions('bob')]).toEqual([0, 0]);
    // Re-adding alice does not bring her old session back.
    await addAdminUser({ file: usersFile, user: 'alice', dealers: ['test-motors'], password: ALICE_PASSWORD });
    await running.reload();
    expect(await inboxStatus(alice)).toBe(303);
    expect((await signIn('alice', ALICE_PASSWORD)).status).toBe(303);
  });

  it('keeps the last good users when the file does not load, and says why', async () => {
    await writeFile(usersFile, '- user: carol\n  dealers: [test-motors]\n  password_hash: plain-text\n');
    await running.reload();
    expect(warnings.at(-1)).toMatch(/entry 1: password_hash must be an scrypt hash.*; the inbox keeps its last users$/);
    expect((await signIn('alice', ALICE_PASSWORD)).status).toBe(303);
  });
});
