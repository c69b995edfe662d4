/**
 * The users file as a running serve reads it again: a file caught while it is being saved (empty,
 * or gone for a moment) keeps the last good users and their sessions; a saved list, even an empty
 * one, is what it says.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminAuth, type AdminAuth } from './adminAuth.ts';
import { readAdminUsers, saveAdminUser } from './adminUsers.ts';
import { followAdminUsers, type AdminUsersFollower } from './adminUsersFollower.ts';
import { hashPassword } from './passwordHash.ts';

const PASSWORD = 'alice keeps the used yard books';

describe('followAdminUsers', () => {
  let root: string;
  let file: string;
  let auth: AdminAuth;
  let follower: AdminUsersFollower;
  let session: string | null;
  const warnings: string[] = [];

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'forecourt-follower-'));
    file = path.join(root, 'users.yaml');
    await saveAdminUser({ file, user: { user: 'alice', dealers: ['test-motors'], password_hash: await hashPassword({ password: PASSWORD }) } });
    auth = await createAdminAuth({ users: await readAdminUsers({ file }) });
    session = await auth.signIn({ user: 'alice', password: PASSWORD });
    warnings.length = 0;
    // Changes are read on reload() alone here: the folder's events would race the test's own reads.
    follower = followAdminUsers({ file, auth, warn: (message) => warnings.push(message), settleMs: 60_000 });
  });
  afterEach(async () => {
    follower.close();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps the last users and their sessions when the file is empty, as while an editor saves it', async () => {
    await writeFile(file, '');
    await follower.reload();
    expect(warnings).toEqual([`warning: The inbox users file ${file} is empty; the inbox keeps its last users`]);
    expect(await auth.session(session ?? undefined)).toMatchObject({ user: 'alice' });
    await writeFile(file, ' \n\n');
    await follower.reload();
    expect(warnings).toHaveLength(2);
    expect(await auth.signIn({ user: 'alice', password: PASSWORD })).not.toBeNull();
  });

  it('keeps the last users when the file is gone for a moment', async () => {
    await rm(file);
    await follower.reload();
    expect(warnings).toEqual([`warning: The inbox users file ${file} is missing; the inbox keeps its last users`]);
    expect(await auth.session(session ?? undefined)).toMatchObject({ user: 'alice' });
  });

  it('takes a saved empty list as no users: their sessions end', async () => {
    await writeFile(file, '[]\n');
    await follower.reload();
    expect(warnings).toEqual([`inbox users read again from ${file}; removed alice`]);
    expect(await auth.session(session ?? undefined)).toBeNull();
  });
});

describe('readAdminUsers outside serve', () => {
  it('reads a missing or empty file as no users (the first add-user starts from none)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'forecourt-users-'));
    try {
      const file = path.join(root, 'users.yaml');
      expect(await readAdminUsers({ file })).toEqual([]);
      await writeFile(file, '');
      expect(await readAdminUsers({ file })).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
