/**
 * How `forecourt leads` reaches a running `forecourt serve` that holds the embedded database:
 * serve writes `<state dir>/serve.json` (its pid, the URL of its first site and a fresh random
 * access token), readable by the owner only, like the database files beside it; `leads` sends
 * the token as a Bearer token to /api/admin/local. The token lives as long as that serve.
 *
 * A serve.json can outlive its serve (a SIGKILL) while its pid is reused and its port taken by
 * another program, so `leads` first makes the server prove it holds the token: it sends a fresh
 * nonce to /api/admin/local/challenge and checks the answer is {@link challengeProof} of it (an
 * HMAC under the token, which tells nothing about the token); only then does it send the token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file's name inside the state directory. */
export const LOCAL_ACCESS_FILE = 'serve.json';

/** What serve.json holds. */
export interface LocalAccess {
  pid: number;
  /** Base URL of a served site, ending in '/'. */
  url: string;
  token: string;
}

/** A fresh access token. */
export function newLocalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when `presented` is `token` (constant time). */
export function tokenMatches({ presented, token }: { presented: string; token: string }): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** A nonce of a challenge: base64url, 16 to 128 characters. */
export const CHALLENGE_NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/** A fresh nonce for a challenge. */
export function newChallengeNonce(): string {
  return randomBytes(32).toString('base64url');
}

/** The answer to a challenge: HMAC-SHA256 of the nonce under the access token, base64url. */
export function challengeProof({ token, nonce }: { token: string; nonce: string }): string {
  return createHmac('sha256', token).update(`forecourt-leads-challenge:${nonce}`).digest('base64url');
}

/** True when `proof` answers the challenge `nonce` for `token` (constant time). */
export function proofMatches({ proof, token, nonce }: { proof: unknown; token: string; nonce: string }): boolean {
  return typeof proof === 'string' && tokenMatches({ presented: proof, token: challengeProof({ token, nonce }) });
}

/** Writes serve.json (mode 0600); returns its removal. */
export async function writeLocalAccess({ stateDir, access }: { stateDir: string; access: LocalAccess }): Promise<() => Promise<void>> {
  const file = path.join(stateDir, LOCAL_ACCESS_FILE);
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify(access), { mode: 0o600, flag: 'wx' });
  return () => rm(file, { force: true });
}

/** The access of a running serve of `stateDir`, or null when none runs (no file, or its process is gone). */
export async function readLocalAccess({ stateDir }: { stateDir: string }): Promise<LocalAccess | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(stateDir, LOCAL_ACCESS_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw new Error(`Could not read ${path.join(stateDir, LOCAL_ACCESS_FILE)}`, { cause: error });
  }
  const access = raw as Partial<LocalAccess>;
  if (typeof access.pid !== 'number' || typeof access.url !== 'string' || typeof access.token !== 'string') return null;
  return isAlive(access.pid) ? (access as LocalAccess) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
