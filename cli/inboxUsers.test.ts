/**
 * Inbox users of `serve --admin`: a user added by `forecourt admin add-user` signs in to their
 * dealer's inbox only (another dealer's inbox answers as to a wrong password), the
 * FORECOURT_ADMIN_PASSWORD account sees every dealer, each sign-in is audited under its user,
 * and a session survives a restart of serve on the same database.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../server/admin/auditLog.ts';
import { readAdminUsers } from '../server/admin/adminUsers.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { addAdminUser, builtDealerSlugs } from './admin.ts';
import { type RunningServe, startServe } from './serve.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
const ALICE_PASSWORD = 'alice keeps the used yard books';
const ADMIN_PASSWORD = 'operator preview passphrase';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('inbox users and sessions that outlive serve', () => {
  let root: string;
  let stateDir: string;
  let usersFile: string;
  let running: RunningServe | null = null;
  const start = async () =>
    startServe({
      slugs: ['test-motors', 'not-built-config'],
      outDir: FIXTURE_SITES,
      port: 0,
      stateDir,
      warn: () => {},
      admin: { user: 'admin', password: ADMIN_PASSWORD, users: await readAdminUsers({ file: usersFile }) },
    });
  const signIn = (base: string, user: string, password: string) =>
    fetch(`${base}admin/login`, { method: 'POST', headers: FORM, body: new URLSearchParams({ user, password }), redirect: 'manual' });
  const inbox = (base: string, cookie: string) => fetch(`${base}admin/`, { headers: { cookie }, redirect: 'manual' });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'forecourt-inbox-users-'));
    stateDir = path.join(root, 'state');
    usersFile = path.join(root, 'users.yaml');
    await seedPgliteDataDir({ dataDir: path.join(stateDir, 'db') });
  }, 120_000);
  afterAll(async () => {
    await running?.close().catch(() => {});
    await rm(root, { recursive: true, force: true });
  });

  it('add-user writes an owner-only file of scrypt hashes, and refuses a weak password or a bad slug', async () => {
    expect(await addAdminUser({ file: usersFile, user: 'alice', dealers: ['test-motors'], password: ALICE_PASSWORD })).toMatch(/^Added inbox user alice/);
    await expect(addAdminUser({ file: usersFile, user: 'bob', dealers: ['test-motors'], password: 'password1234' })).rejects.toThrow(/common passwords/);
    await expect(addAdminUser({ file: usersFile, user: 'bob', dealers: ['../etc'], password: ALICE_PASSWORD })).rejects.toThrow(/is not a dealer slug/);
    // A typo of a built site's slug is refused, naming the slugs it could be.
    const known = await builtDealerSlugs({ outDir: FIXTURE_SITES });
    expect(known).toContain('test-motors');
    await expect(addAdminUser({ file: usersFile, user: 'bob', dealers: ['test-motor'], password: ALICE_PASSWORD, known })).rejects.toThrow(
      /--dealer "test-motor" is not a website or dealership of the built sites \(.*test-motors.*\)/,
    );
    expect(await builtDealerSlugs({ outDir: path.join(root, 'nothing-built') })).toEqual([]);
    expect((await stat(usersFile)).mode & 0o777).toBe(0o600);
    const [alice, ...others] = await readAdminUsers({ file: usersFile });
    expect(others).toEqual([]);
    expect(alice).toMatchObject({ user: 'alice', dealers: ['test-motors'], password_hash: expect.stringMatching(/^scrypt\$16384\$8\$1\$/) });
    const broken = path.join(root, 'broken.yaml');
    await writeFile(broken, '- user: carol\n  dealers: [test-motors]\n  password_hash: plain-text\n');
    await expect(readAdminUsers({ file: broken })).rejects.toThrow(/entry 1: password_hash must be an scrypt hash/);
  });

  it("each user sees their dealers' inboxes only; every sign-in audited under its user", async () => {
    running = await start();
    const [own, other] = running.sites.map((site) => site.url);
    const alice = await signIn(own, 'alice', ALICE_PASSWORD);
    expect(alice.status).toBe(303);
    const cookie = String(alice.headers.get('set-cookie')).split(';')[0];
    expect((await inbox(own, cookie)).status).toBe(200);
    // Her session is no key to another dealer's inbox, nor is her password.
    expect((await inbox(other, cookie)).headers.get('location')).toBe('/admin/login');
    expect((await fetch(`${other}api/admin/records`, { headers: { cookie } })).status).toBe(401);
    expect((await signIn(other, 'alice', ALICE_PASSWORD)).status).toBe(401);
    expect((await signIn(own, 'alice', 'not alice keeps the books')).status).toBe(401);
    // The operator's account sees every dealer.
    expect((await signIn(other, 'admin', ADMIN_PASSWORD)).status).toBe(303);
    const trail = async (slug: string) => (await listAudit({ db: running!.db, websiteSlug: slug })).map((entry) => `${entry.actor} ${entry.action}`);
    expect(await trail('test-motors')).toEqual(['alice sign_in_failed', 'alice sign_in']);
    expect(await trail('not-built-config')).toEqual(['admin sign_in', 'alice sign_in_failed']);

    // A new serve on the same database: the session still opens the inbox, until signed out.
    await running.close();
    running = await start();
    const again = running.sites[0].url;
    const page = await inbox(again, cookie);
    expect(page.status).toBe(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
    const out = await fetch(`${again}admin/logout`, {
      method: 'POST',
      headers: { ...FORM, cookie },
      body: new URLSearchParams({ _csrf: csrf }),
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    expect((await inbox(again, cookie)).status).toBe(303);
    expect((await trail('test-motors'))[0]).toBe('alice sign_out');
  }, 180_000);
});
